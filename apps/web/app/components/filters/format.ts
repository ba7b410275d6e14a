import type { Language } from "@booking/contracts";
import { LOCALES } from "../../lib/format";
import { type CalendarDay, dayAsUtcNoon } from "../calendar/days";

/** The Intl locale of a storefront language (the app's choice: fr-BE, en-GB). */
export function intlLocale(language: Language): string {
  return LOCALES[language];
}

const cache = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl.DateTimeFormat (formatters are costly to build, and pages format many dates). */
export function dateFormatter(
  language: Language,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(language), options);
    cache.set(key, formatter);
  }
  return formatter;
}

/** A calendar day in words: "lundi 6 avril 2026". */
export function formatCalendarDay(
  day: CalendarDay,
  language: Language,
  options: Intl.DateTimeFormatOptions = {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  },
): string {
  return dateFormatter(language, { ...options, timeZone: "UTC" }).format(dayAsUtcNoon(day));
}

/** "avril 2026" */
export function formatMonth(year: number, month: number, language: Language): string {
  return dateFormatter(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
}

/** Weekday names Monday..Sunday, long and short ("lundi", "lun."). */
export function weekdayNames(language: Language): { long: string[]; short: string[] } {
  // 2024-01-01 is a Monday.
  const days = Array.from({ length: 7 }, (_, index) => new Date(Date.UTC(2024, 0, 1 + index, 12)));
  const long = dateFormatter(language, { weekday: "long", timeZone: "UTC" });
  const short = dateFormatter(language, { weekday: "short", timeZone: "UTC" });
  return { long: days.map((day) => long.format(day)), short: days.map((day) => short.format(day)) };
}

/** Month names January..December. */
export function monthNames(language: Language): string[] {
  const format = dateFormatter(language, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, index) =>
    format.format(new Date(Date.UTC(2024, index, 15))),
  );
}
