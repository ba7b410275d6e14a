import { OUTSTANDING_ITEM_TYPES, PAYMENT_KINDS, PAYMENT_LIST_STATUSES } from "@booking/contracts";
import { dayRange, oneOf, urlParam as param, readSort, type SortState } from "../table-query";

/**
 * The payments list's filters read from its URL, as GET /api/admin/payments takes them. Values
 * the API would refuse are left out rather than failing the page (an end before the start drops
 * the end).
 */
export function paymentListQuery(url: URL): {
  params: Record<string, string | undefined>;
  sort: SortState;
  filtered: boolean;
} {
  const sort = readSort(url, ["date", "amount"], { key: "date", descending: true });
  const filters = {
    q: param(url, "q"),
    type: oneOf(PAYMENT_KINDS, param(url, "type")),
    status: oneOf(PAYMENT_LIST_STATUSES, param(url, "status")),
    ...dayRange(url),
  };
  return {
    params: { ...filters, sort: sort.descending ? `-${sort.key}` : sort.key },
    sort,
    filtered: Object.values(filters).some(Boolean),
  };
}

/** The outstanding list's search, kind and sort (age: the longest waiting first by default). */
export function outstandingQuery(url: URL): {
  params: Record<string, string | undefined>;
  sort: SortState;
  searching: boolean;
} {
  const sort = readSort(url, ["age", "due"], { key: "age", descending: true });
  const q = param(url, "q");
  const type = oneOf(OUTSTANDING_ITEM_TYPES, param(url, "type"));
  return {
    params: { q, type, sort: sort.descending ? `-${sort.key}` : sort.key },
    sort,
    searching: q !== undefined || type !== undefined,
  };
}
