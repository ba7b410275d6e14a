/**
 * Delivery of queued messages (e-mail and SMS): when to try again after a failure, when to give
 * up, and which failures are final. The delivery log (apps/server/src/modules/messages) applies
 * them; times are passed in so that tests control the clock.
 */

/** The first retry waits this long; each next one twice as long, up to RETRY_DELAY_MAX_MS. */
export const RETRY_DELAY_FIRST_MS = 30_000;
export const RETRY_DELAY_MAX_MS = 10 * 60_000;

/** A message not delivered this long after its send time is given up (FAILED). */
export const DELIVERY_GIVE_UP_AFTER_MS = 72 * 3600_000;

/**
 * An attempt marked SENDING is presumed dead (its worker stopped) once this has passed since it
 * was claimed or last renewed. A live attempt renews it every SENDING_LEASE_RENEW_MS while the
 * provider has the message (a slow SMTP DATA phase), so it is never doubled; a killed worker's
 * message is taken again within this (decision 0106; it was a fixed 5 minutes).
 */
export const SENDING_LEASE_MS = 20_000;
export const SENDING_LEASE_RENEW_MS = 5_000;

/** The delay before the next attempt, after `attempts` failed ones (1, 2, …). */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(RETRY_DELAY_FIRST_MS * 2 ** doublings, RETRY_DELAY_MAX_MS);
}

/** When to try again after a temporary failure, or null to give up. */
export function nextDeliveryAttempt(attempts: number, sendAt: Date, now: Date): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  return next.getTime() - sendAt.getTime() > DELIVERY_GIVE_UP_AFTER_MS ? null : next;
}

/**
 * A failure that another attempt cannot fix: the SMTP server refused this recipient or this
 * message for good (a 5xx reply to RCPT TO or DATA), or the SMS provider said so. Connection
 * failures, time-outs, 4xx replies and a 5xx to the log-in (a configuration to fix) are temporary.
 */
export function isPermanentDeliveryFailure(failure: {
  /** nodemailer's error code, e.g. EENVELOPE, EMESSAGE, ECONNECTION */
  code?: unknown;
  responseCode?: unknown;
  /** the SMS module's SmsDeliveryError */
  retryable?: unknown;
}): boolean {
  if (failure.retryable === false) return true;
  if (typeof failure.responseCode !== "number") return false;
  const rejected = failure.code === "EENVELOPE" || failure.code === "EMESSAGE";
  return rejected && failure.responseCode >= 500 && failure.responseCode < 600;
}
