import type { CatalogueParams, ImageView, Language, StorefrontOrganiser } from "@booking/contracts";
import { formatMoney } from "@booking/domain/money";
import { localDateTime } from "@booking/domain/zoned-time";
import { isLanguage } from "../../i18n";
import { dateTimeFormat, LOCALES } from "../../lib/format";

/**
 * What the grids' loaders share: the page's language, paging and filters from the URL, the
 * organiser's "now", and the formatting done on the server (so that the HTML and the hydrated
 * page show the same text whatever the browser's time zone and ICU data).
 */

/** The language of the page of a URL: its prefix when present, otherwise the organiser's. */
export function urlLanguage(url: URL, organiser: Pick<StorefrontOrganiser, "language">): Language {
  const prefix = url.pathname.split("/")[1];
  return isLanguage(prefix) ? prefix : organiser.language;
}

/** `page_number` of the URL: an integer from 1 to 10 000, 1 otherwise (spec §7 paging). */
export function pageNumber(url: URL): number {
  const value = url.searchParams.get("page_number")?.trim() ?? "";
  if (!/^\d{1,5}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= 10_000 ? page : 1;
}

/** Filter parameters of the URL that a grid forwards to its call (non-empty values only). */
export function urlFilterParams(
  url: URL,
  names: readonly string[],
  withCategories = false,
): CatalogueParams {
  const params: CatalogueParams = {};
  for (const name of names) {
    const values = url.searchParams.getAll(name).map((value) => value.trim());
    const joined = values.filter((value) => value !== "").join(",");
    if (joined !== "") params[name] = joined;
  }
  if (withCategories) {
    for (const key of new Set(url.searchParams.keys())) {
      if (!key.startsWith("category-")) continue;
      const joined = url.searchParams
        .getAll(key)
        .map((value) => value.trim())
        .filter((value) => value !== "")
        .join(",");
      if (joined !== "") params[key] = joined;
    }
  }
  return params;
}

function pad(value: number, length = 2): string {
  return String(Math.abs(value)).padStart(length, "0");
}

/**
 * `now` as an ISO 8601 date-time in the organiser's time zone, with its offset
 * ("2026-07-06T09:30:00+02:00"): the `after` of the activities grid's available-only switch.
 */
export function zonedNow(now: Date, timeZone: string): string {
  try {
    const local = localDateTime(now, timeZone);
    const seconds = Math.floor(now.getTime() / 1000) * 1000;
    const localMs = Date.UTC(
      local.year,
      local.month - 1,
      local.day,
      local.hour,
      local.minute,
      local.second,
    );
    const offset = Math.round((localMs - seconds) / 60_000);
    const sign = offset < 0 ? "-" : "+";
    return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  } catch {
    return now.toISOString();
  }
}

export function isValidationError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "VALIDATION_ERROR";
}

/**
 * Calls the reader with the URL's filters, and again without them when it refuses them (a
 * malformed filter in the address shows the unfiltered grid rather than nothing).
 */
export async function withFilterFallback<T>(
  call: (withUrlFilters: boolean) => Promise<T>,
): Promise<{ result: T; filtered: boolean }> {
  try {
    return { result: await call(true), filtered: true };
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return { result: await call(false), filtered: false };
  }
}

/** Server-side formatting of one organiser in one language. */
export function cardFormatters(language: Language, organiser: StorefrontOrganiser) {
  const locale = LOCALES[language];
  const timeZone = organiser.timezone;
  // Cached per locale, options and time zone (see dateTimeFormat): shared, no per-request data.
  const date = dateTimeFormat(locale, { dateStyle: "long", timeZone });
  const dateTime = dateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  });
  return {
    money: (minor: number) => formatMoney(minor, organiser.currency, locale),
    date: (value: string) => date.format(new Date(value)),
    dateTime: (value: string) => dateTime.format(new Date(value)),
  };
}

export type CardFormatters = ReturnType<typeof cardFormatters>;

export interface CardImage {
  url: string;
  alt: string;
}

export function firstImage(images: readonly ImageView[]): CardImage | null {
  const image = images[0];
  return image ? { url: image.public_url, alt: image.alt ?? "" } : null;
}

/** True when `at` is now or past (an instant that is exactly now has passed). */
export function hasPassed(at: string | null, now: Date): boolean {
  if (!at) return false;
  const time = Date.parse(at);
  return !Number.isNaN(time) && time <= now.getTime();
}
