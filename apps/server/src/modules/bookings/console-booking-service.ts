import type {
  bookingCancelBody,
  bookingMoveBody,
  StaffBookingView,
  staffBookingBody,
} from "@booking/contracts";
import { bookingPeriodCheck } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { issueOnStaffCreation } from "../invoices/staff-issue.ts";
import { cancelBooking } from "./booking-cancellation.ts";
import {
  findBookingForChange,
  findCustomerParticipant,
  insertStaffBooking,
  moveBookingDate,
} from "./console-booking-queries.ts";
import { findResource } from "./console-resource-queries.ts";
import {
  findClosures,
  findSlotsAt,
  freeExpiredHolds,
  insertHolds,
  isOverlapViolation,
  overlapsActivityDates,
  type Period,
} from "./reservation-queries.ts";

// Staff book for a customer, move and cancel bookings from the planning (issue 15 §3;
// docs/decisions/0065-resource-console.md), under the storefront's exclusion constraint.

/**
 * The slot price of `period` on the resource, checked as the storefront checks it (a slot's
 * start and one of its durations, in the future, not closed, no activity session there) except
 * how far ahead: staff may book past the customers' horizon. Expired cart holds in the way go.
 */
async function checkedPeriod(
  context: ConsoleContext,
  resourceId: number,
  period: Period,
  now: Date,
): Promise<number> {
  const { db, organiser } = context;
  const [slot] = await findSlotsAt(db, organiser.id, resourceId, [period.startAt]);
  const closures = await findClosures(db, organiser.id, resourceId, period);
  const check = bookingPeriodCheck({
    start_at: period.startAt,
    end_at: period.endAt,
    slot: slot ? { start_at: slot.startAt, prices: slot.prices } : null,
    rules: { days_ahead: null },
    closures: closures.map((closure) => ({ start_at: closure.startAt, end_at: closure.endAt })),
    now,
  });
  if (check.refusal) throw new AppError(check.refusal);
  if (await overlapsActivityDates(db, organiser.id, resourceId, [period])) {
    throw new AppError("BOOKING_SLOT_TAKEN");
  }
  await freeExpiredHolds(db, organiser.id, resourceId, [period], now);
  return check.price.amount;
}

/** Runs `take`, answering 409 BOOKING_SLOT_TAKEN when the exclusion constraint refuses it. */
async function underExclusion(take: () => Promise<void>): Promise<void> {
  try {
    await take();
  } catch (error) {
    if (isOverlapViolation(error)) throw new AppError("BOOKING_SLOT_TAKEN");
    throw error;
  }
}

const view = (
  booking: { cuid: string; canceledAt: Date | null },
  period: Period,
): StaffBookingView => ({
  cuid: booking.cuid,
  start_at: period.startAt.toISOString(),
  end_at: period.endAt.toISOString(),
  canceled_at: booking.canceledAt?.toISOString() ?? null,
});

async function requireLiveBooking(context: ConsoleContext, cuid: string) {
  const found = await findBookingForChange(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("BOOKING_NOT_FOUND");
  if (found.booking.canceledAt) throw new AppError("BOOKING_ALREADY_CANCELED");
  return found;
}

export const staffBookings = {
  /** A booking of a free slot for a customer's participant, owing the slot's price or `amount`. */
  async create(
    context: ConsoleContext,
    resourceCuid: string,
    input: z.output<typeof staffBookingBody>,
    urls: PublicUrls,
  ): Promise<StaffBookingView> {
    const { db, organiser } = context;
    const resource = await findResource(db, organiser.id, resourceCuid);
    if (!resource) throw new AppError("RESOURCE_NOT_FOUND");
    const person = await findCustomerParticipant(db, organiser.id, input);
    if (!person) throw new AppError("PARTICIPANT_NOT_FOUND");
    const period = { startAt: new Date(input.start_at), endAt: new Date(input.end_at) };
    const price = await checkedPeriod(context, resource.id, period, new Date());
    const amount = input.amount ?? price;
    const { booking, date, participationId } = await insertStaffBooking(db, {
      organiserId: organiser.id,
      resourceId: resource.id,
      ...person,
      period,
      amount,
    });
    await underExclusion(() =>
      insertHolds(
        db,
        { organiserId: organiser.id, resourceId: resource.id, bookingDateId: date.id },
        [period],
      ),
    );
    await context.audit({
      action: "booking.created",
      entity: "booking",
      entityId: booking.cuid,
      after: {
        resource: resource.cuid,
        customer: input.customer,
        participant: input.participant,
        start_at: input.start_at,
        end_at: input.end_at,
        amount,
      },
    });
    await issueOnStaffCreation(context, { kind: "BOOKING_SHARE", id: participationId }, urls);
    return view(booking, period);
  },

  /** Another free slot of the same resource for a one-period booking; what is owed stays. */
  async move(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof bookingMoveBody>,
  ): Promise<StaffBookingView> {
    const { booking, dates } = await requireLiveBooking(context, cuid);
    const [date] = dates;
    if (!date || dates.length !== 1) throw new AppError("BOOKING_NOT_MOVABLE");
    const now = new Date();
    if (date.startAt.getTime() <= now.getTime()) throw new AppError("BOOKING_NOT_MOVABLE");
    const period = { startAt: new Date(input.start_at), endAt: new Date(input.end_at) };
    await checkedPeriod(context, booking.resourceId, period, now);
    await underExclusion(() => moveBookingDate(context.db, context.organiser.id, date.id, period));
    await context.audit({
      action: "booking.moved",
      entity: "booking",
      entityId: cuid,
      before: { start_at: date.startAt.toISOString(), end_at: date.endAt.toISOString() },
      after: { start_at: input.start_at, end_at: input.end_at },
    });
    return view(booking, period);
  },

  /**
   * Cancels the booking and frees its periods. With `refund`, what each participant paid goes
   * to their customer's wallet and nothing is owed; without, what was paid is kept and nothing
   * more is owed.
   */
  async cancel(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof bookingCancelBody>,
  ): Promise<StaffBookingView> {
    const { db, organiser } = context;
    const { booking, dates } = await requireLiveBooking(context, cuid);
    const { shares, refunded, canceled } = await cancelBooking(
      db,
      organiser.id,
      booking,
      dates.map((date) => date.id),
      { refund: input.refund, now: nowOf(context) },
    );
    await context.audit({
      action: "booking.canceled",
      entity: "booking",
      entityId: cuid,
      before: {
        shares: shares.map((share) => ({ total: share.totalAmount, paid: share.paidAmount })),
      },
      after: { refund: input.refund, refunded },
    });
    // A booking always has a date (checkout and staff create one at least).
    return view(canceled, dates[0]!);
  },
};
