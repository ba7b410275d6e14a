import { z } from "zod";
import {
  CATEGORY_GROUP_FILTER_PREFIX,
  isCategoryFilterId,
  WEEKLY_CALENDAR_MODES,
} from "./catalogue.ts";
import { AVAILABILITY_STATUSES, type AvailabilityStatusName, CUID_PATTERN } from "./primitives.ts";
import { DAY_PATTERN, isCalendarDay } from "./render-rules.ts";

export { isCalendarDay };

// Filter values as they travel in the URL query (spec §5 "Filter values", "Filters"): the web
// filters write them, the catalogue sections read them, and the server's catalogue calls parse the
// same query. Empty parameters ("", or only spaces) mean "no filter". Repeated parameters
// (?location=a&location=b) are joined as a comma list.

/** Longest search text. */
export const MAX_SEARCH_LENGTH = 100;
/** Most values in one list filter (location, category, period). */
export const MAX_FILTER_VALUES = 50;
/** Most category-group filters in one query. */
export const MAX_CATEGORY_GROUP_FILTERS = 20;
/** Oldest age a filter accepts. */
export const MAX_AGE = 120;

type Ctx = z.core.$RefinementCtx<string>;

function fail(ctx: Ctx, code: string): never {
  ctx.issues.push({ code: "custom", message: code, input: ctx.value });
  return z.NEVER as never;
}

/** A query value as query-string parsers give it, turned into one trimmed string. */
const queryValue = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], {
    error: "INVALID_FORMAT",
  })
  .optional()
  .transform((value) =>
    value === undefined ? "" : Array.isArray(value) ? value.join(",") : String(value).trim(),
  );

/** A query field: `empty` when the parameter is missing or blank, else `parse(text)`. */
function queryField<T>(empty: T, parse: (text: string, ctx: Ctx) => T) {
  return queryValue.transform((text, ctx): T => {
    const trimmed = text.trim();
    return trimmed === "" ? empty : parse(trimmed, ctx);
  });
}

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Comma list of cuids → deduplicated array; [] when missing. */
const cuidListQuery = () =>
  queryField<string[]>([], (text, ctx) => {
    const items = splitList(text);
    if (items.length > MAX_FILTER_VALUES) return fail(ctx, "TOO_BIG");
    if (!items.every((item) => CUID_PATTERN.test(item))) return fail(ctx, "INVALID_FORMAT");
    return [...new Set(items)];
  });

const NUMBER = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;

/** An hour 0–24 (decimals allowed: 7.5 is 7:30); null when missing or empty. */
const hourQuery = () =>
  queryField<number | null>(null, (text, ctx) => {
    if (!NUMBER.test(text)) return fail(ctx, "INVALID_FORMAT");
    const hour = Number(text);
    if (hour < 0) return fail(ctx, "TOO_SMALL");
    if (hour > 24) return fail(ctx, "TOO_BIG");
    return hour;
  });

/** An integer within bounds, or the field code of the failure. */
function checkInteger(text: string, min: number, max: number): number | string {
  if (!INTEGER.test(text)) return "INVALID_FORMAT";
  const value = Number(text);
  if (value < min) return "TOO_SMALL";
  if (value > max) return "TOO_BIG";
  return value;
}

function integer(text: string, ctx: Ctx, min: number, max: number): number {
  const value = checkInteger(text, min, max);
  return typeof value === "string" ? fail(ctx, value) : value;
}

export type AvailabilitiesPeriod = { from: string; to: string };

/**
 * The catalogue filters of a URL query. Object keys are the filter ids (spec "Filters"); the
 * `category-{group cuid}` parameters are kept as they come (the object is loose) and read with
 * `categoryGroupFilters`. Outputs:
 * - search: trimmed text, at most 100 characters (TOO_LONG), or undefined;
 * - date: "YYYY-MM-DD" (INVALID_DATE) or undefined;
 * - location, category, period: cuid lists from comma lists (INVALID_FORMAT, at most 50: TOO_BIG),
 *   [] when missing;
 * - start_hour, end_hour: 0–24 (INVALID_FORMAT, TOO_SMALL, TOO_BIG), null when missing or empty;
 * - status: availability statuses from a comma list, case-insensitive (INVALID_CHOICE), or
 *   undefined (the section's own status setting applies);
 * - mode: "stacked" or "calendar" (INVALID_CHOICE) or undefined;
 * - age: integer 0–120 (INVALID_FORMAT, TOO_SMALL, TOO_BIG) or undefined;
 * - weekday: comma list of 1–7, Monday 1 and Sunday 7 (INVALID_FORMAT, TOO_SMALL, TOO_BIG),
 *   sorted, [] when missing;
 * - availabilities-period: "YYYY-MM-DD,YYYY-MM-DD" → { from, to } (INVALID_FORMAT when not two
 *   days, INVALID_DATE for a day that does not exist, TOO_SMALL when `to` is before `from`);
 * - page_number: integer ≥ 1, default 1 (INVALID_FORMAT, TOO_SMALL, TOO_BIG above 10 000).
 */
export const catalogueFilterQuery = z.looseObject({
  search: queryField<string | undefined>(undefined, (text, ctx) =>
    text.length > MAX_SEARCH_LENGTH ? fail(ctx, "TOO_LONG") : text,
  ),
  date: queryField<string | undefined>(undefined, (text, ctx) =>
    isCalendarDay(text) ? text : fail(ctx, "INVALID_DATE"),
  ),
  location: cuidListQuery(),
  category: cuidListQuery(),
  period: cuidListQuery(),
  start_hour: hourQuery(),
  end_hour: hourQuery(),
  status: queryField<AvailabilityStatusName[] | undefined>(undefined, (text, ctx) => {
    const items = splitList(text.toUpperCase());
    if (!items.every((item) => (AVAILABILITY_STATUSES as readonly string[]).includes(item))) {
      return fail(ctx, "INVALID_CHOICE");
    }
    return [...new Set(items)] as AvailabilityStatusName[];
  }),
  mode: queryField<(typeof WEEKLY_CALENDAR_MODES)[number] | undefined>(undefined, (text, ctx) =>
    (WEEKLY_CALENDAR_MODES as readonly string[]).includes(text)
      ? (text as (typeof WEEKLY_CALENDAR_MODES)[number])
      : fail(ctx, "INVALID_CHOICE"),
  ),
  age: queryField<number | undefined>(undefined, (text, ctx) => integer(text, ctx, 0, MAX_AGE)),
  weekday: queryField<number[]>([], (text, ctx) => {
    const days = splitList(text).map((item) => checkInteger(item, 1, 7));
    const failure = days.find((day) => typeof day === "string");
    if (failure !== undefined) return fail(ctx, failure as string);
    return [...new Set(days as number[])].sort((a, b) => a - b);
  }),
  "availabilities-period": queryField<AvailabilitiesPeriod | undefined>(undefined, (text, ctx) => {
    const parts = text.split(",").map((part) => part.trim());
    if (parts.length !== 2 || !parts.every((part) => DAY_PATTERN.test(part))) {
      return fail(ctx, "INVALID_FORMAT");
    }
    const [from, to] = parts as [string, string];
    if (!isCalendarDay(from) || !isCalendarDay(to)) return fail(ctx, "INVALID_DATE");
    if (to < from) return fail(ctx, "TOO_SMALL");
    return { from, to };
  }),
  page_number: queryField<number>(1, (text, ctx) => integer(text, ctx, 1, 10_000)),
});

export type CatalogueFilterQuery = z.output<typeof catalogueFilterQuery>;
export type CatalogueFilterQueryInput = z.input<typeof catalogueFilterQuery>;

const categoryGroupValue = cuidListQuery();

export type FilterParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; fields: Record<string, string> };

/**
 * The `category-{group cuid}` parameters of a query: group cuid → category cuids (non-empty lists
 * only). Categories of one group are alternatives; groups combine (an availability must match
 * every group filtered). Other parameters are ignored; more than 20 groups is TOO_BIG.
 */
export function categoryGroupFilters(
  query: Record<string, unknown>,
): FilterParseResult<Record<string, string[]>> {
  const value: Record<string, string[]> = {};
  const fields: Record<string, string> = {};
  const keys = Object.keys(query).filter(isCategoryFilterId);
  if (keys.length > MAX_CATEGORY_GROUP_FILTERS) {
    return { ok: false, fields: { [CATEGORY_GROUP_FILTER_PREFIX.slice(0, -1)]: "TOO_BIG" } };
  }
  for (const key of keys) {
    const parsed = categoryGroupValue.safeParse(query[key]);
    if (!parsed.success) fields[key] = parsed.error.issues[0]?.message ?? "INVALID_FORMAT";
    else if (parsed.data.length > 0)
      value[key.slice(CATEGORY_GROUP_FILTER_PREFIX.length)] = parsed.data;
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value };
}

type KnownFilterFields = typeof catalogueFilterQuery.shape;

/** The known filter fields, without the loose object's index signature. */
export type CatalogueFilterValues = {
  [K in keyof KnownFilterFields]: z.output<KnownFilterFields[K]>;
};

export type ParsedCatalogueFilters = CatalogueFilterValues & {
  /** Group cuid → category cuids, from the `category-{group cuid}` parameters. */
  category_groups: Record<string, string[]>;
};

/**
 * Parses every catalogue filter of a query (URLSearchParams entries or a query-string object):
 * the known fields and the category-group filters, with field codes on failure (path → code, as
 * in VALIDATION_ERROR answers). Unknown parameters are dropped.
 */
export function parseCatalogueFilters(
  query: Record<string, unknown> | URLSearchParams,
): FilterParseResult<ParsedCatalogueFilters> {
  const input = query instanceof URLSearchParams ? queryObject(query) : query;
  const fields: Record<string, string> = {};
  const parsed = catalogueFilterQuery.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      fields[path] ??= issue.message;
    }
  }
  const groups = categoryGroupFilters(input);
  if (!groups.ok) Object.assign(fields, groups.fields);
  if (!parsed.success || !groups.ok) return { ok: false, fields };
  const known: Record<string, unknown> = {};
  for (const key of Object.keys(catalogueFilterQuery.shape)) known[key] = parsed.data[key];
  return {
    ok: true,
    value: { ...(known as CatalogueFilterValues), category_groups: groups.value },
  };
}

/** URLSearchParams → object, repeated keys as arrays. */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length === 1 ? values[0]! : values;
  }
  return result;
}
