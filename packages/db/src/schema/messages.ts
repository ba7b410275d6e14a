import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { collaborators } from "./collaborators.ts";
import { createdAt, cuid, id, timestamptz } from "./columns.ts";
import { organisers } from "./organisers.ts";

export type MessageChannel = "EMAIL" | "SMS";
export type MessageSource = "SYSTEM" | "RULE" | "MANUAL" | "NEWSLETTER" | "STAFF";

/**
 * SCHEDULED until send_at; QUEUED waiting for (or between) delivery attempts; SENDING from just
 * before the hand-over to SMTP or the SMS provider until it is marked; then SENT, FAILED (with
 * last_error), CANCELLED (before sending), or OUTBOX when no provider is configured (kept for the
 * development outbox page instead of being sent).
 */
export type MessageStatus =
  | "SCHEDULED"
  | "QUEUED"
  | "SENDING"
  | "SENT"
  | "FAILED"
  | "CANCELLED"
  | "OUTBOX";

export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Every message (e-mail or SMS) the platform sends or would send: the delivery log, and the dev
 * outbox when no provider is configured. Platform-level because some mail (collaborator
 * invitations, platform billing) belongs to no organiser.
 */
export const messages = pgTable(
  "messages",
  {
    id: id(),
    cuid: cuid(),
    organiserId: integer().references(() => organisers.id, { onDelete: "cascade" }),
    channel: text().$type<MessageChannel>().notNull().default("EMAIL"),
    source: text().$type<MessageSource>().notNull().default("SYSTEM"),
    /** An e-mail address, or an E.164 phone number for an SMS. */
    toAddress: text().notNull(),
    subject: text(),
    html: text(),
    /** The plain-text alternative of an e-mail, or the body of an SMS. */
    text: text().notNull(),
    /**
     * Plain ids, like the rule's, the newsletter's and the message by hand's below: a platform
     * table keeps no foreign key to a tenant table (decision 0097). A customer is only deleted by a
     * merge, which moves its messages first; a message by hand's copies outlive its record.
     */
    customerId: integer(),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    ruleId: integer(),
    newsletterId: integer(),
    manualMessageId: integer(),
    sentBy: integer().references(() => collaborators.id, { onDelete: "set null" }),
    /** A second message with the same key for the same organiser is not queued. */
    idempotencyKey: text(),
    sendAt: timestamptz().notNull().defaultNow(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb().$type<StoredAttachment[]>().notNull().default([]),
    /** RFC 5322 Message-ID, fixed when queued so that a resend carries the same one. */
    messageId: text().notNull(),
    status: text().$type<MessageStatus>().notNull().default("QUEUED"),
    attempts: integer().notNull().default(0),
    /** QUEUED: not before then (backoff); SENDING: the attempt is presumed dead after then. */
    nextAttemptAt: timestamptz(),
    lastError: text(),
    /** Sent again after a worker stopped between the provider's acceptance and the mark. */
    uncertain: boolean().notNull().default(false),
    createdAt: createdAt(),
    sentAt: timestamptz(),
  },
  (t) => [
    index("messages_status_created_at_idx").on(t.status, t.createdAt),
    index("messages_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    index("messages_to_address_created_at_idx").on(t.toAddress, t.createdAt),
    index("messages_customer_id_idx").on(t.customerId),
    // A message by hand's copies (its delivery counts; the set null when its record goes).
    index("messages_manual_message_id_idx")
      .on(t.manualMessageId)
      .where(sql`${t.manualMessageId} is not null`),
    index("messages_pending_idx")
      .on(t.status, t.sendAt)
      .where(sql`${t.status} in ('SCHEDULED', 'QUEUED', 'SENDING')`),
    uniqueIndex("messages_organiser_id_idempotency_key_unique")
      .on(t.organiserId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check("messages_channel", sql`${t.channel} in ('EMAIL', 'SMS')`),
    check(
      "messages_source",
      sql`${t.source} in ('SYSTEM', 'RULE', 'MANUAL', 'NEWSLETTER', 'STAFF')`,
    ),
    check(
      "messages_status",
      sql`${t.status} in ('SCHEDULED', 'QUEUED', 'SENDING', 'SENT', 'FAILED', 'CANCELLED', 'OUTBOX')`,
    ),
    check("messages_email_content", sql`${t.channel} <> 'EMAIL' or ${t.subject} is not null`),
  ],
);
