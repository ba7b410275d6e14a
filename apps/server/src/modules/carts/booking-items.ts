import type { CartBookingInput } from "@booking/contracts";
import { bookingDaysAhead, bookingPeriodCheck, bookingShares, fullName } from "@booking/domain";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { checkBookingConfiguration } from "../bookings/booking-rules.ts";
import { findResourceConfiguration } from "../bookings/booking-rules-queries.ts";
import {
  findBookingParticipants,
  findClosures,
  findResource,
  findSlotsAt,
  freeExpiredHolds,
  insertHolds,
  isOverlapViolation,
  overlapsActivityDates,
  type Period,
} from "../bookings/reservation-queries.ts";
import { insertItems } from "./queries.ts";

// Bookings added to the cart (storefront.md §5 "Booking", §7; docs/decisions/0063-resource-bookings.md):
// one BOOKING item per booking, priced by the resource's slots, holding its periods in
// `resource_reservations` until the item expires.

/** What a BOOKING item carries (its `payload.booking`): what the cart, checkout and success show. */
export type BookingPayload = {
  resource: { id: number; cuid: string; name: string };
  dates: Array<{ start_at: string; end_at: string }>;
  /** the booker first; `amount` is each one's share */
  participants: Array<{ id: number; customer_id: number; fullname: string; amount: number }>;
  payment_split: boolean;
  total: number;
};

/**
 * Checks one booking and answers its payload: the booker (`participant_id`, one of the
 * customer's own), the extra participants (any customer's, not the booker twice), the resource,
 * and each period by `bookingPeriodCheck` (a slot's start, one of its durations, in the future,
 * not too far ahead, not closed) and against the activities held on the resource.
 */
async function checkBooking(
  context: ServiceContext,
  customerId: number,
  booking: CartBookingInput & { participant_id: number },
  index: number,
  now: Date,
): Promise<{ payload: BookingPayload; periods: Period[] }> {
  const { db, organiser } = context;
  const field = (name: string) => `bookings.${index}.${name}`;
  const ids = [
    booking.participant_id,
    ...booking.participants.map((participant) => participant.id),
  ];
  if (new Set(ids).size !== ids.length)
    throw validationError({ [field("participants")]: "DUPLICATE" });
  const people = await findBookingParticipants(db, organiser.id, ids);
  const booker = people.get(booking.participant_id);
  if (!booker || booker.customerId !== customerId || ids.some((id) => !people.has(id))) {
    throw new AppError("PARTICIPANT_NOT_FOUND");
  }
  const resource = await findResource(db, organiser.id, booking.resource_id);
  if (!resource) throw new AppError("RESOURCE_NOT_FOUND");
  const configuration = await findResourceConfiguration(
    db,
    organiser.id,
    resource.bookingConfigurationId,
  );

  const periods = booking.dates
    .map((date) => ({ startAt: new Date(date.start_at), endAt: new Date(date.end_at) }))
    .sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  if (periods.some((period, i) => i > 0 && period.startAt < periods[i - 1]!.endAt)) {
    throw validationError({ [field("dates")]: "SLOTS_OVERLAP" });
  }
  const slots = await findSlotsAt(
    db,
    organiser.id,
    resource.id,
    periods.map((period) => period.startAt),
  );
  const closures = await findClosures(db, organiser.id, resource.id, {
    startAt: periods[0]!.startAt,
    endAt: periods.at(-1)!.endAt,
  });
  let total = 0;
  for (const period of periods) {
    const slot = slots.find(
      (candidate) => candidate.startAt.getTime() === period.startAt.getTime(),
    );
    const check = bookingPeriodCheck({
      start_at: period.startAt,
      end_at: period.endAt,
      slot: slot ? { start_at: slot.startAt, prices: slot.prices } : null,
      rules: {
        days_ahead: bookingDaysAhead(resource.bookingDaysAhead, configuration?.rules ?? null),
      },
      closures: closures.map((closure) => ({ start_at: closure.startAt, end_at: closure.endAt })),
      now,
    });
    if (check.refusal) throw new AppError(check.refusal, undefined, { index });
    total += check.price.amount;
  }
  if (await overlapsActivityDates(db, organiser.id, resource.id, periods)) {
    throw new AppError("BOOKING_SLOT_TAKEN", undefined, { index });
  }
  // Who may book, and how many a week (decision 0071): after the add locked the cart.
  await checkBookingConfiguration(
    context,
    configuration,
    { customerId, firstStart: periods[0]!.startAt },
    now,
    { index },
  );
  const shares = bookingShares(total, ids.length, booking.payment_split);
  return {
    periods,
    payload: {
      resource: { id: resource.id, cuid: resource.cuid, name: resource.name },
      dates: periods.map((period) => ({
        start_at: period.startAt.toISOString(),
        end_at: period.endAt.toISOString(),
      })),
      participants: ids.map((id, position) => {
        const person = people.get(id)!;
        return {
          id,
          customer_id: person.customerId,
          fullname: fullName(person.firstname, person.lastname),
          amount: shares[position]!,
        };
      }),
      payment_split: booking.payment_split,
      total,
    },
  };
}

/**
 * Adds `bookings` to the cart opened (and locked) by the add, in its transaction: each is
 * checked, becomes one BOOKING item at the booker's share, and holds its periods. Expired holds
 * in the way are deleted first; a period another customer holds or booked meanwhile is refused
 * by the exclusion constraint — 409 BOOKING_SLOT_TAKEN, and the whole add rolls back — however
 * many add it at once.
 */
export async function addBookingItems(
  context: ServiceContext,
  cart: { id: number; customerId: number; participantId: number | null },
  bookings: CartBookingInput[],
  times: { now: Date; expiresAt: Date },
): Promise<void> {
  const { db, organiser } = context;
  for (const [index, booking] of bookings.entries()) {
    const participantId = booking.participant_id ?? cart.participantId;
    if (participantId === null) {
      throw validationError({ [`bookings.${index}.participant_id`]: "REQUIRED" });
    }
    const { payload, periods } = await checkBooking(
      context,
      cart.customerId,
      { ...booking, participant_id: participantId },
      index,
      times.now,
    );
    const [itemId] = await insertItems(db, [
      {
        organiserId: organiser.id,
        cartId: cart.id,
        type: "BOOKING",
        participantId,
        price: payload.participants[0]!.amount,
        payload: { booking: payload },
        expiresAt: times.expiresAt,
      },
    ]);
    await freeExpiredHolds(db, organiser.id, payload.resource.id, periods, times.now);
    try {
      await insertHolds(
        db,
        { organiserId: organiser.id, resourceId: payload.resource.id, cartItemId: itemId! },
        periods,
      );
    } catch (error) {
      if (isOverlapViolation(error)) throw new AppError("BOOKING_SLOT_TAKEN", undefined, { index });
      throw error;
    }
  }
}

/** A BOOKING item's payload, or null for other items. */
export function bookingOf(payload: Record<string, unknown>): BookingPayload | null {
  return (payload.booking as BookingPayload | undefined) ?? null;
}

/** The booking fields of a cart item's view (empty for other items). */
export function bookingItemView(payload: Record<string, unknown>) {
  const booking = bookingOf(payload);
  return {
    resource: booking?.resource ?? null,
    booking_dates: booking?.dates ?? [],
    participants: (booking?.participants ?? []).map(({ id, fullname, amount }) => ({
      id,
      fullname,
      amount,
    })),
  };
}

/** A BOOKING item with its payload, for its conversion at checkout. */
export function bookingItemOf(item: { id: number; payload: Record<string, unknown> }) {
  const booking = bookingOf(item.payload);
  if (!booking) throw new Error(`booking item ${item.id} without its booking`);
  return { id: item.id, booking };
}
