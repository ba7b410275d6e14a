/**
 * Age display formats (platform-and-account.md §3.2 "Age format rule", §9 "Age display formats";
 * storefront.md §3 "Age format rule").
 *
 * Model: the age is measured in days (a fractional number, see {@link ageInDays}) and divided by
 * the rule's `number_of_days` to get a value in the rule's unit. The first rule whose `limit` is
 * not reached (`value < limit`, or `limit` null) wins and its value is rounded to a multiple of
 * `rounding_interval` with `rounding_method`. When no rule matches (or the list is empty) the
 * fallback rule applies: years, 365.25 days, no limit, interval 1, rounding down.
 *
 * Decisions (the spec only names the units and limits):
 * - number_of_days: seconds 1/86400, minutes 1/1440, hours 1/24, days 1, weeks 7,
 *   months 30.4375 (= 365.25 / 12), years 365.25 (see {@link DAYS_PER_UNIT}).
 * - `limit` is expressed in the rule's own unit (days up to 30 → limit 30 on the days rule).
 * - rounding method is "down" everywhere: the spec gives a method for no default rule, and an
 *   age is conventionally never over-stated. Weeks use interval 1 (the spec gives none).
 * - Because months and years are fixed numbers of days, a value near a calendar anniversary can
 *   sit just below it: someone born 2001-01-01 is 6574 days old on 2019-01-01, which is
 *   17.998 years and displays "17.5 years". Use {@link ageInYears} for age limits, never this.
 * - Limits and rounding tolerate floating-point noise (1e-9): one hour is 60 minutes, not
 *   59.999…, so it leaves a "minutes < 60" rule.
 * - A rule with a `number_of_days` that is not a positive finite number is skipped; a
 *   `rounding_interval` that is not a positive finite number means "no rounding".
 */

import { tz } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";

export const AGE_UNITS = [
  "seconds",
  "minutes",
  "hours",
  "days",
  "weeks",
  "months",
  "years",
] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

export const ROUNDING_METHODS = ["down", "up", "nearest"] as const;
export type RoundingMethod = (typeof ROUNDING_METHODS)[number];

export type AgeFormatRule = {
  type: AgeUnit;
  /** Length of one unit in days (hours: 1/24, years: 365.25). */
  number_of_days: number;
  /** Exclusive upper bound in the rule's own unit; null means no limit. */
  limit: number | null;
  rounding_interval: number;
  rounding_method: RoundingMethod;
};

export type FormattedAge = { type: AgeUnit; value: number };

export const DEFAULT_TIME_ZONE = "Europe/Brussels";

/** Conventional length of each unit in days, as used by the default rules. */
export const DAYS_PER_UNIT: Readonly<Record<AgeUnit, number>> = Object.freeze({
  seconds: 1 / 86_400,
  minutes: 1 / 1_440,
  hours: 1 / 24,
  days: 1,
  weeks: 7,
  months: 30.4375,
  years: 365.25,
});

function rule(
  type: AgeUnit,
  limit: number | null,
  rounding_interval: number,
  rounding_method: RoundingMethod = "down",
): AgeFormatRule {
  return Object.freeze({
    type,
    number_of_days: DAYS_PER_UNIT[type],
    limit,
    rounding_interval,
    rounding_method,
  });
}

/** §9 defaults: days < 30, weeks < 12, months < 36 (½), years < 18 (½), then whole years. */
export const DEFAULT_AGE_FORMATS: readonly AgeFormatRule[] = Object.freeze([
  rule("days", 30, 1),
  rule("weeks", 12, 1),
  rule("months", 36, 0.5),
  rule("years", 18, 0.5),
  rule("years", null, 1),
]);

/** §3.2: years, 365.25 days, no limit, interval 1, rounding down. */
export const FALLBACK_AGE_FORMAT: AgeFormatRule = rule("years", null, 1);

/** Tolerance for floating-point noise when a value is (almost) an exact multiple. */
const EPSILON = 1e-9;

/**
 * Rounds `value` to a multiple of `interval`. "nearest" rounds halves up. An interval that is not
 * a positive finite number returns the value unchanged.
 */
export function roundToInterval(value: number, interval: number, method: RoundingMethod): number {
  if (!(interval > 0) || !Number.isFinite(interval)) return value;
  let quotient = value / interval;
  const whole = Math.round(quotient);
  if (Math.abs(quotient - whole) < EPSILON) quotient = whole;
  const steps =
    method === "up"
      ? Math.ceil(quotient)
      : method === "nearest"
        ? Math.floor(quotient + 0.5)
        : Math.floor(quotient);
  // Clean 3 * 0.1 = 0.30000000000000004 style noise; ages never need more than 10 decimals.
  const result = Number((steps * interval).toFixed(10));
  return result === 0 ? 0 : result;
}

type CalendarDay = { year: number; month: number; day: number };

/** Days since 1970-01-01 of a proleptic Gregorian date (valid for every 4-digit year). */
function dayNumber({ year, month, day }: CalendarDay): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses a strict `YYYY-MM-DD` calendar date; throws RangeError otherwise. */
export function parseBirthdate(birthdate: string): CalendarDay {
  const match = typeof birthdate === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate) : null;
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) {
      return { year, month, day };
    }
  }
  throw new RangeError(`Invalid birthdate (expected YYYY-MM-DD): ${String(birthdate)}`);
}

function assertInstant(at: Date): void {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
    throw new RangeError("Invalid date for `at`");
  }
}

const knownTimeZones = new Set<string>();

function assertTimeZone(timeZone: string): void {
  if (knownTimeZones.has(timeZone)) return;
  // Intl throws a RangeError for an unknown zone (TZDate would silently give an invalid date).
  new Intl.DateTimeFormat("en", { timeZone });
  knownTimeZones.add(timeZone);
}

/** The calendar day of `at` in `timeZone`, and how far (0 ≤ f < 1) the local day has run. */
function localDay(at: Date, timeZone: string): CalendarDay & { fraction: number } {
  assertInstant(at);
  assertTimeZone(timeZone);
  const inZone = tz(timeZone);
  const start = startOfDay(at, { in: inZone });
  const end = addDays(start, 1, { in: inZone });
  const length = end.getTime() - start.getTime();
  const fraction = Math.min(Math.max((at.getTime() - start.getTime()) / length, 0), 1 - EPSILON);
  return { year: start.getFullYear(), month: start.getMonth() + 1, day: start.getDate(), fraction };
}

/**
 * Age in days at `at`, counted in `timeZone`: whole calendar days between the birthdate and the
 * local day of `at`, plus the part of the current local day already elapsed (proportional to the
 * real length of that day, so DST days stay in [0, 1)). Birth is taken as local midnight.
 * Negative when the birthdate is after the local day of `at`.
 */
export function ageInDays(
  birthdate: string,
  at: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  const birth = parseBirthdate(birthdate);
  const today = localDay(at, timeZone);
  const whole = dayNumber(today) - dayNumber(birth);
  return whole < 0 ? whole : whole + today.fraction;
}

/**
 * Whole years completed at `at` in `timeZone`, birthday-aware (for age limits). A 29 February
 * birthday is reached on 1 March in common years. Never negative: a future birthdate gives 0.
 */
export function ageInYears(
  birthdate: string,
  at: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  const birth = parseBirthdate(birthdate);
  const today = localDay(at, timeZone);
  const beforeBirthday =
    today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return Math.max(0, today.year - birth.year - (beforeBirthday ? 1 : 0));
}

function isUsable(candidate: AgeFormatRule): boolean {
  return candidate.number_of_days > 0 && Number.isFinite(candidate.number_of_days);
}

/** `value < limit`, where a value within floating-point noise of the limit counts as reached. */
function isBelowLimit(value: number, limit: number | null): boolean {
  return limit === null || limit - value > EPSILON * Math.max(1, Math.abs(limit));
}

/**
 * Formats an age with the organiser's rules (settings.formats.ages). Throws RangeError on an
 * invalid birthdate, instant or time zone. A birthdate in the future gives `{ type of the first
 * rule (or the fallback), value: 0 }`.
 */
export function formatAge(
  birthdate: string,
  at: Date,
  rules: readonly AgeFormatRule[] = DEFAULT_AGE_FORMATS,
  timeZone: string = DEFAULT_TIME_ZONE,
): FormattedAge {
  const days = ageInDays(birthdate, at, timeZone);
  if (days < 0) return { type: (rules[0] ?? FALLBACK_AGE_FORMAT).type, value: 0 };
  for (const candidate of rules) {
    if (!isUsable(candidate)) continue;
    const value = days / candidate.number_of_days;
    if (isBelowLimit(value, candidate.limit)) {
      return applyRule(candidate, value);
    }
  }
  return applyRule(FALLBACK_AGE_FORMAT, days / FALLBACK_AGE_FORMAT.number_of_days);
}

function applyRule(candidate: AgeFormatRule, value: number): FormattedAge {
  return {
    type: candidate.type,
    value: roundToInterval(value, candidate.rounding_interval, candidate.rounding_method),
  };
}

/** An availability's age limits in whole years, both inclusive; null means no limit. */
export type AgeLimits = { minimum: number | null; maximum: number | null };

/**
 * Whether an age in whole completed years is within `limits`, both ends inclusive: "9 to 14"
 * admits 9, 10, … 14. The catalogue's age filter applies this same rule in SQL to the age the
 * visitor types (modules/catalogue/queries.ts, tested against this function).
 */
export function isAgeWithinLimits(years: number, limits: AgeLimits): boolean {
  return (
    (limits.minimum === null || years >= limits.minimum) &&
    (limits.maximum === null || years <= limits.maximum)
  );
}

/** Whether a participant may be registered, and why not. */
export type AgeEligibility = "eligible" | "too_young" | "too_old" | "birthdate_unknown";

/**
 * A participant's eligibility for an availability with `limits` whose first date starts at
 * `firstStart` (docs/decisions/0031-age-limits.md): their exact age on that day, counted in
 * calendar days in `timeZone` ({@link ageInYears}: a birthday is reached at local midnight, a
 * 29 February one on 1 March in common years), in whole completed years, within the limits both
 * inclusive. "9 to 14" admits a child from their 9th birthday until the day before their 15th.
 * Never the rounded display age of `formatAge`. Without limits everyone is eligible; with a
 * limit, a participant without birthdate cannot be checked and is refused.
 */
export function ageEligibility(
  birthdate: string | null,
  limits: AgeLimits,
  firstStart: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): AgeEligibility {
  if (limits.minimum === null && limits.maximum === null) return "eligible";
  if (birthdate === null) return "birthdate_unknown";
  const unborn = ageInDays(birthdate, firstStart, timeZone) < 0;
  const years = ageInYears(birthdate, firstStart, timeZone);
  if (unborn || (limits.minimum !== null && years < limits.minimum)) return "too_young";
  return isAgeWithinLimits(years, limits) ? "eligible" : "too_old";
}
