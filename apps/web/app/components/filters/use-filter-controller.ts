import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { type FilterValues, readFilterValues, sameValues, withFilterValues } from "./query";
import { useMinimumDuration } from "./use-minimum-duration";

/**
 * storefront.md §9 "Filter debounce: 500 ms on the catalogue section, 750 ms default, 350 ms
 * outside a popover". The availabilities cards section (the catalogue) uses 500 ms, the inline
 * filters section (filters laid out on the page, outside any sidebar or popover) 350 ms, every
 * other section 750 ms. Popover filters (calendar popover, multi-select list) apply at once.
 */
export const FILTER_DEBOUNCE = { catalogue: 500, default: 750, inline: 350 } as const;

export interface ChangeOptions {
  /** apply now (popover filters, explicit submit) instead of after the debounce */
  immediate?: boolean;
}

export interface FilterController {
  /** what the inputs show: the URL values, or the edit waiting for its debounce */
  values: FilterValues;
  /** the values applied to the URL */
  urlValues: FilterValues;
  change: (id: string, value: string, options?: ChangeOptions) => void;
  /** writes `values` to the URL now (page_number back to 1, history replaced) */
  apply: (values: FilterValues) => void;
  /** clears every filter of the controller */
  reset: () => void;
  /** an edit waits for its debounce or the page reloads its data (held at least 350 ms) */
  loading: boolean;
  ids: readonly string[];
}

/** Whether the page is reloading its data after a change of its own query (same path). */
export function useSamePageNavigation(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
}

/** A loading flag for results: an edit waits or the page reloads; held at least 350 ms. */
export function useResultsLoading(pending = false): boolean {
  const navigating = useSamePageNavigation();
  return useMinimumDuration(pending || navigating);
}

/**
 * The state of a set of filters bound to the URL query (storefront.md §4 "Filters": changes
 * write to the URL query, reset page_number to 1 and replace history; on desktop an edit shows a
 * loading state and is applied after a debounce; popover filters apply immediately).
 */
export function useFilterController(
  ids: readonly string[],
  debounceMs: number = FILTER_DEBOUNCE.default,
): FilterController {
  const [searchParams, setSearchParams] = useSearchParams();
  // The same ids in a new array (each render of the section) must not count as a change.
  const idsKey = ids.join("\u0000");
  const stableIds = useMemo(() => (idsKey ? idsKey.split("\u0000") : []), [idsKey]);
  const urlValues = useMemo(
    () => readFilterValues(searchParams, stableIds),
    [searchParams, stableIds],
  );
  const [draft, setDraft] = useState<FilterValues>(urlValues);
  const draftRef = useRef(draft);
  const urlRef = useRef(urlValues);
  urlRef.current = urlValues;
  const timer = useRef<number | null>(null);
  const [pending, setPending] = useState(false);

  // The URL changed on its own (back/forward, another filter panel, a schedule button): show it,
  // unless an edit is waiting for its debounce.
  const urlKey = stableIds.map((id) => urlValues[id] ?? "").join("\u0000");
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlKey stands for urlValues
  useEffect(() => {
    if (timer.current !== null) return;
    draftRef.current = urlRef.current;
    setDraft(urlRef.current);
  }, [urlKey]);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const apply = useCallback(
    (values: FilterValues) => {
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
        timer.current = null;
      }
      setPending(false);
      draftRef.current = { ...draftRef.current, ...values };
      setDraft(draftRef.current);
      if (
        sameValues(
          values,
          readFilterValues(new URLSearchParams(window.location.search), Object.keys(values)),
        )
      ) {
        return;
      }
      setSearchParams((previous) => withFilterValues(previous, values), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  const change = useCallback(
    (id: string, value: string, options?: ChangeOptions) => {
      const next = { ...draftRef.current, [id]: value };
      draftRef.current = next;
      setDraft(next);
      if (options?.immediate) {
        apply(next);
        return;
      }
      if (timer.current !== null) window.clearTimeout(timer.current);
      setPending(true);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        apply(draftRef.current);
      }, debounceMs);
    },
    [apply, debounceMs],
  );

  const reset = useCallback(() => {
    apply(Object.fromEntries(stableIds.map((id) => [id, ""])));
  }, [apply, stableIds]);

  const loading = useResultsLoading(pending);
  return { values: draft, urlValues, change, apply, reset, loading, ids: stableIds };
}
