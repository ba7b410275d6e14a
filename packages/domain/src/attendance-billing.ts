/**
 * Attendance billing (platform-and-account.md §2.3 "Attendance charge detail", §3.5, §4 "Billing
 * cycle type: MONTHLY"): an activity bills the presences its participants' registrations had
 * during a calendar month of the organiser's time zone, either a fixed price per presence or per
 * started unit of time present (an after-school care billed by the started half hour). At the end
 * of a month each customer gets one charge whose items are those presences.
 * Decision record: docs/decisions/0064-attendance-billing.md.
 */

import { attendanceAmount, attendanceTotals } from "./account-items.ts";
import { type Instant, toInstant } from "./instants.ts";
import { dayRangeInZone, localDateTime } from "./zoned-time.ts";

/** PRESENCE: `unit_amount` per presence; DURATION: `unit_amount` per started `unit_duration`. */
export const ATTENDANCE_PRICINGS = ["PRESENCE", "DURATION"] as const;
export type AttendancePricing = (typeof ATTENDANCE_PRICINGS)[number];

/** The billing units offered: a quarter hour, a half hour, an hour (seconds). */
export const ATTENDANCE_UNIT_DURATIONS = [900, 1800, 3600] as const;

export type AttendanceBillingRule = {
  pricing: AttendancePricing;
  /** seconds one `unitAmount` pays for (DURATION) */
  unitDuration: number;
  /** minor units */
  unitAmount: number;
  /** whether staff record arrival and departure times on the attendance sheet */
  recordsTimes: boolean;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether `value` is a month "YYYY-MM". */
export function isCycleMonth(value: string): boolean {
  return MONTH.test(value);
}

function monthParts(month: string): { year: number; month: number } {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Invalid month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

function formatMonth(year: number, month: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

/** The month `count` months after `month` (negative: before). */
export function addMonths(month: string, count: number): string {
  const parts = monthParts(month);
  const index = parts.year * 12 + (parts.month - 1) + count;
  return formatMonth(Math.floor(index / 12), (index % 12) + 1);
}

/** The month of `at` in `timeZone`: "2026-11" for 30 November 23:30 in Brussels. */
export function cycleMonthOf(at: Instant, timeZone: string): string {
  const local = localDateTime(at, timeZone);
  return formatMonth(local.year, local.month);
}

/**
 * The bounds of the monthly cycle of `month` in `timeZone`: [local midnight of its first day,
 * local midnight of the next month's first day). A month with a DST change is an hour shorter or
 * longer.
 */
export function monthlyCycleBounds(month: string, timeZone: string): { start: Date; end: Date } {
  monthParts(month);
  return {
    start: dayRangeInZone(`${month}-01`, timeZone).start,
    end: dayRangeInZone(`${addMonths(month, 1)}-01`, timeZone).start,
  };
}

/** The last month that ended at `now` in `timeZone`: the cycle the end-of-month job issues. */
export function lastEndedCycleMonth(now: Date, timeZone: string): string {
  return addMonths(cycleMonthOf(now, timeZone), -1);
}

/** Whether the cycle of `month` has ended at `now` (only an ended cycle can be issued). */
export function cycleHasEnded(month: string, timeZone: string, now: Date): boolean {
  return monthlyCycleBounds(month, timeZone).end.getTime() <= now.getTime();
}

/**
 * The ended months still to issue for a configuration that began at `since`: every month from the
 * one `since` falls in up to the last ended at `now`, without those in `issued` ("YYYY-MM"),
 * oldest first. The end-of-month job catches up with them all (decision 0072), and staff pick one.
 */
export function monthsToIssue(
  since: Instant,
  now: Date,
  timeZone: string,
  issued: readonly string[],
): string[] {
  const last = lastEndedCycleMonth(now, timeZone);
  const done = new Set(issued);
  const months: string[] = [];
  for (let month = cycleMonthOf(since, timeZone); month <= last; month = addMonths(month, 1)) {
    if (!done.has(month)) months.push(month);
  }
  return months;
}

/** A presence to bill: its session's bounds and the times staff recorded, if any. */
export type Presence = {
  session: { startAt: Instant; endAt: Instant };
  arrivedAt: Instant | null;
  departedAt: Instant | null;
};

export type BilledPresence = {
  arrivedAt: Date;
  departedAt: Date;
  /** seconds */
  duration: number;
  amount: number;
};

/**
 * What one presence is billed: with times recorded, from arrival to departure (the session's start
 * or end standing in for a time not recorded); without, the session itself. A departure before
 * the arrival counts as no time. PRESENCE pricing bills the unit amount whatever the time;
 * DURATION bills each started unit.
 */
export function billPresence(rule: AttendanceBillingRule, presence: Presence): BilledPresence {
  const sessionStart = toInstant(presence.session.startAt);
  const sessionEnd = toInstant(presence.session.endAt);
  const arrivedAt =
    rule.recordsTimes && presence.arrivedAt !== null ? toInstant(presence.arrivedAt) : sessionStart;
  const recordedDeparture =
    rule.recordsTimes && presence.departedAt !== null ? toInstant(presence.departedAt) : sessionEnd;
  const departedAt =
    recordedDeparture.getTime() < arrivedAt.getTime() ? arrivedAt : recordedDeparture;
  const duration = Math.floor((departedAt.getTime() - arrivedAt.getTime()) / 1000);
  const amount =
    rule.pricing === "PRESENCE"
      ? rule.unitAmount
      : attendanceAmount(duration, { duration: rule.unitDuration, amount: rule.unitAmount });
  return { arrivedAt, departedAt, duration, amount };
}

/** A customer's charge for a cycle: their presences billed, with the totals. */
export type CycleCharge<P> = {
  customerId: number;
  items: Array<P & BilledPresence>;
  totals: { duration: number; amount: number };
};

/**
 * The charges of a cycle: one per customer with at least one presence, customers in the order of
 * their first presence, each customer's items in the given order.
 */
export function cycleCharges<P extends Presence & { customerId: number }>(
  rule: AttendanceBillingRule,
  presences: readonly P[],
): Array<CycleCharge<P>> {
  const byCustomer = new Map<number, Array<P & BilledPresence>>();
  for (const presence of presences) {
    const items = byCustomer.get(presence.customerId) ?? [];
    items.push({ ...presence, ...billPresence(rule, presence) });
    byCustomer.set(presence.customerId, items);
  }
  return [...byCustomer].map(([customerId, items]) => ({
    customerId,
    items,
    totals: attendanceTotals(items),
  }));
}

/**
 * Why recorded times are refused, or null: a departure needs an arrival before it, and both stay
 * within the session's day (12 hours either side of it: a care opening early or closing late).
 */
export type AttendanceTimesRefusal = "DEPARTURE_BEFORE_ARRIVAL" | "OUTSIDE_SESSION_DAY";

const MARGIN_MS = 12 * 60 * 60 * 1000;

export function attendanceTimesRefusal(
  session: { startAt: Instant; endAt: Instant },
  times: { arrivedAt: Instant | null; departedAt: Instant | null },
): AttendanceTimesRefusal | null {
  const from = toInstant(session.startAt).getTime() - MARGIN_MS;
  const to = toInstant(session.endAt).getTime() + MARGIN_MS;
  const arrival = times.arrivedAt === null ? null : toInstant(times.arrivedAt).getTime();
  const departure = times.departedAt === null ? null : toInstant(times.departedAt).getTime();
  for (const at of [arrival, departure]) {
    if (at !== null && (at < from || at > to)) return "OUTSIDE_SESSION_DAY";
  }
  if (arrival !== null && departure !== null && departure < arrival) {
    return "DEPARTURE_BEFORE_ARRIVAL";
  }
  return null;
}

/** What an attendance charge still owes: its total less what was paid, never below 0. */
export function attendanceChargeAmountDue(charge: { total: number; paid: number }): number {
  return Math.max(0, charge.total - Math.max(0, charge.paid));
}

/**
 * Whether an issued charge's item may take `amount` (the rule after issue): staff may lower or
 * raise it as long as the charge's new total does not fall below what was already paid, so a
 * payment never becomes an overpayment behind the customer's back.
 */
export function chargeItemAdjustmentAllowed(values: {
  chargeTotal: number;
  chargePaid: number;
  itemAmount: number;
  amount: number;
}): boolean {
  const total = values.chargeTotal - values.itemAmount + values.amount;
  return Number.isSafeInteger(values.amount) && values.amount >= 0 && total >= values.chargePaid;
}
