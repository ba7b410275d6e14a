import { createHash, randomBytes } from "node:crypto";
import type {
  ApiKeyCreated,
  ApiKeyView,
  apiKeyBody,
  WebhookDeliveryView,
  WebhookEndpointDetail,
  WebhookEndpointView,
  webhookDeliveriesQuery,
  webhookEndpointBody,
} from "@booking/contracts";
import { WEBHOOK_DELIVERIES_PAGE } from "@booking/contracts";
import {
  API_KEY_PREFIX_LENGTH,
  API_KEY_SCOPES,
  apiKeyUsable,
  dayRangeInZone,
  EVENT_TYPES,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { CredentialsCipher } from "../organisers/credentials.ts";
import { signingSecretContext } from "./delivery.ts";
import { urlRefusal } from "./outbound-http.ts";
import {
  type ApiKey,
  deleteEndpoint,
  findApiKey,
  findDelivery,
  findEndpoint,
  insertApiKey,
  insertEndpoint,
  listApiKeys,
  listAttemptsOf,
  listDeliveries,
  listEndpoints,
  revokeApiKey,
  updateDelivery,
  updateEndpoint,
  type WebhookEndpoint,
} from "./queries.ts";
import { newSigningSecret } from "./signature.ts";

// The console's integrations (decision 0086): webhook endpoints, their delivery log and manual
// resend, and API keys. Every change is audited; secrets never enter the audit log.

type EndpointInput = z.output<typeof webhookEndpointBody>;

export interface IntegrationsDeps {
  cipher: CredentialsCipher;
  /** production: endpoints must be https */
  httpsOnly: boolean;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function endpointView(row: WebhookEndpoint): WebhookEndpointView {
  return {
    cuid: row.cuid,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    disabled_reason: row.disabledReason ?? null,
    consecutive_failures: row.consecutiveFailures,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (row: WebhookEndpoint) => ({
  url: row.url,
  event_types: row.eventTypes,
  enabled: row.enabled,
});

function checkUrl(url: string, deps: IntegrationsDeps): void {
  if (urlRefusal(new URL(url), { httpsOnly: deps.httpsOnly })) {
    throw validationError({ url: "NOT_ALLOWED" });
  }
}

async function endpointOf(context: ConsoleContext, cuid: string): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(context.db, context.organiser.id, cuid);
  if (!endpoint) throw new AppError("NOT_FOUND");
  return endpoint;
}

export function createIntegrationsConsole(deps: IntegrationsDeps) {
  const detail = (row: WebhookEndpoint): WebhookEndpointDetail => ({
    ...endpointView(row),
    signing_secret: deps.cipher.open(row.signingSecret, signingSecretContext(row.organiserId)),
  });

  return {
    async listEndpoints(context: ConsoleContext) {
      const rows = await listEndpoints(context.db, context.organiser.id);
      return { data: rows.map(endpointView), event_types: [...EVENT_TYPES] };
    },

    async getEndpoint(context: ConsoleContext, cuid: string) {
      return detail(await endpointOf(context, cuid));
    },

    async createEndpoint(context: ConsoleContext, input: EndpointInput) {
      checkUrl(input.url, deps);
      const created = await insertEndpoint(context.db, {
        organiserId: context.organiser.id,
        url: input.url,
        description: input.description,
        eventTypes: input.event_types,
        enabled: input.enabled,
        disabledReason: input.enabled ? null : "DISABLED",
        signingSecret: deps.cipher.seal(
          newSigningSecret(),
          signingSecretContext(context.organiser.id),
        ),
      });
      await context.audit({
        action: "webhook.created",
        entity: "webhook",
        entityId: created.cuid,
        after: audited(created),
      });
      return detail(created);
    },

    /** Edits an endpoint; enabling it again clears its failures (its deliveries resume). */
    async updateEndpoint(context: ConsoleContext, cuid: string, input: EndpointInput) {
      checkUrl(input.url, deps);
      const endpoint = await endpointOf(context, cuid);
      const reenabled = input.enabled && !endpoint.enabled;
      const updated = await updateEndpoint(context.db, endpoint, {
        url: input.url,
        description: input.description,
        eventTypes: input.event_types,
        enabled: input.enabled,
        disabledReason: input.enabled ? null : (endpoint.disabledReason ?? "DISABLED"),
        ...(reenabled ? { consecutiveFailures: 0 } : {}),
      });
      await context.audit({
        action: "webhook.updated",
        entity: "webhook",
        entityId: cuid,
        before: audited(endpoint),
        after: audited(updated),
      });
      return detail(updated);
    },

    async deleteEndpoint(context: ConsoleContext, cuid: string) {
      const endpoint = await endpointOf(context, cuid);
      await deleteEndpoint(context.db, endpoint);
      await context.audit({
        action: "webhook.deleted",
        entity: "webhook",
        entityId: cuid,
        before: audited(endpoint),
      });
    },

    /** A page of the endpoint's deliveries, newest first, each with its attempts. */
    async listDeliveries(
      context: ConsoleContext,
      cuid: string,
      query: z.output<typeof webhookDeliveriesQuery>,
    ) {
      const endpoint = await endpointOf(context, cuid);
      const before = query.before
        ? await findDelivery(context.db, context.organiser.id, query.before)
        : null;
      const rows = await listDeliveries(context.db, context.organiser.id, endpoint.id, {
        limit: WEBHOOK_DELIVERIES_PAGE + 1,
        beforeId: before?.delivery.id ?? null,
        status: query.status ?? null,
      });
      const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE);
      const attempts = await listAttemptsOf(
        context.db,
        context.organiser.id,
        page.map((row) => row.delivery.id),
      );
      const data: WebhookDeliveryView[] = page.map(({ delivery, lastResponseCode }) => ({
        cuid: delivery.cuid,
        event_cuid: delivery.eventCuid,
        event_type: delivery.eventType,
        status: delivery.status,
        attempts: delivery.attempts,
        next_attempt_at:
          delivery.status === "PENDING" ? delivery.nextAttemptAt.toISOString() : null,
        last_response_code: lastResponseCode,
        created_at: delivery.createdAt.toISOString(),
        attempt_log: attempts
          .filter((attempt) => attempt.deliveryId === delivery.id)
          .map((attempt) => ({
            attempt: attempt.attempt,
            succeeded: attempt.succeeded,
            response_code: attempt.responseCode,
            duration_ms: attempt.durationMs,
            detail: attempt.detail,
            at: attempt.createdAt.toISOString(),
          })),
      }));
      const more = rows.length > WEBHOOK_DELIVERIES_PAGE;
      return { data, next_before: more ? (page.at(-1)?.delivery.cuid ?? null) : null };
    },

    /**
     * Sends a finished delivery (succeeded or failed) once more, now: one attempt, not retried
     * (`retryUntil` now). A delivery still PENDING is being retried already (409).
     */
    async resendDelivery(context: ConsoleContext, cuid: string, deliveryCuid: string) {
      const endpoint = await endpointOf(context, cuid);
      const found = await findDelivery(context.db, context.organiser.id, deliveryCuid, {
        lock: true,
      });
      if (!found || found.endpoint.id !== endpoint.id) throw new AppError("NOT_FOUND");
      if (found.delivery.status === "PENDING") throw new AppError("CONFLICT");
      if (!endpoint.enabled) throw validationError({ enabled: "NOT_ALLOWED" });
      const now = new Date();
      await updateDelivery(context.db, found.delivery, {
        status: "PENDING",
        nextAttemptAt: now,
        retryUntil: now,
      });
      await context.audit({
        action: "webhook.delivery.resent",
        entity: "webhook",
        entityId: cuid,
        after: { delivery: deliveryCuid, event_type: found.delivery.eventType },
      });
    },

    async listApiKeys(context: ConsoleContext) {
      const now = new Date();
      const rows = await listApiKeys(context.db, context.organiser.id);
      return { data: rows.map((row) => apiKeyView(row, now)), scopes: [...API_KEY_SCOPES] };
    },

    /** Creates a key and answers it whole, this once: only its SHA-256 is kept. */
    async createApiKey(
      context: ConsoleContext,
      input: z.output<typeof apiKeyBody>,
    ): Promise<ApiKeyCreated> {
      const now = new Date();
      const expiresAt = input.expires_on
        ? expiryOf(input.expires_on, context.organiser.timezone)
        : null;
      if (expiresAt && expiresAt <= now) throw validationError({ expires_on: "TOO_SMALL" });
      const key = `bk_${randomBytes(32).toString("base64url")}`;
      const row = await insertApiKey(context.db, {
        organiserId: context.organiser.id,
        name: input.name,
        prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        keyHash: hashApiKey(key),
        scopes: input.scopes,
        expiresAt,
        createdByCollaboratorId: context.actor.collaboratorId,
      });
      await context.audit({
        action: "api_key.created",
        entity: "api_key",
        entityId: row.cuid,
        after: {
          name: row.name,
          prefix: row.prefix,
          scopes: row.scopes,
          expires_at: iso(expiresAt),
        },
      });
      return { ...apiKeyView(row, now), key };
    },

    async revokeApiKey(context: ConsoleContext, cuid: string): Promise<ApiKeyView> {
      const key = await findApiKey(context.db, context.organiser.id, cuid);
      if (!key) throw new AppError("NOT_FOUND");
      const now = new Date();
      const revoked = key.revokedAt ? key : await revokeApiKey(context.db, key, now);
      if (!key.revokedAt) {
        await context.audit({
          action: "api_key.revoked",
          entity: "api_key",
          entityId: cuid,
          before: { name: key.name, prefix: key.prefix },
        });
      }
      return apiKeyView(revoked, now);
    },
  };
}

export type IntegrationsConsole = ReturnType<typeof createIntegrationsConsole>;

/** A key expiring on `day` (checked by the contract) works until that day ends in the organiser's zone. */
function expiryOf(day: string, timeZone: string): Date {
  return dayRangeInZone(day, timeZone).end;
}

/** The hex SHA-256 kept of a key: keys are 256 random bits, so no slow hash is needed. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function apiKeyView(row: ApiKey, now: Date): ApiKeyView {
  return {
    cuid: row.cuid,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    status: row.revokedAt ? "REVOKED" : apiKeyUsable(row, now) ? "ACTIVE" : "EXPIRED",
    expires_at: iso(row.expiresAt),
    revoked_at: iso(row.revokedAt),
    last_used_at: iso(row.lastUsedAt),
    created_at: row.createdAt.toISOString(),
  };
}
