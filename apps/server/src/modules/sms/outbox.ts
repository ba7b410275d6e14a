import type { OutboxSms } from "@booking/contracts";
import { type Database, messages, organisers } from "@booking/db";
import { and, desc, eq } from "@booking/db/orm";
import { smsLength } from "@booking/domain";

/**
 * The development SMS outbox: SMS the delivery kept (status OUTBOX) because no SMS provider is
 * configured, every organiser's, the most recent first.
 */
export async function listSmsOutbox(db: Database, limit = 100): Promise<OutboxSms[]> {
  const rows = await db
    .select({
      id: messages.id,
      cuid: messages.cuid,
      organiserName: organisers.name,
      to: messages.toAddress,
      body: messages.text,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(organisers, eq(organisers.id, messages.organiserId))
    .where(and(eq(messages.channel, "SMS"), eq(messages.status, "OUTBOX")))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    cuid: row.cuid,
    organiser_name: row.organiserName,
    to: row.to,
    body: row.body,
    segments: smsLength(row.body).segments,
    created_at: row.createdAt.toISOString(),
  }));
}
