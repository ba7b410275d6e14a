import { bookingPeriodCheck } from "@booking/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import {
  bookingDates,
  bookings,
  resourceReservations,
  resourceSlots,
  resources,
} from "../schema/index.ts";
import type { SeedCounts } from "./writer.ts";

// The demo's resource bookings hold their periods as the storefront's bookings do
// (docs/decisions/0063-resource-bookings.md): one `resource_reservations` row per booking date,
// under the exclusion constraint that refuses overlaps, so a booked court is not offered again.
// The bookings still to come are checked by the rule of POST /api/carts/items (a slot's start,
// one of its durations, not closed); the past ones were made before today.

export async function writeDemoResourceReservations(
  tx: Transaction,
  organiserId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  // Row-level security: the organiser's rows only, as in a tenant transaction.
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const dates = await tx
    .select({
      id: bookingDates.id,
      resourceId: bookings.resourceId,
      startAt: bookingDates.startAt,
      endAt: bookingDates.endAt,
      bookingDaysAhead: resources.bookingDaysAhead,
    })
    .from(bookingDates)
    .innerJoin(
      bookings,
      and(
        eq(bookings.organiserId, bookingDates.organiserId),
        eq(bookings.id, bookingDates.bookingId),
      ),
    )
    .innerJoin(
      resources,
      and(eq(resources.organiserId, bookings.organiserId), eq(resources.id, bookings.resourceId)),
    )
    .where(eq(bookingDates.organiserId, organiserId))
    .orderBy(asc(bookingDates.startAt));
  for (const date of dates) {
    if (date.startAt > now) {
      const [slot] = await tx
        .select({ startAt: resourceSlots.startAt, prices: resourceSlots.prices })
        .from(resourceSlots)
        .where(
          and(
            eq(resourceSlots.organiserId, organiserId),
            eq(resourceSlots.resourceId, date.resourceId),
            eq(resourceSlots.startAt, date.startAt),
          ),
        );
      const check = bookingPeriodCheck({
        start_at: date.startAt,
        end_at: date.endAt,
        slot: slot ? { start_at: slot.startAt, prices: slot.prices } : null,
        rules: { days_ahead: date.bookingDaysAhead },
        closures: [],
        now,
      });
      if (check.refusal) {
        throw new Error(`demo booking date ${date.startAt.toISOString()}: ${check.refusal}`);
      }
    }
    await tx.insert(resourceReservations).values({
      organiserId,
      resourceId: date.resourceId,
      bookingDateId: date.id,
      period: `[${date.startAt.toISOString()},${date.endAt.toISOString()})`,
    });
  }
  counts.resource_reservations = (counts.resource_reservations ?? 0) + dates.length;
}
