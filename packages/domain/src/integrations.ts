/**
 * Integrations (issue 17 §3, docs/decisions/0086-webhooks-and-api-keys.md): the retry schedule
 * of webhook deliveries, when an endpoint is disabled, and the read scopes of API keys.
 */

/** A delivery is retried for 24 hours after its first attempt was due. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The wait after the first failed attempt; each later wait is `WEBHOOK_BACKOFF_FACTOR` times longer. */
export const WEBHOOK_FIRST_RETRY_MS = 60 * 1000;
export const WEBHOOK_BACKOFF_FACTOR = 4;
/** Failed attempts in a row (across deliveries) after which an endpoint is disabled. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 15;

/** The wait after failed attempt number `attempt` (1 for the first): 1 min, 4 min, 16 min, … */
export function webhookRetryDelayMs(attempt: number): number {
  return WEBHOOK_FIRST_RETRY_MS * WEBHOOK_BACKOFF_FACTOR ** Math.max(0, attempt - 1);
}

/**
 * When to try again after failed attempt `attempt` at `now`: null once the next try would fall
 * after `retryUntil` (the delivery then fails for good). With the constants above: 1, 4, 16, 64,
 * 256 and 1,024 minutes, seven attempts within the 24 hours.
 */
export function nextWebhookAttemptAt(attempt: number, now: Date, retryUntil: Date): Date | null {
  const next = new Date(now.getTime() + webhookRetryDelayMs(attempt));
  return next.getTime() > retryUntil.getTime() ? null : next;
}

/** Whether `failuresInARow` failed attempts disable the endpoint. */
export function webhookShouldDisable(failuresInARow: number): boolean {
  return failuresInARow >= WEBHOOK_DISABLE_AFTER_FAILURES;
}

/** The read scopes an API key may hold, one per area of the read API. */
export const API_KEY_SCOPES = [
  "activities.read",
  "availabilities.read",
  "customers.read",
  "registrations.read",
  "payments.read",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === "string" && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** An API key's visible start: `bk_` and its next 8 characters, enough to tell keys apart. */
export const API_KEY_PREFIX_LENGTH = 11;

/** Whether a key may be used at `now`: not revoked and not past its expiry. */
export function apiKeyUsable(
  key: { revokedAt: Date | null; expiresAt: Date | null },
  now: Date,
): boolean {
  if (key.revokedAt !== null) return false;
  return key.expiresAt === null || key.expiresAt.getTime() > now.getTime();
}
