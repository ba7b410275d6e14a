import { API_KEY_SCOPES, EVENT_TYPES } from "@booking/domain";
import { z } from "zod";
import { calendarDate, LIMITS, requiredText } from "../common.ts";
import { cuidValue } from "./catalogue-fields.ts";

/**
 * Integrations (/api/admin/integrations, permissions `integrations.integrations.read`,
 * `activate`, `deactivate`; decision 0086): webhook endpoints with their delivery log, and API
 * keys for the organiser's read API.
 */

const MAX_URL_LENGTH = 2000;

/** An absolute http(s) address without credentials (the server also refuses http in production). */
export const webhookUrl = z
  .string("INVALID_TYPE")
  .trim()
  .min(1, "REQUIRED")
  .max(MAX_URL_LENGTH, "TOO_LONG")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username;
    } catch {
      return false;
    }
  }, "INVALID_FORMAT");

/** POST /api/admin/integrations/webhooks, PUT …/webhooks/:cuid */
export const webhookEndpointBody = z
  .object({
    url: webhookUrl,
    description: z.string("INVALID_TYPE").trim().max(LIMITS.shortText, "TOO_LONG").default(""),
    event_types: z
      .array(z.enum(EVENT_TYPES as [string, ...string[]], "INVALID_CHOICE"), "INVALID_TYPE")
      .min(1, "REQUIRED")
      .max(EVENT_TYPES.length, "TOO_BIG")
      .transform((types) => [...new Set(types)]),
    enabled: z.boolean("INVALID_TYPE").default(true),
  })
  .strict();
export type WebhookEndpointBody = z.input<typeof webhookEndpointBody>;

export const webhookEndpointView = z.object({
  cuid: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  /** DISABLED by staff, FAILING when its deliveries kept failing */
  disabled_reason: z.enum(["DISABLED", "FAILING"]).nullable(),
  consecutive_failures: z.int(),
  created_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

/** One endpoint, with its signing secret (what receivers verify signatures with). */
export const webhookEndpointDetail = webhookEndpointView.extend({ signing_secret: z.string() });
export type WebhookEndpointDetail = z.infer<typeof webhookEndpointDetail>;

export const webhookEndpointList = z.object({
  data: z.array(webhookEndpointView),
  event_types: z.array(z.string()),
});

export const webhookParams = z.object({ cuid: cuidValue });
export const webhookDeliveryParams = z.object({ cuid: cuidValue, delivery: cuidValue });

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;

export const webhookAttemptView = z.object({
  attempt: z.int(),
  succeeded: z.boolean(),
  /** null when no answer came */
  response_code: z.int().nullable(),
  duration_ms: z.int(),
  detail: z.string(),
  at: z.string(),
});

export const webhookDeliveryView = z.object({
  cuid: z.string(),
  event_cuid: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.int(),
  /** when the next attempt is due, while PENDING */
  next_attempt_at: z.string().nullable(),
  last_response_code: z.int().nullable(),
  created_at: z.string(),
  attempt_log: z.array(webhookAttemptView),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const WEBHOOK_DELIVERIES_PAGE = 50;

export const webhookDeliveriesQuery = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, "INVALID_CHOICE").optional(),
  /** the page after this delivery (the list's "older" link) */
  before: cuidValue.optional(),
});

export const webhookDeliveryList = z.object({
  data: z.array(webhookDeliveryView),
  /** the cuid to ask `before` for the next page; null on the last */
  next_before: z.string().nullable(),
});

/** POST /api/admin/integrations/api-keys */
export const apiKeyBody = z
  .object({
    name: requiredText(LIMITS.name),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, "INVALID_CHOICE"), "INVALID_TYPE")
      .min(1, "REQUIRED")
      .transform((scopes) => [...new Set(scopes)]),
    /** a calendar day after which the key no longer works; none: until revoked */
    expires_on: z.preprocess((value) => (value === "" ? null : value), calendarDate.nullish()),
  })
  .strict();
export type ApiKeyBody = z.input<typeof apiKeyBody>;

export const apiKeyView = z.object({
  cuid: z.string(),
  name: z.string(),
  /** the key's visible start, to tell keys apart */
  prefix: z.string(),
  scopes: z.array(z.string()),
  status: z.enum(["ACTIVE", "REVOKED", "EXPIRED"]),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** The answer to a key's creation: the only time the whole key is shown. */
export const apiKeyCreated = apiKeyView.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyList = z.object({
  data: z.array(apiKeyView),
  scopes: z.array(z.string()),
});
export const apiKeyParams = z.object({ cuid: cuidValue });
