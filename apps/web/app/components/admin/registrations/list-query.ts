import { REGISTRATION_PAYMENT_STATES, REGISTRATION_SORTS } from "@booking/contracts";
import { dayRange, oneOf, readSort, type SortState, urlParam } from "../table-query";

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
  const get = (name: string, max?: number) => urlParam(url, name, max);
  const payment = get("payment");
  const cancelled = get("cancelled");
  const sort = readSort(url, SORT_KEYS, { key: "created_at", descending: true });
  const filters = {
    q: get("q"),
    activity: get("activity", 40),
    ...dayRange(url),
    payment: oneOf(REGISTRATION_PAYMENT_STATES, payment),
    cancelled: cancelled === "true" || cancelled === "false" ? cancelled : undefined,
  };
  return {
    params: { ...filters, sort: sort.descending ? `-${sort.key}` : sort.key },
    sort,
    filtered: Object.values(filters).some(Boolean),
  };
}
