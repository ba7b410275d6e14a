import type { Language } from "@booking/contracts";
import { formatMoney } from "@booking/domain/money";

/** The locale of each language of the site: Belgian French and British English. */
export const LOCALES: Record<Language, string> = { fr: "fr-BE", en: "en-GB" };

/** OpenGraph spells locales with an underscore. */
export const OG_LOCALES: Record<Language, string> = { fr: "fr_BE", en: "en_GB" };

type DateInput = Date | string;

const toDate = (value: DateInput) => (typeof value === "string" ? new Date(value) : value);

/**
 * Intl formatters are costly to build and immutable once built, and hold no per-request data
 * (only a locale, a time zone and options): one module-level instance per combination is shared
 * by every request and render. The keys come from a handful of languages, organiser time zones
 * and fixed option sets, so the map stays small.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const percentFormats = new Map<string, Intl.NumberFormat>();

/** The formatter kept under `key`, else the one `make` builds, kept from then on. */
function kept<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  return kept(dateTimeFormats, key, () => new Intl.DateTimeFormat(locale, options));
}

const percentFormat = (locale: string) =>
  kept(
    percentFormats,
    locale,
    () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }),
  );

/**
 * The labels of date ranges already formatted, by locale, time zone and instants: a page lists
 * the same dates for every visitor, and finding the local days in a time zone is the costly part
 * of a server render (decision 0035). Emptied when full.
 */
const dateRanges = new Map<string, string>();
const DATE_RANGES_KEPT = 20_000;

/**
 * Money and date formatting of one organiser in one language. Dates always use the organiser's
 * time zone, never the one of the machine that renders (spec §1: "all dates are shown in the
 * organiser's timezone and all money in the organiser's currency").
 *
 * Loaders format on the server and send the strings, so the server-rendered HTML and the hydrated
 * page show exactly the same text whatever the visitor's browser and clock.
 */
export function createFormatters(language: Language, timeZone: string, currency: string) {
  const locale = LOCALES[language];
  const make = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(locale, { ...options, timeZone });
  const dayWithoutYear = make({ weekday: "short", day: "numeric", month: "short" });
  const year = make({ year: "numeric" });
  // "lun. 6 juil. 2026", "Mon 6 Jul 2026": the same day part with or without its year (en-GB
  // would put a comma after the weekday when the year is asked for).
  const dayWithYear = {
    format: (date: Date) => `${dayWithoutYear.format(date)} ${year.format(date)}`,
  };
  const longDate = make({ day: "numeric", month: "long", year: "numeric" });
  const fullDate = make({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const time = make({ hour: "numeric", minute: "2-digit" });
  // The local calendar day, to compare two instants' days: Intl already knows the zone, which
  // keeps the zoned-date library out of the browser's first load (decision 0069).
  const localDay = make({ year: "numeric", month: "2-digit", day: "2-digit" });

  return {
    locale,
    money: (minor: number) => formatMoney(minor, currency, locale),
    /** "10 %", "12,5 %": a percentage given in hundredths of the whole (12.5 for 12,5 %) */
    percent: (value: number) => percentFormat(locale).format(value / 100),
    /** "6 juillet 2026" */
    date: (value: DateInput) => longDate.format(toDate(value)),
    /** "lundi 6 juillet 2026" */
    fullDate: (value: DateInput) => fullDate.format(toDate(value)),
    /** "lun. 6 juil. 2026, 9:00" */
    dateTime: (value: DateInput) =>
      `${dayWithYear.format(toDate(value))}, ${time.format(toDate(value))}`,
    /** "9:00" */
    time: (value: DateInput) => time.format(toDate(value)),
    /** "9:00–16:00" */
    timeRange: (start: DateInput, end: DateInput) =>
      `${time.format(toDate(start))}–${time.format(toDate(end))}`,
    /**
     * "lun. 6 juil. 2026, 9:00–16:00" on one day, "lun. 6 juil. – ven. 10 juil. 2026, 9:00–16:00"
     * over several days (the year once when both ends share it).
     */
    dateRange(startValue: DateInput, endValue: DateInput) {
      const start = toDate(startValue);
      const end = toDate(endValue);
      const key = `${locale}|${timeZone}|${start.getTime()}|${end.getTime()}`;
      let label = dateRanges.get(key);
      if (label === undefined) {
        if (dateRanges.size >= DATE_RANGES_KEPT) dateRanges.clear();
        label = dateRangeLabel(start, end);
        dateRanges.set(key, label);
      }
      return label;
    },
  };

  function dateRangeLabel(start: Date, end: Date) {
    const hours = `${time.format(start)}–${time.format(end)}`;
    if (localDay.format(start) === localDay.format(end))
      return `${dayWithYear.format(start)}, ${hours}`;
    const first =
      year.format(start) === year.format(end)
        ? dayWithoutYear.format(start)
        : dayWithYear.format(start);
    return `${first} – ${dayWithYear.format(end)}, ${hours}`;
  }
}

export type Formatters = ReturnType<typeof createFormatters>;

/**
 * A calendar day "YYYY-MM-DD" spelled out ("lundi 6 juillet 2026"). The day is a date without
 * time zone, so it is formatted at noon UTC in UTC.
 */
export function formatDay(day: string, language: Language, options: Intl.DateTimeFormatOptions) {
  return dateTimeFormat(LOCALES[language], { ...options, timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** "October 2026": the month a billing cycle starts in, in the organiser's time zone. */
export function monthLabel(format: Formatters, timeZone: string, iso: string): string {
  const label = dateTimeFormat(format.locale, { month: "long", year: "numeric", timeZone }).format(
    new Date(iso),
  );
  return label.charAt(0).toLocaleUpperCase(format.locale) + label.slice(1);
}
