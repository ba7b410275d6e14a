import type {
  AdminNotificationTemplateView,
  DefaultNotificationTemplateBody,
  NotificationTemplateBody,
  NotificationTemplatePreview,
  NotificationTemplatePreviewBody,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's notification-template calls sent by the browser; reads go through the loaders. */

export const TEMPLATES_API = "/api/admin/notification-templates";
const custom = (cuid: string) => `${TEMPLATES_API}/${encodeURIComponent(cuid)}`;
const byDefault = (key: string) => `${TEMPLATES_API}/defaults/${encodeURIComponent(key)}`;

export const notificationTemplatesApi = {
  create: (body: NotificationTemplateBody) =>
    apiRequest<AdminNotificationTemplateView>("POST", TEMPLATES_API, body),
  update: (cuid: string, body: NotificationTemplateBody) =>
    apiRequest<AdminNotificationTemplateView>("PUT", custom(cuid), body),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", custom(cuid)),
  updateDefault: (key: string, body: DefaultNotificationTemplateBody) =>
    apiRequest<AdminNotificationTemplateView>("PUT", byDefault(key), body),
  /** drops the organiser's version of a default: the product's text applies again */
  resetDefault: (key: string) =>
    apiRequest<AdminNotificationTemplateView>("DELETE", byDefault(key)),
  preview: (body: NotificationTemplatePreviewBody) =>
    apiRequest<NotificationTemplatePreview>("POST", `${TEMPLATES_API}/preview`, body),
};
