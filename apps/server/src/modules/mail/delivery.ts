import { type Database, messages } from "@booking/db";
import { and, eq, lt } from "@booking/db/orm";
import type { MailTransport } from "./transport.ts";

/**
 * Delivers one queued e-mail exactly once: the row is locked while sending, and only a QUEUED row
 * is sent. Without a transport the e-mail moves to the development outbox.
 */
export async function deliverQueuedEmail(
  db: Database,
  transport: MailTransport | null,
  emailId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [email] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.id, emailId), eq(messages.status, "QUEUED")))
      .for("update", { skipLocked: true });
    if (!email) return;
    if (!transport) {
      await tx.update(messages).set({ status: "OUTBOX" }).where(eq(messages.id, email.id));
      return;
    }
    await transport.send({
      to: email.toAddress,
      subject: email.subject ?? "",
      html: email.html ?? "",
      text: email.text,
    });
    await tx
      .update(messages)
      .set({ status: "SENT", sentAt: new Date(), lastError: null })
      .where(eq(messages.id, email.id));
  });
}

/** E-mails still QUEUED after a while lost their job (a crash between commit and enqueue). */
export async function findStrandedEmails(db: Database, olderThan: Date): Promise<number[]> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.status, "QUEUED"), lt(messages.createdAt, olderThan)))
    .limit(500);
  return rows.map((row) => row.id);
}
