import { type Database, messages } from "@booking/db";
import { and, eq, isNull, lte, or, sql } from "@booking/db/orm";
import {
  isPermanentDeliveryFailure,
  nextDeliveryAttempt,
  SENDING_LEASE_MS,
  SENDING_LEASE_RENEW_MS,
} from "@booking/domain";
import { deliveries } from "../../observability/metrics.ts";
import { meterSentSms } from "../billing/metering.ts";
import type { MailTransport } from "../mail/transport.ts";
import type { SmsSender } from "../sms/sender.ts";

/** Providers of each channel; null keeps that channel's messages in the development outbox. */
export interface MessageSenders {
  mail: MailTransport | null;
  sms: SmsSender | null;
}

type Message = typeof messages.$inferSelect;

/**
 * Takes the message for one attempt and commits SENDING before anything leaves: a QUEUED message
 * whose time came, or a SENDING one whose attempt died (its lease ran out: the worker stopped
 * after or before the provider accepted it), which is then sent again once, marked uncertain.
 * One UPDATE, so that concurrent workers never both take it.
 */
async function claim(db: Database, id: number, now: Date): Promise<Message | undefined> {
  const [message] = await db
    .update(messages)
    .set({
      status: "SENDING",
      attempts: sql`${messages.attempts} + 1`,
      uncertain: sql`${messages.uncertain} or ${messages.status} = 'SENDING'`,
      nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS),
    })
    .where(
      and(
        eq(messages.id, id),
        or(
          and(
            eq(messages.status, "QUEUED"),
            lte(messages.sendAt, now),
            or(isNull(messages.nextAttemptAt), lte(messages.nextAttemptAt, now)),
          ),
          and(
            eq(messages.status, "SENDING"),
            lte(messages.nextAttemptAt, now),
            eq(messages.uncertain, false),
          ),
        ),
      ),
    )
    .returning();
  return message;
}

async function hand(senders: MessageSenders, message: Message): Promise<"SENT" | "OUTBOX"> {
  if (message.channel === "SMS") {
    if (!senders.sms) return "OUTBOX";
    await senders.sms.send({
      organiserId: message.organiserId,
      to: message.toAddress,
      body: message.text,
      reference: message.cuid,
    });
    return "SENT";
  }
  if (!senders.mail) return "OUTBOX";
  await senders.mail.send({
    to: message.toAddress,
    subject: message.subject ?? "",
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    headers: message.headers,
    attachments: message.attachments,
  });
  return "SENT";
}

/**
 * Hands the message over while renewing its lease, so that a slow provider never lets another
 * worker take it as dead; the renewal stops with the attempt (or with the process).
 */
async function handLeased(db: Database, senders: MessageSenders, message: Message) {
  const renew = () =>
    db
      .update(messages)
      .set({ nextAttemptAt: new Date(Date.now() + SENDING_LEASE_MS) })
      .where(
        and(
          eq(messages.id, message.id),
          eq(messages.status, "SENDING"),
          eq(messages.attempts, message.attempts),
        ),
      )
      .catch(() => {});
  const timer = setInterval(renew, SENDING_LEASE_RENEW_MS);
  try {
    return await hand(senders, message);
  } finally {
    clearInterval(timer);
  }
}

/** After a failed attempt: QUEUED again with backoff, or FAILED when final or too late. */
function afterFailure(message: Message, error: unknown, now: Date) {
  const reason = error instanceof Error ? error.message : String(error);
  const failure = (typeof error === "object" && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  if (isPermanentDeliveryFailure(failure)) {
    return { status: "FAILED" as const, lastError: reason, nextAttemptAt: null };
  }
  const next = nextDeliveryAttempt(message.attempts, message.sendAt, now);
  if (!next) {
    return {
      status: "FAILED" as const,
      lastError: `gave up after ${message.attempts} attempts: ${reason}`,
      nextAttemptAt: null,
    };
  }
  return { status: "QUEUED" as const, lastError: reason, nextAttemptAt: next };
}

/**
 * Delivers one message at most once per claim (see `claim`), then records the outcome. Safe to
 * call for any id at any time, as often as jobs and the sweeper do: a message that is not due,
 * or taken by another worker, is left alone. `now` is the clock of the decisions (tests move it).
 */
export async function deliverMessage(
  db: Database,
  senders: MessageSenders,
  id: number,
  now = new Date(),
): Promise<void> {
  const message = await claim(db, id, now);
  if (!message) return;
  let outcome: Partial<typeof messages.$inferInsert>;
  try {
    const status = await handLeased(db, senders, message);
    const sentAt = status === "SENT" ? new Date() : null;
    outcome = { status, sentAt, lastError: null, nextAttemptAt: null };
  } catch (error) {
    outcome = afterFailure(message, error, now);
  }
  await db
    .update(messages)
    .set(outcome)
    .where(and(eq(messages.id, id), eq(messages.status, "SENDING")));
  deliveries.inc({
    channel: message.channel,
    outcome: outcome.status === "SENT" || outcome.status === "OUTBOX" ? "sent" : "failed",
  });
  if (outcome.status === "SENT") await meterSentSms(db, message, outcome.sentAt ?? now);
}
