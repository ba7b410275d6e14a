import type { OutboxEmail } from "@booking/contracts";
import { type Database, emails, organisers, type TenantTx } from "@booking/db";
import { desc, eq } from "@booking/db/orm";

export interface EmailMessage {
  organiserId: number | null;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Writes the e-mail in the caller's transaction (transactional outbox): it exists only if the
 * change that caused it commits, and a delivery job picks it up afterwards.
 */
export async function queueEmail(tx: TenantTx | Database, message: EmailMessage): Promise<number> {
  const [row] = await tx
    .insert(emails)
    .values({
      organiserId: message.organiserId,
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      status: "QUEUED",
    })
    .returning({ id: emails.id });
  return row!.id;
}

/** The development outbox: e-mails kept instead of sent because no SMTP_URL is configured. */
export async function listOutbox(db: Database, limit = 100): Promise<OutboxEmail[]> {
  const rows = await db
    .select({
      id: emails.id,
      cuid: emails.cuid,
      organiserName: organisers.name,
      to: emails.toAddress,
      subject: emails.subject,
      text: emails.text,
      html: emails.html,
      createdAt: emails.createdAt,
    })
    .from(emails)
    .leftJoin(organisers, eq(organisers.id, emails.organiserId))
    .orderBy(desc(emails.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    cuid: row.cuid,
    organiser_name: row.organiserName,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }));
}
