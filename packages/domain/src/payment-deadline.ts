import type { Instant } from "./instants.ts";
import { addDaysToDay, localDay } from "./zoned-time.ts";

/**
 * Days a customer has to pay an order by bank transfer: the spec's payment delay
 * (platform-and-account.md §9, "Invoice payment delay 30 days"); docs/decisions/0036.
 */
export const PAYMENT_DELAY_DAYS = 30;

/**
 * The last day (YYYY-MM-DD, in the organiser's time zone) to pay an order by bank transfer:
 * `PAYMENT_DELAY_DAYS` after the day it was placed, but no later than the day before its first
 * activity starts — the places are paid before they are used —, and never before the day it was
 * placed (an order for an activity starting today is due today).
 */
export function paymentDueDay(
  placedAt: Instant,
  firstStart: Instant | null,
  timeZone: string,
): string {
  // Days as YYYY-MM-DD compare in calendar order.
  const placed = localDay(placedAt, timeZone);
  const afterDelay = addDaysToDay(placed, PAYMENT_DELAY_DAYS);
  if (firstStart === null) return afterDelay;
  const beforeStart = addDaysToDay(localDay(firstStart, timeZone), -1);
  if (beforeStart >= afterDelay) return afterDelay;
  if (beforeStart <= placed) return placed;
  return beforeStart;
}
