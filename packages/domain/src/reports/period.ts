import { addDaysToDay, daysBetween, isoWeekdayOfDay } from "../zoned-time.ts";

// The period of a report: two calendar days of the organiser's zone, both included
// (docs/decisions/0084-reports.md).

/** The longest period a report covers: a year and a day (a leap year's whole year). */
export const REPORT_MAX_DAYS = 366;

export type ReportPeriod = { from: string; to: string };

/** How the figures of a period are grouped over time. */
export const REPORT_GROUPINGS = ["day", "week", "month"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** Days in the period, both ends included. */
export function periodLength(period: ReportPeriod): number {
  return daysBetween(period.from, period.to) + 1;
}

/** Why a period cannot be reported on, or null: reversed, or longer than {@link REPORT_MAX_DAYS}. */
export function periodRefusal(period: ReportPeriod): "REVERSED" | "TOO_LONG" | null {
  const length = periodLength(period);
  if (length < 1) return "REVERSED";
  return length > REPORT_MAX_DAYS ? "TOO_LONG" : null;
}

/** The period of the same length that ends the day before `period` starts: what it is compared with. */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  const length = periodLength(period);
  return { from: addDaysToDay(period.from, -length), to: addDaysToDay(period.from, -1) };
}

/** The last `days` days up to `today`: a report's default period. */
export function trailingPeriod(today: string, days: number): ReportPeriod {
  return { from: addDaysToDay(today, 1 - days), to: today };
}

/** The bucket a day falls in: itself, the Monday of its ISO week, or the first of its month. */
export function bucketOf(day: string, grouping: ReportGrouping): string {
  if (grouping === "day") return day;
  if (grouping === "month") return `${day.slice(0, 8)}01`;
  return addDaysToDay(day, 1 - isoWeekdayOfDay(day));
}

/** Every bucket of the period in order, so that a chart shows the empty ones too. */
export function bucketsOf(period: ReportPeriod, grouping: ReportGrouping): string[] {
  const buckets: string[] = [];
  for (let day = period.from; day <= period.to; day = addDaysToDay(day, 1)) {
    const bucket = bucketOf(day, grouping);
    if (buckets.at(-1) !== bucket) buckets.push(bucket);
  }
  return buckets;
}

/** The grouping that keeps a chart readable: days up to a month, weeks up to a quarter, else months. */
export function defaultGrouping(period: ReportPeriod): ReportGrouping {
  const length = periodLength(period);
  if (length <= 31) return "day";
  return length <= 92 ? "week" : "month";
}
