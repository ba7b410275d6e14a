import { createHmac, randomBytes } from "node:crypto";

// Webhook signatures (README "Webhooks and API keys"): HMAC-SHA256, keyed with the endpoint's
// signing secret, over `{timestamp}.{body}`, hex, in `Webhook-Signature: v1={hex}`. The
// timestamp (Unix seconds, `Webhook-Timestamp`) is signed so that a receiver can refuse old
// replays; `Webhook-Id` is the delivery's id, the same on every attempt.

export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
  event: "webhook-event",
} as const;

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The headers of one attempt of delivery `deliveryCuid` of an `eventType` event. */
export function webhookHeaders(
  secret: string,
  delivery: { cuid: string; eventType: string },
  body: string,
  now: Date,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    [WEBHOOK_HEADERS.id]: delivery.cuid,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: `v1=${signWebhook(secret, timestamp, body)}`,
    [WEBHOOK_HEADERS.event]: delivery.eventType,
    "user-agent": "booking-platform-webhooks/1",
  };
}
