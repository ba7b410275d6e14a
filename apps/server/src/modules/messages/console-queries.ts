import type { MessageChannel, MessageSource, MessageStatus, TenantTx } from "@booking/db";
import { containsPattern } from "@booking/db";
import { type SQL, sql } from "@booking/db/orm";

// The delivery log's reads for the console. The messages table is platform-wide (no row-level
// security): every statement filters on the organiser itself.

export interface MessageListFilters {
  cuid?: string;
  channel?: MessageChannel | undefined;
  status?: MessageStatus | undefined;
  source?: MessageSource | undefined;
  customerCuid?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

export interface MessageRow extends Record<string, unknown> {
  cuid: string;
  channel: MessageChannel;
  source: MessageSource;
  status: MessageStatus;
  to_address: string;
  subject: string | null;
  excerpt: string;
  attempts: number;
  uncertain: boolean;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  send_at: Date | string;
  created_at: Date | string;
  sent_at: Date | string | null;
  customer_cuid: string | null;
  customer_firstname: string | null;
  customer_lastname: string | null;
  sender_firstname: string | null;
  sender_lastname: string | null;
  total_count: number;
}

export interface MessageContentRow extends MessageRow {
  html: string | null;
  text: string;
  message_id: string;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; contentType: string; contentBase64: string }>;
}

/** Characters of a message's text the list shows (a whole SMS part, the start of an e-mail). */
const EXCERPT_LENGTH = 160;

/** The start of calendar day `day` (YYYY-MM-DD) in time zone `timezone`, as an instant. */
const dayStart = (day: SQL, timezone: string) =>
  sql`(${day}::date::timestamp at time zone ${timezone})`;

function conditions(organiser: { id: number; timezone: string }, filters: MessageListFilters) {
  const where: SQL[] = [sql`m.organiser_id = ${organiser.id}`];
  if (filters.cuid !== undefined) where.push(sql`m.cuid = ${filters.cuid}`);
  if (filters.channel) where.push(sql`m.channel = ${filters.channel}`);
  if (filters.status) where.push(sql`m.status = ${filters.status}`);
  if (filters.source) where.push(sql`m.source = ${filters.source}`);
  if (filters.customerCuid) where.push(sql`cu.cuid = ${filters.customerCuid}`);
  if (filters.from) {
    where.push(sql`m.created_at >= ${dayStart(sql`${filters.from}`, organiser.timezone)}`);
  }
  if (filters.to) {
    where.push(sql`m.created_at < ${dayStart(sql`(${filters.to}::date + 1)`, organiser.timezone)}`);
  }
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    where.push(sql`(m.to_address ilike ${pattern} or m.subject ilike ${pattern})`);
  }
  return sql.join(where, sql` and `);
}

/**
 * The organiser's messages, newest first, each with its customer — the one it was queued for, or
 * else the organiser's customer at that address (mail queued before the log knew customers).
 */
export async function listMessages<Row extends MessageRow = MessageRow>(
  tx: TenantTx,
  organiser: { id: number; timezone: string },
  filters: MessageListFilters,
  content = false,
): Promise<Row[]> {
  const contentColumns = content
    ? sql`, m.html, m.text, m.message_id, m.headers, m.attachments`
    : sql``;
  const result = await tx.execute<Row>(sql`
    select m.cuid, m.channel, m.source, m.status, m.to_address, m.subject,
           left(m.text, ${EXCERPT_LENGTH}) as excerpt, m.attempts,
           m.uncertain, m.last_error, m.next_attempt_at, m.send_at, m.created_at, m.sent_at,
           cu.cuid as customer_cuid, cu.firstname as customer_firstname,
           cu.lastname as customer_lastname,
           co.firstname as sender_firstname, co.lastname as sender_lastname,
           count(*) over ()::int as total_count ${contentColumns}
      from messages m
      left join lateral (
        select c.cuid, c.firstname, c.lastname from customers c
         where c.organiser_id = m.organiser_id
           and (c.id = m.customer_id
                or (m.customer_id is null and m.channel = 'EMAIL' and c.email = lower(m.to_address)))
         order by c.id = m.customer_id desc nulls last
         limit 1
      ) cu on true
      left join collaborators co on co.id = m.sent_by
     where ${conditions(organiser, filters)}
     order by m.created_at desc, m.id desc
     limit ${filters.limit} offset ${filters.offset}`);
  return result.rows as Row[];
}

/**
 * Messages held back by a provider that is down (QUEUED after at least one failed attempt): how
 * many, the oldest one's send time, and the next attempt.
 */
export async function findDelay(
  tx: TenantTx,
  organiserId: number,
): Promise<{ count: number; since: Date | string | null; next_attempt_at: Date | string | null }> {
  const result = await tx.execute<{
    count: number;
    since: Date | string | null;
    next_attempt_at: Date | string | null;
  }>(sql`
    select count(*)::int as count, min(send_at) as since, min(next_attempt_at) as next_attempt_at
      from messages
     where organiser_id = ${organiserId} and status = 'QUEUED' and attempts > 0`);
  return result.rows[0]!;
}
