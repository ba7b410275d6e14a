/**
 * Filter values as the URL carries them (storefront.md "Filters": "Filters are read from query
 * parameters named after the filter ids"). Values stay strings here, exactly as in the query:
 * lists (location, category-…) are comma-separated. The section loaders parse them with the
 * contracts' `catalogueFilterQuery` before calling the reader.
 */

export type FilterValues = Record<string, string>;

/** Query parameter of the current page (default 1). */
export const PAGE_NUMBER_PARAM = "page_number";
export const PAGE_SIZE_PARAM = "page_size";

export function readFilterValues(params: URLSearchParams, ids: readonly string[]): FilterValues {
  const values: FilterValues = {};
  for (const id of ids) values[id] = params.get(id) ?? "";
  return values;
}

/** Comma list → array, blanks dropped. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

export function joinList(values: readonly string[]): string {
  return values.join(",");
}

/**
 * The query after a filter change: each value set (or removed when empty) and, as the spec says,
 * page_number back to 1. Other parameters (preview, other sections' state) are kept.
 */
export function withFilterValues(params: URLSearchParams, values: FilterValues): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [id, value] of Object.entries(values)) {
    const trimmed = value.trim();
    if (trimmed) next.set(id, trimmed);
    else next.delete(id);
  }
  next.set(PAGE_NUMBER_PARAM, "1");
  return next;
}

export function sameValues(a: FilterValues, b: FilterValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] ?? "").trim() !== (b[key] ?? "").trim()) return false;
  return true;
}
