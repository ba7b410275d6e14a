import type { OutboxEmail } from "@booking/contracts";
import { type Database, messages, organisers, type TenantTx } from "@booking/db";
import { desc, eq } from "@booking/db/orm";
import { type NewMessage, queueMessage } from "../messages/queue.ts";

/** An e-mail without an idempotency key, so that it is always written. */
export interface EmailMessage extends Omit<NewMessage, "channel" | "idempotencyKey"> {
  subject: string;
  html: string;
}

/**
 * Writes the e-mail in the caller's transaction (transactional outbox): it exists only if the
 * change that caused it commits, and a delivery job picks it up afterwards.
 */
export async function queueEmail(tx: TenantTx | Database, message: EmailMessage): Promise<number> {
  const id = await queueMessage(tx, { ...message, channel: "EMAIL" });
  return id!;
}

/** The development outbox: e-mails kept instead of sent because no SMTP_URL is configured. */
export async function listOutbox(db: Database, limit = 100): Promise<OutboxEmail[]> {
  const rows = await db
    .select({
      id: messages.id,
      cuid: messages.cuid,
      organiserName: organisers.name,
      to: messages.toAddress,
      subject: messages.subject,
      text: messages.text,
      html: messages.html,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(organisers, eq(organisers.id, messages.organiserId))
    .where(eq(messages.channel, "EMAIL"))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    cuid: row.cuid,
    organiser_name: row.organiserName,
    to: row.to,
    subject: row.subject ?? "",
    text: row.text,
    html: row.html ?? "",
    created_at: row.createdAt.toISOString(),
  }));
}
