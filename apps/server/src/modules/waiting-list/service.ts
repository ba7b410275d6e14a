import type { JoinWaitingListBody, WaitingListEntryView } from "@booking/contracts";
import { hasFreePlaces } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import {
  countLiveHolds,
  findOwnParticipantIds,
  findRegistrationTargets,
  listAvailabilityDates,
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
 * - The list is offered on FULL and CLOSED availabilities (§4); an OPEN one qualifies only when
 *   no OPEN date has a free place, counting registrations and live cart holds as the add does
 *   (an availability without dates: its own capacity). Otherwise 409 WAITING_LIST_NOT_NEEDED:
 *   the customer can register directly.
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

  if (availability.status === "OPEN" && (await hasFreePlace(context, availability))) {
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

/** Whether an OPEN date (or the availability itself, without dates) still has a free place. */
async function hasFreePlace(
  context: ServiceContext,
  availability: { id: number; capacity: number | null; registered: number },
): Promise<boolean> {
  const { db, organiser } = context;
  const dates = await listAvailabilityDates(db, organiser.id, [availability.id]);
  if (dates.length === 0) return hasFreePlaces(availability);
  const open = dates.filter((date) => date.status === "OPEN");
  const holds = await countLiveHolds(
    db,
    organiser.id,
    open.map((date) => date.id),
    new Date(),
  );
  return open.some((date) =>
    hasFreePlaces({
      capacity: date.capacity,
      registered: date.registered + (holds.get(date.id) ?? 0),
    }),
  );
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
