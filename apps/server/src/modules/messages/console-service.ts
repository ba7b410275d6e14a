import type {
  AdminMessageDetail,
  AdminMessageList,
  AdminMessageView,
  messageListQuery,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  findDelay,
  listMessages,
  type MessageContentRow,
  type MessageRow,
} from "./console-queries.ts";

// The console's delivery log (issue 14 item 8): every message of the organiser, its status and
// attempts, and its content as sent.

type MessageListInput = z.output<typeof messageListQuery>;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function messageView(row: MessageRow): AdminMessageView {
  return {
    cuid: row.cuid,
    channel: row.channel,
    source: row.source,
    status: row.status,
    to: row.to_address,
    subject: row.subject,
    excerpt: row.excerpt,
    customer: row.customer_cuid
      ? {
          cuid: row.customer_cuid,
          firstname: row.customer_firstname ?? "",
          lastname: row.customer_lastname ?? "",
        }
      : null,
    sent_by:
      row.sender_firstname !== null
        ? { firstname: row.sender_firstname, lastname: row.sender_lastname ?? "" }
        : null,
    attempts: row.attempts,
    uncertain: row.uncertain,
    last_error: row.last_error,
    next_attempt_at: isoOrNull(row.next_attempt_at),
    send_at: iso(row.send_at),
    created_at: iso(row.created_at),
    sent_at: isoOrNull(row.sent_at),
  };
}

export const messagesConsole = {
  /** GET /api/admin/messages */
  async list(context: ConsoleContext, query: MessageListInput): Promise<AdminMessageList> {
    const limit = query.page_size;
    const offset = (query.page_number - 1) * query.page_size;
    const rows = await listMessages(context.db, context.organiser, {
      channel: query.channel,
      status: query.status,
      source: query.source,
      customerCuid: query.customer,
      from: query.from,
      to: query.to,
      q: query.q,
      limit,
      offset,
    });
    const delay = await findDelay(context.db, context.organiser.id);
    return {
      data: rows.map(messageView),
      count: rows[0]?.total_count ?? 0,
      limit,
      offset,
      delay:
        delay.count > 0 && delay.since !== null
          ? {
              count: delay.count,
              since: iso(delay.since),
              next_attempt_at: isoOrNull(delay.next_attempt_at),
            }
          : null,
    };
  },

  /** GET /api/admin/messages/:cuid */
  async detail(context: ConsoleContext, cuid: string): Promise<AdminMessageDetail> {
    const [row] = await listMessages<MessageContentRow>(
      context.db,
      context.organiser,
      { cuid, limit: 1, offset: 0 },
      true,
    );
    if (!row) throw new AppError("MESSAGE_NOT_FOUND");
    return {
      ...messageView(row),
      html: row.html,
      text: row.text,
      message_id: row.message_id,
      headers: row.headers,
      attachments: row.attachments.map((attachment) => ({
        filename: attachment.filename,
        content_type: attachment.contentType,
        size: Buffer.byteLength(attachment.contentBase64, "base64"),
      })),
    };
  },
};
