/**
 * Instants (points in time) as the business rules receive them.
 *
 * Convention for every rule of this package that deals with time:
 * - Entity timestamps (`start_at`, `end_at`, `registrations_start_at`, …) are {@link Instant}s: a
 *   `Date` (as the database layer returns them) or an ISO 8601 string with an explicit offset (as
 *   the JSON API carries them, e.g. "2026-03-29T10:00:00.000000Z" or "2026-03-29T12:00:00+02:00").
 *   A string without an offset is rejected: its meaning would depend on the host's time zone.
 * - The current time is always passed in as `now: Date`; no rule reads the clock.
 * - Instants returned by a rule are plain `Date`s.
 * - "t has passed" means `t <= now` and "t is in the future" means `t > now`: an instant that is
 *   exactly now has passed (storefront.md §4 "Dates": "dates in the past or now are not
 *   selectable"), so a registration window closing at 18:00:00 is closed at 18:00:00.
 */

/** A point in time: a valid `Date`, or an ISO 8601 string with `Z` or a numeric offset. */
export type Instant = Date | string;

// Date, "T" or one space, hours and minutes, optional seconds and fraction, mandatory offset
// ("Z", "+02", "+0200" or "+02:00"). Lower-case "t" and "z" are accepted as ISO 8601 allows.
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseIsoInstant(text: string): number | null {
  const match = ISO_INSTANT.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? 0);
  const offsetHours = Number(oh ?? 0);
  const offsetMinutes = Number(om ?? 0);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 24 ||
    minute > 59 ||
    second > 59 ||
    (hour === 24 && (minute !== 0 || second !== 0 || /[1-9]/.test(fraction ?? ""))) ||
    offsetHours > 23 ||
    offsetMinutes > 59
  ) {
    return null;
  }
  // Sub-millisecond digits (PHP and PostgreSQL give microseconds) are truncated.
  const millis = Number((fraction ?? "").slice(0, 3).padEnd(3, "0"));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const offset = zulu ? 0 : (sign === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return local - offset * 60_000;
}

/**
 * The `Date` of an {@link Instant}. A `Date` is returned as a copy; a string must be an ISO 8601
 * date-time with an offset (see the module comment). Throws RangeError on an invalid `Date`, an
 * offset-less or malformed string, or an impossible calendar date such as 2026-02-30.
 */
export function toInstant(value: Instant): Date {
  if (value instanceof Date) {
    const time = value.getTime();
    if (Number.isNaN(time)) throw new RangeError("Invalid Date");
    return new Date(time);
  }
  const time = typeof value === "string" ? parseIsoInstant(value.trim()) : null;
  if (time === null || Number.isNaN(time)) {
    throw new RangeError(`Invalid instant (expected ISO 8601 with an offset): ${String(value)}`);
  }
  return new Date(time);
}

/** Milliseconds since the epoch of an {@link Instant} (throws like {@link toInstant}). */
export function instantTime(value: Instant): number {
  return toInstant(value).getTime();
}

/** Milliseconds of `now`, checked to be a valid Date. */
export function nowTime(now: Date): number {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new RangeError("Invalid Date for `now`");
  }
  return now.getTime();
}

/** Whether `at` has passed at `now`, i.e. `at <= now` (an instant exactly now has passed). */
export function hasPassed(at: Instant, now: Date): boolean {
  return instantTime(at) <= nowTime(now);
}

/** Whether `at` is in the future at `now`, i.e. `at > now`. */
export function isInFuture(at: Instant, now: Date): boolean {
  return !hasPassed(at, now);
}
