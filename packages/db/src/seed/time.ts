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

/** How far the zone's wall clock is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
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
