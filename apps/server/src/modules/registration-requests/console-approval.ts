import {
  estimateRegistration,
  overriddenPlacePricing,
  type PlacePricing,
  shareApprovedTotal,
} from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  type DateWithHolds,
  holdPlaces,
  listDatesWithHolds,
  listLiveItemsWithDates,
  lockDates,
} from "../carts/queries.ts";
import { lockReferenceNumber } from "../checkout/queries.ts";
import { convertCart, lockAndPrice } from "../checkout/service.ts";
import {
  type ConsoleAvailability,
  requireAvailabilityById,
} from "../registrations/console-availability.ts";
import { asServiceContext, type CheckedPlace, checkPlace } from "../registrations/console-place.ts";
import { insertConsoleCart } from "../registrations/console-queries.ts";
import {
  type ConsoleRequestRow,
  decideRequest,
  findCartTotals,
  type RequestedAvailabilityRow,
} from "./console-queries.ts";

// Approving a request (docs/decisions/0061-registration-request-approval.md): its chosen
// sessions are registered as registering by hand does (docs/decisions/0024) — the storefront's
// capacity and date rules, a processed cart of its own converted by checkout (registrations,
// payment reference, `registration.created` and `cart.processed` events) — and the request
// becomes APPROVED pointing at that cart, all in the caller's transaction.

export type ApprovalSession = {
  availability: ConsoleAvailability;
  requested: RequestedAvailabilityRow;
  /** the dates it registers, in id order */
  dateIds: number[];
};

/**
 * The dates a requested session registers: those the customer chose, else every date of it not
 * started yet, else all of them (a started date is not selectable: the approval then says so).
 */
export function sessionDateIds(
  requested: RequestedAvailabilityRow,
  dates: readonly DateWithHolds[],
  now: Date,
): number[] {
  if (requested.dateIds.length > 0) return [...new Set(requested.dateIds)].sort((a, b) => a - b);
  const own = dates.filter((date) => date.availabilityId === requested.id);
  const upcoming = own.filter((date) => date.startAt > now);
  return (upcoming.length > 0 ? upcoming : own).map((date) => date.id).sort((a, b) => a - b);
}

/** The availabilities and dates of the chosen requested sessions. */
export async function approvalSessions(
  context: ConsoleContext,
  chosen: readonly RequestedAvailabilityRow[],
  now: Date,
): Promise<ApprovalSession[]> {
  const { db, organiser } = context;
  const dates = await listDatesWithHolds(
    db,
    organiser.id,
    { ids: [], availabilityIds: chosen.map((requested) => requested.id) },
    now,
  );
  const sessions: ApprovalSession[] = [];
  for (const requested of chosen) {
    sessions.push({
      availability: await requireAvailabilityById(context, requested.id),
      requested,
      dateIds: sessionDateIds(requested, dates, now),
    });
  }
  return sessions;
}

/** A full or closed session named in the 409: which one stops the approval. */
function sessionRefusal(error: unknown, session: ApprovalSession): unknown {
  if (
    error instanceof AppError &&
    (error.code === "AVAILABILITY_FULL" || error.code === "DATE_NOT_SELECTABLE")
  ) {
    return new AppError(error.code, undefined, {
      availability: session.availability.cuid,
      start_at: session.availability.startAt.toISOString(),
    });
  }
  return error;
}

/**
 * Registers the sessions of a PENDING request (locked by the caller) and marks it APPROVED.
 * The organiser's reference row, then the sessions' dates, are locked first (the order of every
 * conversion), so concurrent approvals count each other's places: one past the capacity is a 409
 * AVAILABILITY_FULL naming the session, before anything is written. `totalAmount` (null: the
 * storefront's price) is shared among the places by `shareApprovedTotal`.
 */
export async function approveSessions(
  context: ConsoleContext,
  row: ConsoleRequestRow,
  sessions: readonly ApprovalSession[],
  totalAmount: number | null,
  now: Date,
): Promise<{ cartId: number; totalAmount: number }> {
  const { db, organiser } = context;
  const { request } = row;
  await lockReferenceNumber(db, organiser.id);
  await lockDates(
    db,
    organiser.id,
    [...new Set(sessions.flatMap((session) => session.dateIds))].sort((a, b) => a - b),
  );
  const places: CheckedPlace[] = [];
  for (const session of sessions) {
    try {
      places.push(
        await checkPlace(
          context,
          {
            availability: session.availability,
            dateIds: session.dateIds,
            options: request.options,
            questions: [],
            answers: "optional",
          },
          now,
        ),
      );
    } catch (error) {
      throw sessionRefusal(error, session);
    }
  }
  const pricings: PlacePricing[] =
    totalAmount === null
      ? places.map((place) => place.pricing)
      : shareApprovedTotal(
          totalAmount,
          places.map((place) => estimateRegistration(place.pricing).price),
        ).map((share, index) => overriddenPlacePricing(places[index]!.pricing, share));

  const cart = await insertConsoleCart(db, {
    organiserId: organiser.id,
    customerId: request.customerId,
    now,
  });
  await holdPlaces(
    db,
    {
      organiserId: organiser.id,
      cartId: cart.id,
      now,
      expiresAt: new Date(now.getTime() + organiser.settings.carts_expiration_delay * 1000),
    },
    places.map((place, index) => {
      const line = estimateRegistration(pricings[index]!);
      return {
        participantId: request.participantId,
        availabilityId: sessions[index]!.availability.id,
        quantity: 1,
        dateIds: place.dateIds,
        price: line.price,
        deposit: line.deposit,
        payload: {
          options: place.options,
          questions: request.questions,
          pricing: pricings[index]!,
        },
      };
    }),
  );
  const service = asServiceContext(context);
  const { rows, dates } = await listLiveItemsWithDates(db, organiser.id, cart.id, now);
  const priced = await lockAndPrice(service, cart, rows, now, 0, dates);
  if (!priced) throw new AppError("AVAILABILITY_FULL");
  // The customer accepted the terms when they sent the request.
  await convertCart(service, cart, priced, {
    strategy: "DELAYED",
    paidOnline: 0,
    termsAcceptedAt: request.createdAt,
    now,
  });
  const totals = await findCartTotals(db, organiser.id, cart.id);
  const decided = await decideRequest(
    db,
    organiser.id,
    request.id,
    {
      status: "APPROVED",
      cartId: cart.id,
      totalAmount: totals.total,
      depositAmount: Math.min(totals.deposit, totals.total),
    },
    now,
  );
  if (!decided) throw new AppError("REGISTRATION_REQUEST_NOT_PENDING");
  return { cartId: cart.id, totalAmount: totals.total };
}
