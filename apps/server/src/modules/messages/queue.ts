import { randomUUID } from "node:crypto";
import {
  type Database,
  escapeLike,
  type MessageChannel,
  type MessageSource,
  messages,
  type StoredAttachment,
  type TenantTx,
} from "@booking/db";
import { and, eq, inArray, like, or, type SQL, sql } from "@booking/db/orm";

export type { MessageChannel, MessageSource };
export type MessageAttachment = StoredAttachment;

export interface NewMessage {
  organiserId: number | null;
  /** EMAIL by default. */
  channel?: MessageChannel;
  /** An e-mail address, or an E.164 phone number for an SMS. */
  to: string;
  subject?: string;
  html?: string;
  /** The plain-text part of an e-mail, or the SMS body. */
  text: string;
  /** SYSTEM by default. */
  source?: MessageSource;
  /** Whose delivery log shows it. */
  customerId?: number | null;
  /** A staff recipient. */
  collaboratorId?: number | null;
  ruleId?: number | null;
  newsletterId?: number | null;
  manualMessageId?: number | null;
  /** The collaborator who sent it by hand. */
  sentBy?: number | null;
  /** Unique per organiser: a second message with the same key is not queued. */
  idempotencyKey?: string;
  /** In the future: SCHEDULED until then. */
  sendAt?: Date;
  /** e.g. List-Unsubscribe, List-Unsubscribe-Post */
  headers?: Record<string, string>;
  attachments?: MessageAttachment[];
}

/** Rows per INSERT, well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;

/** Receivers expect a Message-ID on the sender's domain: MAIL_FROM's (config.ts). */
const MESSAGE_ID_DOMAIN =
  /@([^>\s]+)>?\s*$/.exec(process.env.MAIL_FROM ?? "")?.[1] ?? "booking.localhost";

function toRow(message: NewMessage, now: Date): typeof messages.$inferInsert {
  const sendAt = message.sendAt ?? now;
  return {
    organiserId: message.organiserId,
    channel: message.channel ?? "EMAIL",
    source: message.source ?? "SYSTEM",
    toAddress: message.to,
    subject: message.subject ?? null,
    html: message.html ?? null,
    text: message.text,
    customerId: message.customerId ?? null,
    collaboratorId: message.collaboratorId ?? null,
    ruleId: message.ruleId ?? null,
    newsletterId: message.newsletterId ?? null,
    manualMessageId: message.manualMessageId ?? null,
    sentBy: message.sentBy ?? null,
    idempotencyKey: message.idempotencyKey ?? null,
    sendAt,
    headers: message.headers ?? {},
    attachments: message.attachments ?? [],
    messageId: `<${randomUUID()}@${MESSAGE_ID_DOMAIN}>`,
    status: sendAt > now ? "SCHEDULED" : "QUEUED",
  };
}

/**
 * Writes the messages in the caller's transaction (transactional outbox: they exist only if the
 * change that caused them commits), skipping those whose idempotency key the organiser already
 * used. Returns the ids written, in order.
 */
export async function queueMessages(
  tx: TenantTx | Database,
  batch: NewMessage[],
): Promise<number[]> {
  const now = new Date();
  const ids: number[] = [];
  for (let start = 0; start < batch.length; start += INSERT_CHUNK) {
    const rows = await tx
      .insert(messages)
      .values(batch.slice(start, start + INSERT_CHUNK).map((message) => toRow(message, now)))
      .onConflictDoNothing({
        target: [messages.organiserId, messages.idempotencyKey],
        where: sql`${messages.idempotencyKey} is not null`,
      })
      .returning({ id: messages.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Writes the message in the caller's transaction; null when its idempotency key was used. */
export async function queueMessage(
  tx: TenantTx | Database,
  message: NewMessage,
): Promise<number | null> {
  const [id] = await queueMessages(tx, [message]);
  return id ?? null;
}

/** Cancels messages not handed to a provider yet (SCHEDULED or QUEUED), by id or key prefix. */
export async function cancelPendingMessages(
  tx: TenantTx | Database,
  organiserId: number,
  filter: { ids?: number[]; keyPrefix?: string },
): Promise<number> {
  const matches: SQL[] = [];
  if (filter.ids?.length) matches.push(inArray(messages.id, filter.ids));
  if (filter.keyPrefix) {
    matches.push(like(messages.idempotencyKey, `${escapeLike(filter.keyPrefix)}%`));
  }
  if (matches.length === 0) return 0;
  const cancelled = await tx
    .update(messages)
    .set({ status: "CANCELLED", nextAttemptAt: null })
    .where(
      and(
        eq(messages.organiserId, organiserId),
        inArray(messages.status, ["SCHEDULED", "QUEUED"]),
        or(...matches),
      ),
    )
    .returning({ id: messages.id });
  return cancelled.length;
}
