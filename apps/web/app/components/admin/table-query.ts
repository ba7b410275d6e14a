/**
 * The URL state of a console list, as the API takes it: `search`, `sort` (a column key, `-key`
 * descending) and the paging (`page_number`, `page_size`: components/account/paging.ts). A
 * change of search, filter or sort goes back to the first page.
 */

export const SEARCH_PARAM = "search";
export const SORT_PARAM = "sort";
const PAGE_PARAM = "page_number";

export interface SortState {
  key: string;
  descending: boolean;
}

/** The URL's sort when it names one of `keys`, `fallback` otherwise. */
export function readSort(url: URL, keys: readonly string[], fallback: SortState): SortState {
  const raw = url.searchParams.get(SORT_PARAM) ?? "";
  const descending = raw.startsWith("-");
  const key = descending ? raw.slice(1) : raw;
  return keys.includes(key) ? { key, descending } : fallback;
}

export function sortParam(sort: SortState): string {
  return sort.descending ? `-${sort.key}` : sort.key;
}

/** The query of the same list with `changes` applied (null removes a parameter), on page 1. */
export function changedSearch(
  search: string | URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(search);
  next.delete(PAGE_PARAM);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}

/**
 * Rows sorted in the browser, for lists the API answers whole (collaborators, roles): `values`
 * gives each sort key's value of a row; missing values (never logged in) come last.
 */
export function sortRows<T>(
  rows: readonly T[],
  sort: SortState,
  values: Record<string, (row: T) => string | number | null>,
  locale: string,
): T[] {
  const value = values[sort.key];
  if (!value) return [...rows];
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    const order =
      typeof left === "number" && typeof right === "number"
        ? left - right
        : collator.compare(String(left), String(right));
    return sort.descending ? -order : order;
  });
}

/** A URL parameter, trimmed, when it is short enough for the API (longer ones are ignored). */
export function urlParam(url: URL, name: string, max = 100): string | undefined {
  const value = url.searchParams.get(name)?.trim();
  return value && value.length <= max ? value : undefined;
}

/** `value` when it is one of `values` (a filter the API knows), undefined otherwise. */
export function oneOf<T extends string>(
  values: readonly T[],
  value: string | undefined,
): T | undefined {
  return values.find((candidate) => candidate === value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The URL's `from` and `to` days (YYYY-MM-DD); an end before the start is dropped. */
export function dayRange(url: URL): { from: string | undefined; to: string | undefined } {
  const day = (name: string) => {
    const value = urlParam(url, name, 10);
    return value && DAY.test(value) ? value : undefined;
  };
  const from = day("from");
  const to = day("to");
  return { from, to: to && from && to < from ? undefined : to };
}
