import type { AdminDateConfigurationView, DateConfigurationBody } from "@booking/contracts";
import { apiRequest } from "../api";

const path = (cuid?: string) =>
  `/api/admin/date-configurations${cuid ? `/${encodeURIComponent(cuid)}` : ""}`;

/** The console's date configuration calls sent by the browser; reads go through the loader. */
export const dateConfigurationsApi = {
  create: (body: DateConfigurationBody) =>
    apiRequest<AdminDateConfigurationView>("POST", path(), body),
  update: (cuid: string, body: DateConfigurationBody) =>
    apiRequest<AdminDateConfigurationView>("PUT", path(cuid), body),
  order: (cuids: string[]) => apiRequest<unknown>("PUT", path("order"), { cuids }),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", path(cuid)),
};
