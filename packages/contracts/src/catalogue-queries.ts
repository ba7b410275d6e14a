import { z } from "zod";
import { DEFAULT_PAGE_SIZE } from "./common.ts";
import {
  type AvailabilitiesPeriod,
  type CatalogueFilterQuery,
  catalogueFilterQuery,
  categoryGroupFilters,
  isCalendarDay,
} from "./page-elements/filters.ts";
import { CUID_PATTERN } from "./page-elements/primitives.ts";

/**
 * Query parameters of the storefront's catalogue calls (storefront.md §7), exactly as the URL
 * carries them. The filter values (search, date, weekday, location, category, period,
 * availabilities-period, age, category-{group cuid}, status, page_number) are those of the shared
 * `catalogueFilterQuery`; these schemas add each call's own parameters and normalise the whole
 * query. As there, a blank parameter means "not given", a bad value is a VALIDATION_ERROR whose
 * field is the parameter's name. The server's in-process reader (SSR loaders) parses its
 * parameters with these same schemas.
 *
 * `after` and `before` are ISO 8601 date-times with an offset, or plain days YYYY-MM-DD that the
 * server takes as the start of that day in the organiser's time zone; the schemas keep them as
 * validated strings because only the server knows the zone.
 */

export const MAX_PAGE_SIZE = 100;
/** Most ids or cuids in one list parameter (`id`, `catalog`, `segment`, `resources`). */
export const MAX_LIST_ITEMS = 100;
const MAX_OFFSET = 1_000_000;
const MAX_INT = 2_147_483_647;

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** An ISO 8601 date-time with `Z` or an offset, on a real calendar day. */
export function isInstant(value: string): boolean {
  const match = INSTANT.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second] = match;
  return (
    isCalendarDay(`${year}-${month}-${day}`) &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second ?? 0) <= 59 &&
    !Number.isNaN(Date.parse(value))
  );
}

/** A plain day YYYY-MM-DD that exists in the calendar. */
export const isDay = isCalendarDay;

type Ctx = z.core.$RefinementCtx<string | undefined>;

function fail<T>(ctx: z.core.$RefinementCtx<T>, code: string): never {
  ctx.issues.push({ code: "custom", message: code, input: ctx.value });
  return z.NEVER as never;
}

/**
 * An optional parameter: undefined when missing or blank, else `parse(trimmed text)`. A repeated
 * parameter (?catalog=a&catalog=b) is read as the comma list of its values, as the filters do.
 */
function param<T>(parse: (text: string, ctx: Ctx) => T, maxLength = 4000) {
  return z
    .union([z.string(), z.array(z.string()).max(MAX_LIST_ITEMS, "TOO_BIG")], {
      error: "INVALID_FORMAT",
    })
    .optional()
    .transform((value) => (Array.isArray(value) ? value.join(",") : value))
    .pipe(z.string().max(maxLength, "TOO_LONG").optional())
    .transform((value, ctx): T | undefined => {
      const text = value?.trim() ?? "";
      return text === "" ? undefined : parse(text, ctx);
    });
}

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** A comma list of cuids (at most 100); a malformed item is INVALID_FORMAT. */
const cuidList = () =>
  param<string[] | undefined>((text, ctx) => {
    const items = splitList(text);
    if (items.length === 0) return undefined;
    if (items.length > MAX_LIST_ITEMS) return fail(ctx, "TOO_BIG");
    if (!items.every((item) => CUID_PATTERN.test(item))) return fail(ctx, "INVALID_FORMAT");
    return [...new Set(items)];
  });

/** One cuid. */
const oneCuid = () =>
  param<string>((text, ctx) => (CUID_PATTERN.test(text) ? text : fail(ctx, "INVALID_FORMAT")));

/** A comma list of positive integer ids (at most 100). */
const idList = () =>
  param<number[] | undefined>((text, ctx) => {
    const items = splitList(text);
    if (items.length === 0) return undefined;
    if (items.length > MAX_LIST_ITEMS) return fail(ctx, "TOO_BIG");
    if (!items.every((item) => /^\d{1,10}$/.test(item) && Number(item) >= 1)) {
      return fail(ctx, "INVALID_FORMAT");
    }
    const ids = items.map(Number);
    if (ids.some((id) => id > MAX_INT)) return fail(ctx, "INVALID_FORMAT");
    return [...new Set(ids)];
  });

/** An integer within bounds. */
const integer = (min: number, max: number) =>
  param<number>((text, ctx) => {
    if (!/^-?\d{1,10}$/.test(text)) return fail(ctx, "INVALID_FORMAT");
    const value = Number(text);
    if (value < min) return fail(ctx, "TOO_SMALL");
    if (value > max) return fail(ctx, "TOO_BIG");
    return value;
  });

/** A date-time with offset or a plain day; kept as the validated string (see the module note). */
const instant = () =>
  param<string>(
    (text, ctx) => (isDay(text) || isInstant(text) ? text : fail(ctx, "INVALID_DATE")),
    40,
  );

export const AVAILABILITY_SORT_FIELDS = ["start_at", "end_at", "price", "title"] as const;
export type AvailabilitySortField = (typeof AVAILABILITY_SORT_FIELDS)[number];
export type SortKey = { field: AvailabilitySortField; direction: "asc" | "desc" };
const DEFAULT_SORT: SortKey[] = [{ field: "start_at", direction: "asc" }];

/** `sort=start_at,-price`: fields with an optional "-" for descending order. */
const sortList = () =>
  param<SortKey[]>((text, ctx) => {
    const keys: SortKey[] = [];
    for (const item of splitList(text)) {
      const descending = item.startsWith("-");
      const field = descending ? item.slice(1) : item;
      if (!(AVAILABILITY_SORT_FIELDS as readonly string[]).includes(field)) {
        return fail(ctx, "INVALID_CHOICE");
      }
      if (keys.some((key) => key.field === field)) continue;
      keys.push({ field: field as AvailabilitySortField, direction: descending ? "desc" : "asc" });
    }
    return keys;
  }, 200);

// --- Normalised outputs ------------------------------------------------------------------------

export type CatalogueStatus = "OPEN" | "CLOSED" | "FULL";

/** The filter values, normalised (a missing list is undefined, never []). */
export interface CatalogueFilters {
  search: string | undefined;
  date: string | undefined;
  weekday: number[] | undefined;
  location: string[] | undefined;
  /** categories of any group, ORed */
  category: string[] | undefined;
  period: string[] | undefined;
  availabilitiesPeriod: AvailabilitiesPeriod | undefined;
  age: number | undefined;
  /** one entry per `category-{group cuid}` parameter: OR inside a group, AND across groups */
  categoryGroups: Array<{ group: string; categories: string[] }>;
}

export type Paging = { limit: number; offset: number };

/** Where availabilities come from: an activity, catalogs, segments (ANDed when combined). */
export interface AvailabilityScope {
  activity: string | undefined;
  catalogs: string[] | undefined;
  segments: string[] | undefined;
  /** default [OPEN] (storefront.md §9) */
  statuses: CatalogueStatus[];
}

const orUndefined = <T>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);

/** Adds the `category-{group cuid}` parameters' issues under their own names. */
function toFilters(
  query: CatalogueFilterQuery,
  ctx: z.core.$RefinementCtx<unknown>,
): CatalogueFilters {
  const groups = categoryGroupFilters(query);
  if (!groups.ok) {
    for (const [path, code] of Object.entries(groups.fields)) {
      ctx.issues.push({ code: "custom", message: code, input: query[path], path: [path] });
    }
  }
  return {
    search: query.search,
    date: query.date,
    weekday: orUndefined(query.weekday),
    location: orUndefined(query.location),
    category: orUndefined(query.category),
    period: orUndefined(query.period),
    availabilitiesPeriod: query["availabilities-period"],
    age: query.age,
    categoryGroups: groups.ok
      ? Object.entries(groups.value).map(([group, categories]) => ({ group, categories }))
      : [],
  };
}

const pagingFields = {
  limit: integer(1, MAX_PAGE_SIZE),
  offset: integer(0, MAX_OFFSET),
  page_size: integer(1, MAX_PAGE_SIZE),
};

/** limit/offset when either is given, otherwise page_number/page_size (offset = (n − 1) × size). */
function toPaging(
  query: { limit?: number; offset?: number; page_number?: number; page_size?: number },
  defaultLimit = DEFAULT_PAGE_SIZE,
): Paging {
  if (query.limit !== undefined || query.offset !== undefined) {
    return { limit: query.limit ?? defaultLimit, offset: query.offset ?? 0 };
  }
  const size = query.page_size ?? defaultLimit;
  return { limit: size, offset: ((query.page_number ?? 1) - 1) * size };
}

const scopeFields = { activity: oneCuid(), catalog: cuidList(), segment: cuidList() };

function toScope(query: {
  activity?: string | undefined;
  catalog?: string[] | undefined;
  segment?: string[] | undefined;
  status?: CatalogueStatus[] | undefined;
}): AvailabilityScope {
  return {
    activity: query.activity,
    catalogs: query.catalog,
    segments: query.segment,
    statuses: query.status?.length ? query.status : ["OPEN"],
  };
}

// --- The calls ---------------------------------------------------------------------------------

/** GET /api/availabilities */
export const availabilitiesQuery = catalogueFilterQuery
  .extend({
    ...pagingFields,
    ...scopeFields,
    after: instant(),
    before: instant(),
    sort: sortList(),
  })
  .transform((query, ctx) => ({
    paging: toPaging(query),
    scope: toScope(query),
    filters: toFilters(query, ctx),
    after: query.after,
    before: query.before,
    sort: query.sort?.length ? query.sort : DEFAULT_SORT,
  }));
export type AvailabilitiesQuery = z.output<typeof availabilitiesQuery>;

/** GET /api/availabilities/calendar: the same selection, without after/before nor paging. */
export const availabilitiesCalendarQuery = catalogueFilterQuery
  .extend(scopeFields)
  .transform((query, ctx) => ({ scope: toScope(query), filters: toFilters(query, ctx) }));
export type AvailabilitiesCalendarQuery = z.output<typeof availabilitiesCalendarQuery>;

export const DATES_DEFAULT_LIMIT = 100;
export const DATES_MAX_LIMIT = 500;

/** GET /api/availabilities/dates */
export const availabilityDatesQuery = catalogueFilterQuery
  .extend({
    limit: integer(1, DATES_MAX_LIMIT),
    offset: integer(0, MAX_OFFSET),
    page_size: integer(1, DATES_MAX_LIMIT),
    ...scopeFields,
    after: instant(),
    before: instant(),
  })
  .transform((query, ctx) => ({
    paging: toPaging(query, DATES_DEFAULT_LIMIT),
    scope: toScope(query),
    filters: toFilters(query, ctx),
    after: query.after,
    before: query.before,
  }));
export type AvailabilityDatesQuery = z.output<typeof availabilityDatesQuery>;

/** GET /api/activities; with `id` the answer is `{ data }` with those activities only. */
export const activitiesQuery = catalogueFilterQuery
  .extend({ ...pagingFields, catalog: cuidList(), id: idList(), after: instant() })
  .transform((query, ctx) => ({
    paging: toPaging(query),
    catalogs: query.catalog,
    ids: query.id,
    after: query.after,
    filters: toFilters(query, ctx),
  }));
export type ActivitiesQuery = z.output<typeof activitiesQuery>;

/** GET /api/bundles, /api/memberships, /api/vouchers: paging, ids and the search filter. */
export const productsQuery = catalogueFilterQuery
  .extend({ ...pagingFields, id: idList() })
  .transform((query, ctx) => ({
    paging: toPaging(query),
    ids: query.id,
    filters: toFilters(query, ctx),
  }));
export type ProductsQuery = z.output<typeof productsQuery>;

/** GET /api/resources */
export const resourcesQuery = z
  .looseObject({ id: idList() })
  .transform((query) => ({ ids: query.id }));
export type ResourcesQuery = z.output<typeof resourcesQuery>;

/** GET /api/resources/availabilities: the bookable slots of some resources in a window. */
export const resourceAvailabilitiesQuery = z
  .looseObject({ resources: idList(), after: instant(), before: instant() })
  .transform((query, ctx) => {
    if (!query.resources) {
      ctx.issues.push({
        code: "custom",
        message: "REQUIRED",
        input: undefined,
        path: ["resources"],
      });
    }
    return { resources: query.resources ?? [], after: query.after, before: query.before };
  });
export type ResourceAvailabilitiesQuery = z.output<typeof resourceAvailabilitiesQuery>;
