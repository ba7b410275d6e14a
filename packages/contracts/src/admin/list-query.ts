import { z } from "zod";
import { LIMITS, pagingQuery } from "../common.ts";
import { isCalendarDay } from "../page-elements/filters.ts";

/**
 * Query parameters of the console's lists: `page_number` / `page_size`, `q` (a search), `sort`
 * (a key, `-key` descending) and filters. A blank parameter counts as not given, as a GET form
 * sends its empty inputs.
 */

const blankIsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** `q`: a search typed in the list's search box. */
export const listSearch = z.preprocess(
  blankIsMissing,
  z.string("INVALID_TYPE").trim().max(LIMITS.name, "TOO_LONG").optional(),
);

/** `true` or `false`, as a query string carries them. */
export const listFlag = z.preprocess(
  blankIsMissing,
  z
    .enum(["true", "false"], { error: "INVALID_CHOICE" })
    .transform((value) => value === "true")
    .optional(),
);

/** A calendar day YYYY-MM-DD. */
export const listDay = z.preprocess(
  blankIsMissing,
  z.string("INVALID_TYPE").trim().refine(isCalendarDay, "INVALID_DATE").optional(),
);

/** A whole number in a query string, from 0 to `max`. */
export const listCount = (max: number) =>
  z.preprocess(
    blankIsMissing,
    z.coerce
      .number("INVALID_TYPE")
      .int("INVALID_TYPE")
      .min(0, "TOO_SMALL")
      .max(max, "TOO_BIG")
      .optional(),
  );

/** A cuid in a query string (another record the list is narrowed to). */
export const listCuid = z.preprocess(
  blankIsMissing,
  z.string("INVALID_TYPE").trim().max(40, "TOO_LONG").optional(),
);

/** `sort`: one of `keys`, ascending or (with a leading `-`) descending; `fallback` when absent. */
export function listSort<const K extends string>(keys: readonly K[], fallback: K) {
  const values = keys.flatMap((key) => [key, `-${key}`]);
  return z.preprocess(
    blankIsMissing,
    z
      .string("INVALID_TYPE")
      .refine((value) => values.includes(value), "INVALID_CHOICE")
      .default(fallback)
      .transform((value) => ({
        key: (value.startsWith("-") ? value.slice(1) : value) as K,
        descending: value.startsWith("-"),
      })),
  );
}

/** A list's paging and search; extend it with the list's sort and filters. */
export const adminListQuery = pagingQuery.extend({ q: listSearch });

/** `{from}` after `{to}` is TOO_SMALL on `{to}` (a period filter given backwards). */
export function checkListRange<F extends string, T extends string>(from: F, to: T) {
  return (value: Partial<Record<F | T, string | number>>, ctx: z.core.$RefinementCtx) => {
    const start = value[from];
    const end = value[to];
    if (start !== undefined && end !== undefined && end < start) {
      ctx.issues.push({ code: "custom", message: "TOO_SMALL", path: [to], input: end });
    }
  };
}
