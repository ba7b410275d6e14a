import type {
  ApiKeyBody,
  ApiKeyCreated,
  ApiKeyView,
  WebhookEndpointBody,
  WebhookEndpointDetail,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's integrations (decision 0086): paths, and the writes from the browser. */

/** The webhooks' list is the area's first page; their own pages are under …/webhooks/. */
export const WEBHOOKS_PATH = "/admin/integrations";
export const NEW_WEBHOOK_PATH = `${WEBHOOKS_PATH}/webhooks/new`;
export const API_KEYS_PATH = `${WEBHOOKS_PATH}/api-keys`;
export const WEBHOOKS_API = "/api/admin/integrations/webhooks";
export const API_KEYS_API = "/api/admin/integrations/api-keys";

export const webhookPath = (cuid: string) =>
  `${WEBHOOKS_PATH}/webhooks/${encodeURIComponent(cuid)}`;
const webhookApi = (cuid: string) => `${WEBHOOKS_API}/${encodeURIComponent(cuid)}`;

export const integrationsApi = {
  createWebhook: (body: WebhookEndpointBody) =>
    apiRequest<WebhookEndpointDetail>("POST", WEBHOOKS_API, body),
  updateWebhook: (cuid: string, body: WebhookEndpointBody) =>
    apiRequest<WebhookEndpointDetail>("PUT", webhookApi(cuid), body),
  deleteWebhook: (cuid: string) => apiRequest<{ ok: true }>("DELETE", webhookApi(cuid)),
  resend: (cuid: string, delivery: string) =>
    apiRequest<{ ok: true }>(
      "POST",
      `${webhookApi(cuid)}/deliveries/${encodeURIComponent(delivery)}/resend`,
    ),
  createKey: (body: ApiKeyBody) => apiRequest<ApiKeyCreated>("POST", API_KEYS_API, body),
  revokeKey: (cuid: string) =>
    apiRequest<ApiKeyView>("POST", `${API_KEYS_API}/${encodeURIComponent(cuid)}/revoke`),
};
