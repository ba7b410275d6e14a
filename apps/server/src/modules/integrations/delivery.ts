import { type Database, type TenantTx, webhookDeliveries, withTenant } from "@booking/db";
import {
  nextWebhookAttemptAt,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookShouldDisable,
} from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { PublishedEvent } from "../../jobs/events-relay.ts";
import { queueEmail } from "../mail/outbox.ts";
import { staffEmail, templateCollaborator } from "../notifications/system-mail.ts";
import type { CredentialsCipher } from "../organisers/credentials.ts";
import { findOrganiserById, type Organiser } from "../organisers/queries.ts";
import { type OutboundPolicy, type OutboundResult, postOutbound } from "./outbound-http.ts";
import {
  countEndpointFailure,
  findDelivery,
  insertAttempt,
  insertDeliveriesOf,
  ownersOf,
  updateDelivery,
  updateEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "./queries.ts";
import { webhookHeaders } from "./signature.ts";

// Webhook deliveries (docs/decisions/0086-webhooks-and-api-keys.md): the events handler writes
// one delivery per subscribed endpoint, the relay (jobs/webhooks.ts) hands each due attempt to
// the `webhooks` queue, and `attemptDelivery` makes the call and records what came of it.

/** The body of every attempt of a delivery: the event as the catalogue has it. */
export function webhookBody(event: PublishedEvent): Record<string, unknown> {
  return {
    id: event.cuid,
    type: event.type,
    created_at: new Date(event.occurred_at).toISOString(),
    data: event.payload,
  };
}

/** The signing secret is sealed for its organiser: copied onto another's row it does not open. */
export const signingSecretContext = (organiserId: number) => `webhook-secret:${organiserId}`;

/** The `events` handler: one delivery per enabled endpoint subscribed to the event's type. */
export async function webhooksHandler(db: Database, event: PublishedEvent): Promise<void> {
  await withTenant(db, event.organiser_id, (tx) =>
    insertDeliveriesOf(
      tx,
      event.organiser_id,
      { cuid: event.cuid, type: event.type, body: webhookBody(event) },
      WEBHOOK_RETRY_WINDOW_MS,
      () => String(webhookDeliveries.cuid.defaultFn!()),
    ),
  );
}

/** What the `webhooks` queue carries: one attempt of one delivery. */
export interface WebhookJob {
  organiser_id: number;
  delivery_cuid: string;
  attempt: number;
}

export interface DeliveryDeps {
  cipher: CredentialsCipher;
  policy: OutboundPolicy;
  urls: PublicUrls;
  dispatchEmail(messageId: number): Promise<void>;
  now(): Date;
}

/** Whether `job` is still the delivery's next attempt (a replayed or outdated job is not). */
function isCurrent(delivery: WebhookDelivery, job: WebhookJob): boolean {
  return delivery.status === "PENDING" && delivery.attempts === job.attempt - 1;
}

/**
 * Makes attempt `job.attempt` of a delivery, once: signs the body with the endpoint's secret,
 * POSTs it under the outbound policy and records the attempt; then the delivery succeeded,
 * waits for its next attempt (backoff) or failed for good. Failures in a row disable the
 * endpoint and tell its owners by e-mail. Returns the attempt's result (null when nothing was
 * attempted: an outdated job, or an endpoint disabled since).
 */
export async function attemptDelivery(
  db: Database,
  job: WebhookJob,
  deps: DeliveryDeps,
): Promise<OutboundResult | null> {
  const found = await withTenant(db, job.organiser_id, (tx) =>
    findDelivery(tx, job.organiser_id, job.delivery_cuid),
  );
  if (!found || !isCurrent(found.delivery, job)) return null;
  if (!found.endpoint.enabled) {
    await withTenant(db, job.organiser_id, (tx) =>
      updateDelivery(tx, found.delivery, { status: "FAILED" }),
    );
    return null;
  }
  const secret = deps.cipher.open(
    found.endpoint.signingSecret,
    signingSecretContext(job.organiser_id),
  );
  const body = JSON.stringify(found.delivery.body);
  const headers = webhookHeaders(secret, found.delivery, body, deps.now());
  const result = await postOutbound(new URL(found.endpoint.url), body, headers, deps.policy);
  const organiser = await findOrganiserById(db, job.organiser_id);
  const mails = await withTenant(db, job.organiser_id, (tx) =>
    recordAttempt(tx, job, result, { ...deps, organiser }),
  );
  for (const id of mails) await deps.dispatchEmail(id);
  return result;
}

/** Records the attempt's outcome; returns the e-mails to dispatch (an endpoint disabled). */
async function recordAttempt(
  tx: TenantTx,
  job: WebhookJob,
  result: OutboundResult,
  deps: DeliveryDeps & { organiser: Organiser | null },
): Promise<number[]> {
  const locked = await findDelivery(tx, job.organiser_id, job.delivery_cuid, { lock: true });
  // Another worker recorded this attempt meanwhile (the call was made twice: at least once).
  if (!locked || !isCurrent(locked.delivery, job)) return [];
  const { delivery, endpoint } = locked;
  const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
  const now = deps.now();
  await insertAttempt(tx, {
    organiserId: delivery.organiserId,
    deliveryId: delivery.id,
    attempt: job.attempt,
    succeeded,
    responseCode: result.status,
    durationMs: result.durationMs,
    detail: result.detail,
  });
  const next = succeeded ? null : nextWebhookAttemptAt(job.attempt, now, delivery.retryUntil);
  await updateDelivery(tx, delivery, {
    attempts: job.attempt,
    status: succeeded ? "SUCCEEDED" : next ? "PENDING" : "FAILED",
    ...(next ? { nextAttemptAt: next } : {}),
  });
  const failures = await countEndpointFailure(tx, endpoint, !succeeded);
  return !succeeded && webhookShouldDisable(failures) ? disableFailing(tx, endpoint, deps) : [];
}

/** Disables an endpoint that keeps failing and writes its owners' e-mails. */
async function disableFailing(
  tx: TenantTx,
  endpoint: WebhookEndpoint,
  deps: DeliveryDeps & { organiser: Organiser | null },
): Promise<number[]> {
  if (!endpoint.enabled) return [];
  await updateEndpoint(tx, endpoint, { enabled: false, disabledReason: "FAILING" });
  const link = {
    kind: "console",
    url: `${deps.urls.console()}/admin/integrations/webhooks/${endpoint.cuid}`,
  };
  const ids: number[] = [];
  for (const owner of await ownersOf(tx, endpoint.organiserId)) {
    const message = await staffEmail(deps.urls, "webhook-disabled", deps.organiser, {
      collaborator: templateCollaborator(owner),
      link,
    });
    ids.push(
      await queueEmail(tx, {
        organiserId: endpoint.organiserId,
        to: owner.email,
        ...message,
        source: "STAFF",
        collaboratorId: owner.id,
      }),
    );
  }
  return ids;
}
