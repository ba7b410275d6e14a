// Calendar arithmetic for the demo data: dates are computed from "today" in the organiser's time
// zone, so that camps start on Mondays at 09:00 local time whatever the server's zone.

/** A calendar date `YYYY-MM-DD`. */
export type CalendarDate = string;

const DAY_MS = 86_400_000;

export function todayIn(timeZone: string, now: Date): CalendarDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export function weekday(date: CalendarDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first date on or after `date` that falls on `isoWeekday`. */
export function nextWeekday(date: CalendarDate, isoWeekday: number): CalendarDate {
  return addDays(date, (isoWeekday - weekday(date) + 7) % 7);
}

/** The instant at which the wall clock of `timeZone` shows `date` `time` (`HH:MM`). */
export function zoned(date: CalendarDate, time: string, timeZone: string): Date {
  const wallClock = Date.parse(`${date}T${time}:00Z`);
  // Two passes settle the offset on either side of a daylight-saving change.
  let instant = wallClock - offsetMs(wallClock, timeZone);
  instant = wallClock - offsetMs(instant, timeZone);
  return new Date(instant);
}

// Building an Intl.DateTimeFormat costs far more than using one: one per zone.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** A birthdate that makes someone `years` and `months` old today. */
export function birthdateForAge(today: CalendarDate, years: number, months = 0): CalendarDate {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const totalMonths = y * 12 + (m - 1) - (years * 12 + months);
  const year = Math.floor(totalMonths / 12);
  const month = (totalMonths % 12) + 1;
  // Clamp the 31st to the month's last day.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Easter Sunday of `year` (Gregorian calendar; anonymous algorithm). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The earlier of two calendar dates (ISO dates compare as strings). */
export const earlierOf = (a: CalendarDate, b: CalendarDate): CalendarDate => (a <= b ? a : b);

/** The later of two calendar dates. */
export const laterOf = (a: CalendarDate, b: CalendarDate): CalendarDate => (a >= b ? a : b);
