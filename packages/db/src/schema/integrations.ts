import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Integrations (issue 17 §3; docs/decisions/0086-webhooks-and-api-keys.md): outgoing webhooks
// with their delivery log, and API keys for an organiser's own read access.

/** An organiser's HTTPS address subscribed to event types of the catalogue. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    url: text().notNull(),
    description: text().notNull().default(""),
    /** event types of packages/domain/src/events.ts */
    eventTypes: text().array().notNull(),
    /** the HMAC-SHA256 key of the signatures (`whsec_…`), shown to staff to verify them */
    signingSecret: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** why it stopped: DISABLED by staff, FAILING when deliveries kept failing */
    disabledReason: text().$type<"DISABLED" | "FAILING">(),
    /** failed attempts in a row (any delivery); a success resets it */
    consecutiveFailures: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("webhook_endpoints", t),
    check(
      "webhook_endpoints_disabled_reason",
      sql`${t.disabledReason} is null or ${t.disabledReason} in ('DISABLED', 'FAILING')`,
    ),
  ],
);

/**
 * One event for one endpoint: unique per endpoint and event, so a replayed event delivers once.
 * PENDING until an attempt succeeds (SUCCEEDED) or the retries end (FAILED); `queuedAttempt` is
 * the attempt already handed to the `webhooks` queue (the relay hands the next one over).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    endpointId: integer().notNull(),
    eventCuid: text().notNull(),
    eventType: text().notNull(),
    /** the body sent, the same on every attempt */
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<"PENDING" | "SUCCEEDED" | "FAILED">().notNull().default("PENDING"),
    attempts: integer().notNull().default(0),
    queuedAttempt: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    /** when the retries of this delivery end (24 h after its first attempt was due) */
    retryUntil: timestamptz().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("webhook_deliveries", t),
    unique("webhook_deliveries_event_unique").on(t.organiserId, t.endpointId, t.eventCuid),
    tenantForeignKey(
      "webhook_deliveries_endpoint_fk",
      { organiserId: t.organiserId, column: t.endpointId },
      webhookEndpoints,
      "cascade",
    ),
    index("webhook_deliveries_endpoint_idx").on(t.organiserId, t.endpointId, t.id),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    check("webhook_deliveries_status", sql`${t.status} in ('PENDING', 'SUCCEEDED', 'FAILED')`),
  ],
);

/** One attempt of a delivery: what the receiver answered, and how long it took. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    deliveryId: integer().notNull(),
    attempt: integer().notNull(),
    succeeded: boolean().notNull(),
    /** the HTTP status; null when no answer came (refused, timed out) */
    responseCode: integer(),
    durationMs: integer().notNull(),
    /** why it failed without an answer, or the start of the answer's body */
    detail: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("webhook_attempts", t),
    unique("webhook_attempts_attempt_unique").on(t.organiserId, t.deliveryId, t.attempt),
    tenantForeignKey(
      "webhook_attempts_delivery_fk",
      { organiserId: t.organiserId, column: t.deliveryId },
      webhookDeliveries,
      "cascade",
    ),
  ],
);

/**
 * A key for an organiser's read API: only the SHA-256 of the key is kept (the key is shown once),
 * with its visible prefix to tell keys apart.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    /** the key's first characters, shown in lists (`bk_` and 8 more) */
    prefix: text().notNull(),
    /** hex SHA-256 of the whole key */
    keyHash: text().notNull(),
    /** read scopes, e.g. `customers.read` */
    scopes: text().array().notNull(),
    expiresAt: timestamptz(),
    revokedAt: timestamptz(),
    lastUsedAt: timestamptz(),
    createdByCollaboratorId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("api_keys", t),
    // The key is looked up with the organiser of the host it is presented to.
    unique("api_keys_keyHash_unique").on(t.organiserId, t.keyHash),
  ],
);
