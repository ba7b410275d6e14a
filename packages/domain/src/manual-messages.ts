/**
 * Messages written by hand (docs/decisions/0054-messages-by-hand.md): when one may be sent, how
 * its state reads, and the key that keeps each family's copy single.
 */

/** What the table stores: SCHEDULED from its creation until its time, unless sent at once. */
export type StoredManualStatus = "SCHEDULED" | "SENT" | "CANCELLED";

/** A chosen sending time must lie ahead; null means now. */
export function manualSendAtError(sendAt: Date | null, now: Date): "TOO_SMALL" | null {
  return sendAt !== null && sendAt.getTime() < now.getTime() ? "TOO_SMALL" : null;
}

/** A scheduled message whose time came has gone to the delivery queue: it reads as sent. */
export function manualMessageStatus(
  stored: StoredManualStatus,
  sendAt: Date,
  now: Date,
): StoredManualStatus {
  return stored === "SCHEDULED" && sendAt.getTime() <= now.getTime() ? "SENT" : stored;
}

/** Only a message still waiting for its time can be cancelled. */
export function canCancelManualMessage(
  stored: StoredManualStatus,
  sendAt: Date,
  now: Date,
): boolean {
  return manualMessageStatus(stored, sendAt, now) === "SCHEDULED";
}

/**
 * The delivery log's idempotency key of one family's copy on one channel: a second attempt to
 * queue it (a retry) queues nothing. Every key of a message starts with `manualKeyPrefix`.
 */
export function manualDeliveryKey(
  messageCuid: string,
  customerId: number,
  channel: "EMAIL" | "SMS",
): string {
  return `${manualKeyPrefix(messageCuid)}${customerId}:${channel}`;
}

export function manualKeyPrefix(messageCuid: string): string {
  return `manual:${messageCuid}:`;
}
