import { REGISTRATION_PAYMENT_STATES, REGISTRATION_SORTS } from "@booking/contracts";
import { readSort, type SortState } from "../table-query";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SORT_KEYS = [...new Set(REGISTRATION_SORTS.map((sort) => sort.replace(/^-/, "")))];

/**
 * The filters of a registrations list read from its URL, as the API takes them. Values the API
 * would refuse are left out rather than failing the page (an end before the start drops the
 * end).
 */
export function registrationListQuery(url: URL): {
  params: Record<string, string | undefined>;
  sort: SortState;
  filtered: boolean;
} {
  const get = (name: string, max = 100) => {
    const value = url.searchParams.get(name)?.trim();
    return value && value.length <= max ? value : undefined;
  };
  const day = (name: string) => {
    const value = get(name, 10);
    return value && DAY.test(value) ? value : undefined;
  };
  const from = day("from");
  const to = day("to");
  const payment = get("payment");
  const cancelled = get("cancelled");
  const sort = readSort(url, SORT_KEYS, { key: "created_at", descending: true });
  const filters = {
    q: get("q"),
    activity: get("activity", 40),
    from,
    to: to && from && to < from ? undefined : to,
    payment: REGISTRATION_PAYMENT_STATES.find((state) => state === payment),
    cancelled: cancelled === "true" || cancelled === "false" ? cancelled : undefined,
  };
  return {
    params: { ...filters, sort: sort.descending ? `-${sort.key}` : sort.key },
    sort,
    filtered: Object.values(filters).some(Boolean),
  };
}
