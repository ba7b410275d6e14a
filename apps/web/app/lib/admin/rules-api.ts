import type { AdminNotificationRuleView, NotificationRuleBody } from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's notification-rule calls sent by the browser; reads go through the loaders. */

export const RULES_API = "/api/admin/notification-rules";
export const RULES_PATH = "/admin/notifications/rules";
const rule = (cuid: string) => `${RULES_API}/${encodeURIComponent(cuid)}`;

export const rulesApi = {
  create: (body: NotificationRuleBody) =>
    apiRequest<AdminNotificationRuleView>("POST", RULES_API, body),
  update: (cuid: string, body: NotificationRuleBody) =>
    apiRequest<AdminNotificationRuleView>("PUT", rule(cuid), body),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", rule(cuid)),
};

export const rulePath = (cuid: string) => `${RULES_PATH}/${encodeURIComponent(cuid)}`;
