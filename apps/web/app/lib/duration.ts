export type DurationUnit = "years" | "weeks" | "days" | "hours" | "minutes";

/**
 * A length of time in seconds as the largest unit it is a whole number of: 31 536 000 s is
 * 1 year (365 days), 1 209 600 s 2 weeks, 2 592 000 s 30 days, 7 200 s 2 hours, 5 400 s 90
 * minutes (rounded, at least 1). Translated with `catalogue.duration.{unit}`.
 */
export function durationParts(seconds: number): { unit: DurationUnit; count: number } {
  const DAY = 86_400;
  if (seconds >= DAY && seconds % DAY === 0) {
    const days = seconds / DAY;
    if (days % 365 === 0) return { unit: "years", count: days / 365 };
    if (days % 7 === 0) return { unit: "weeks", count: days / 7 };
    return { unit: "days", count: days };
  }
  if (seconds >= 3_600 && seconds % 3_600 === 0) return { unit: "hours", count: seconds / 3_600 };
  return { unit: "minutes", count: Math.max(1, Math.round(seconds / 60)) };
}
