import { ADMIN_REQUEST_STATUSES } from "@booking/contracts";
import { dayRange, oneOf, readSort, type SortState, urlParam } from "../table-query";

const AGE = /^\d{1,3}$/;

/**
 * The filters of the requests queue read from its URL, as the API takes them (PENDING when no
 * status is asked). Values the API would refuse are left out rather than failing the page.
 */
export function requestListQuery(url: URL): {
  params: Record<string, string | undefined>;
  sort: SortState;
  filtered: boolean;
} {
  const get = (name: string, max?: number) => urlParam(url, name, max);
  const age = (name: string) => {
    const value = get(name, 3);
    return value && AGE.test(value) && Number(value) <= 120 ? value : undefined;
  };
  const ageMin = age("age_min");
  const ageMax = age("age_max");
  const sort = readSort(url, ["created_at"], { key: "created_at", descending: false });
  const filters = {
    q: get("q"),
    status: oneOf([...ADMIN_REQUEST_STATUSES, "ALL"] as const, get("status")),
    activity: get("activity", 40),
    tier: get("tier", 40),
    age_min: ageMin,
    age_max: ageMax && ageMin && Number(ageMax) < Number(ageMin) ? undefined : ageMax,
    ...dayRange(url),
  };
  return {
    params: { ...filters, sort: sort.descending ? `-${sort.key}` : sort.key },
    sort,
    filtered: Object.values(filters).some(Boolean),
  };
}
