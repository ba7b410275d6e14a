import type {
  AdminRegistrationConstraintView,
  RegistrationConstraintBody,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** An activity's registration constraints, as the console edits them (reads: the loader). */
const path = (activity: string, ...rest: string[]) =>
  [`/api/admin/activities/${encodeURIComponent(activity)}/registration-constraints`, ...rest]
    .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
    .join("/");

export const constraintsApi = {
  create: (activity: string, body: RegistrationConstraintBody) =>
    apiRequest<AdminRegistrationConstraintView>("POST", path(activity), body),
  update: (activity: string, cuid: string, body: RegistrationConstraintBody) =>
    apiRequest<AdminRegistrationConstraintView>("PUT", path(activity, cuid), body),
  remove: (activity: string, cuid: string) =>
    apiRequest<{ ok: true }>("DELETE", path(activity, cuid)),
  reorder: (activity: string, cuids: string[]) =>
    apiRequest<unknown>("PUT", path(activity, "order"), { cuids }),
};
