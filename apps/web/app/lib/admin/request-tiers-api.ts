import type { AdminRequestTierView, RequestTierBody } from "@booking/contracts";
import { apiRequest } from "../api";

/** An activity's request tiers, as the console edits them (reads: the loader). */
const path = (activity: string, ...rest: string[]) =>
  [`/api/admin/activities/${encodeURIComponent(activity)}/request-tiers`, ...rest]
    .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
    .join("/");

export const requestTiersApi = {
  create: (activity: string, body: RequestTierBody) =>
    apiRequest<AdminRequestTierView>("POST", path(activity), body),
  update: (activity: string, cuid: string, body: RequestTierBody) =>
    apiRequest<AdminRequestTierView>("PUT", path(activity, cuid), body),
  remove: (activity: string, cuid: string) =>
    apiRequest<{ ok: true }>("DELETE", path(activity, cuid)),
  reorder: (activity: string, cuids: string[]) =>
    apiRequest<unknown>("PUT", path(activity, "order"), { cuids }),
};
