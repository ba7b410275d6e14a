import {
  type CatalogueParams,
  type Language,
  type ParsedCatalogueFilters,
  parseCatalogueFilters,
  type StorefrontOrganiser,
} from "@booking/contracts";
import { localDay, startOfTodayInZone } from "@booking/domain";
import { isLanguage } from "../../i18n";

/**
 * Server-side helpers of the catalogue sections: URL query → filters → reader params (the same
 * string map the HTTP calls take, storefront.md §7).
 */

/** The page's language: the URL prefix (/en/…) when present, otherwise the organiser's. */
export function sectionLanguage(
  url: URL,
  organiser: Pick<StorefrontOrganiser, "language">,
): Language {
  const first = url.pathname.split("/")[1];
  return isLanguage(first) ? first : organiser.language;
}

const EMPTY_FILTERS = (
  parseCatalogueFilters(new URLSearchParams()) as { ok: true; value: ParsedCatalogueFilters }
).value;

/**
 * The catalogue filters of the page URL. A parameter that fails validation (a hand-edited or stale
 * link) is ignored instead of failing the whole section.
 */
export function readUrlFilters(url: URL): ParsedCatalogueFilters {
  const params = new URLSearchParams(url.search);
  for (let attempt = 0; attempt < 4; attempt++) {
    const parsed = parseCatalogueFilters(params);
    if (parsed.ok) return parsed.value;
    let removed = false;
    for (const path of Object.keys(parsed.fields)) {
      const key = path.split(".")[0] ?? path;
      if (params.has(key)) {
        params.delete(key);
        removed = true;
      }
    }
    if (!removed) break;
  }
  return EMPTY_FILTERS;
}

const periodParam = (period: { from: string; to: string } | undefined) =>
  period ? `${period.from},${period.to}` : undefined;

const join = (values: readonly (string | number)[] | undefined) =>
  values && values.length > 0 ? values.join(",") : undefined;

/**
 * The filter ids as reader params (search, date, weekday, location, period,
 * availabilities-period, age, category, category-{group}). `omit` leaves some out (the schedules
 * navigate by week and do not send `date`).
 */
export function filterParams(
  filters: ParsedCatalogueFilters,
  omit: readonly string[] = [],
): CatalogueParams {
  const params: CatalogueParams = {
    search: filters.search,
    date: filters.date,
    weekday: join(filters.weekday),
    location: join(filters.location),
    period: join(filters.period),
    "availabilities-period": periodParam(filters["availabilities-period"]),
    age: filters.age === undefined ? undefined : String(filters.age),
    category: join(filters.category),
  };
  for (const [group, categories] of Object.entries(filters.category_groups)) {
    params[`category-${group}`] = join(categories);
  }
  for (const key of omit) delete params[key];
  return compact(params);
}

/** Drops undefined and empty values. */
export function compact(params: CatalogueParams): CatalogueParams {
  const result: CatalogueParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") result[key] = value;
  }
  return result;
}

/** status, catalog and segment of a section (the URL's status, when valid, wins). */
export function sourceParams(
  settings: {
    status?: readonly string[];
    catalog?: readonly string[];
    segment?: readonly string[];
  },
  filters: ParsedCatalogueFilters,
): CatalogueParams {
  return compact({
    status: join(filters.status ?? settings.status),
    catalog: join(settings.catalog),
    segment: join(settings.segment),
  });
}

/** Page size from the URL (1–100) or the section's setting. */
export function pageSizeOf(url: URL, fallback: number): number {
  const raw = url.searchParams.get("page_size");
  if (raw && /^\d{1,3}$/.test(raw)) {
    const value = Number(raw);
    if (value >= 1 && value <= 100) return value;
  }
  return fallback;
}

/** limit and offset of a page: offset = (page_number − 1) × page_size (spec §7). */
export function pagingParams(page: number, size: number): CatalogueParams {
  return { limit: String(size), offset: String((page - 1) * size) };
}

/** What every section's data carries about time: "now" and today in the organiser's zone. */
export interface Clock {
  /** ISO instant the page was built at (rules are evaluated with it, on the server) */
  now: string;
  /** today, "YYYY-MM-DD", in the organiser's time zone */
  today: string;
  /** the organiser's IANA time zone */
  timeZone: string;
}

export function clockOf(organiser: Pick<StorefrontOrganiser, "timezone">, now = new Date()): Clock {
  return {
    now: now.toISOString(),
    today: localDay(now, organiser.timezone),
    timeZone: organiser.timezone,
  };
}

/** `after` of the availability lists: the start of today in the organiser's zone (spec §7). */
export function startOfToday(organiser: Pick<StorefrontOrganiser, "timezone">, now: Date): string {
  return startOfTodayInZone(now, organiser.timezone).toISOString();
}

/** The calendar days of a calendar answer, from `from` on, sorted and unique. */
export function calendarDays(dates: ReadonlyArray<{ date: string }>, from?: string): string[] {
  const days = new Set<string>();
  for (const { date } of dates) {
    const day = date.slice(0, 10);
    if (!from || day >= from) days.add(day);
  }
  return [...days].sort();
}
