import { z } from "zod";
import { listEnvelope } from "../common.ts";
import { adminListQuery, checkListRange, listCuid, listDay } from "./list-query.ts";
import { optionalChoice } from "./payments.ts";

/**
 * The console's delivery log (issue 14 item 8): every e-mail and SMS sent or waiting for the
 * organiser, GET /api/admin/messages and GET /api/admin/messages/:cuid, permission
 * `customers.notifications.read`.
 */

export const MESSAGE_CHANNELS = ["EMAIL", "SMS"] as const;
export const MESSAGE_SOURCES = ["SYSTEM", "RULE", "MANUAL", "NEWSLETTER", "STAFF"] as const;
export const MESSAGE_STATUSES = [
  "SCHEDULED",
  "QUEUED",
  "SENDING",
  "SENT",
  "FAILED",
  "CANCELLED",
  "OUTBOX",
] as const;
export type MessageStatusName = (typeof MESSAGE_STATUSES)[number];

/**
 * GET /api/admin/messages: `channel`, `status`, `source`, `customer` (a customer's cuid: their
 * messages), `from`/`to` (days of the organiser's time zone when it was queued, both included),
 * `q` (part of the recipient's address or phone, or of the subject). Newest first.
 */
export const messageListQuery = adminListQuery
  .extend({
    channel: optionalChoice(MESSAGE_CHANNELS),
    status: optionalChoice(MESSAGE_STATUSES),
    source: optionalChoice(MESSAGE_SOURCES),
    customer: listCuid,
    from: listDay,
    to: listDay,
  })
  .superRefine(checkListRange("from", "to"));
export type MessageListQuery = z.input<typeof messageListQuery>;

const person = z.object({ cuid: z.string(), firstname: z.string(), lastname: z.string() });

export const adminMessageView = z.object({
  cuid: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  source: z.enum(MESSAGE_SOURCES),
  status: z.enum(MESSAGE_STATUSES),
  /** the e-mail address or phone number */
  to: z.string(),
  subject: z.string().nullable(),
  /** the start of the text: an SMS's body, or the plain text of an e-mail */
  excerpt: z.string(),
  customer: person.nullable(),
  /** the collaborator who sent it by hand */
  sent_by: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
  attempts: z.int(),
  /** sent again after a worker stopped while sending it: the recipient may have two copies */
  uncertain: z.boolean(),
  last_error: z.string().nullable(),
  /** QUEUED after a failure: the next attempt */
  next_attempt_at: z.string().nullable(),
  send_at: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AdminMessageView = z.infer<typeof adminMessageView>;

/** Messages held back by a provider that is down: how many, since when, the next attempt. */
export const messageDelay = z.object({
  count: z.int(),
  since: z.string(),
  next_attempt_at: z.string().nullable(),
});
export type MessageDelay = z.infer<typeof messageDelay>;

export const adminMessageList = listEnvelope(adminMessageView).extend({
  delay: messageDelay.nullable(),
});
export type AdminMessageList = z.infer<typeof adminMessageList>;

/** GET /api/admin/messages/:cuid: the message as it was sent. */
export const adminMessageDetail = adminMessageView.extend({
  html: z.string().nullable(),
  text: z.string(),
  message_id: z.string(),
  headers: z.record(z.string(), z.string()),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.int() })),
});
export type AdminMessageDetail = z.infer<typeof adminMessageDetail>;
