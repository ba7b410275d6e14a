import type { JoinWaitingListBody, WaitingListEntryView } from "@booking/contracts";
import { AppError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { availabilityBookingState, bookingDate } from "../carts/booking-checks.ts";
import {
  findOwnParticipantIds,
  findRegistrationTargets,
  listDatesWithHolds,
} from "../carts/queries.ts";
import { findEntry, insertEntry, positionOf, type WaitingListEntryRow } from "./queries.ts";

/**
 * POST /api/registrations/waiting-list (storefront.md §7): puts one of the customer's own
 * participants (else 404 PARTICIPANT_NOT_FOUND) on the waiting list of an availability of this
 * organiser, of a published activity (else 404 AVAILABILITY_NOT_FOUND).
 *
 * - Already on the list → 409 WAITING_LIST_ALREADY_JOINED, whatever the availability became
 *   (also for the loser of two concurrent joins of the same participant): the storefront tells
 *   the customer so instead of confirming a second time.
 * - The list is offered where the page offers it: whenever the one booking state
 *   (docs/decisions/0030-one-booking-state.md) says the availability cannot be booked now, with
 *   live cart holds counted as the add counts them. A date already started does not count as a
 *   free place (a weekly course's past sessions are not bookable). Otherwise 409
 *   WAITING_LIST_NOT_NEEDED: the customer can register directly.
 */
export async function joinWaitingList(
  context: ServiceContext,
  input: JoinWaitingListBody,
): Promise<WaitingListEntryView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const organiserId = organiser.id;

  const own = await findOwnParticipantIds(db, organiserId, customer.customerId, [
    input.participant_id,
  ]);
  if (!own.has(input.participant_id)) throw new AppError("PARTICIPANT_NOT_FOUND");
  const availability = (
    await findRegistrationTargets(db, organiserId, [input.availability_id])
  ).get(input.availability_id);
  if (!availability) throw new AppError("AVAILABILITY_NOT_FOUND");

  if (await findEntry(db, organiserId, availability.id, input.participant_id)) {
    throw new AppError("WAITING_LIST_ALREADY_JOINED");
  }

  const now = new Date();
  const dates = await listDatesWithHolds(
    db,
    organiserId,
    { ids: [], availabilityIds: [availability.id] },
    now,
  );
  if (availabilityBookingState(availability, dates.map(bookingDate), now).bookable) {
    throw new AppError("WAITING_LIST_NOT_NEEDED");
  }

  const entry = await insertEntry(db, {
    organiserId,
    availabilityId: availability.id,
    participantId: input.participant_id,
    customerId: customer.customerId,
  });
  if (!entry) throw new AppError("WAITING_LIST_ALREADY_JOINED");
  return entryView(entry, await positionOf(db, entry));
}

function entryView(entry: WaitingListEntryRow, position: number): WaitingListEntryView {
  return {
    cuid: entry.cuid,
    availability_id: entry.availabilityId,
    participant_id: entry.participantId,
    position,
    created_at: entry.createdAt.toISOString(),
  };
}
