import { type Database, organisers, type TenantTx, withTenant } from "@booking/db";
import { eq } from "@booking/db/orm";
import type { PublicUrls } from "../../http/public-urls.ts";
import { type NewMessage, queueMessages } from "../messages/queue.ts";
import { findSegment, type Recipient, recipientsAfter, segmentScope } from "../segments/queries.ts";
import { lockDueNewsletter, type NewsletterRow, updateNewsletter } from "./console-queries.ts";
import {
  listUnsubscribeHeaders,
  newsletterOneClickUrl,
  newsletterUnsubscribeUrl,
} from "./links.ts";
import { renderNewsletter } from "./render.ts";

export interface SenderDeps {
  secret: string;
  publicUrls: PublicUrls;
  /** hands a queued message to the delivery queue (after the batch committed) */
  dispatchEmail(messageId: number): Promise<void>;
}

/** The idempotency key of a newsletter's mail to a customer (protocol of issue 14). */
export const newsletterMessageKey = (newsletterCuid: string, customerId: number) =>
  `newsletter:${newsletterCuid}:${customerId}`;

type Organiser = typeof organisers.$inferSelect;

async function messageFor(
  deps: SenderDeps,
  organiser: Organiser,
  newsletter: NewsletterRow,
  recipient: Recipient,
): Promise<NewMessage> {
  const page = newsletterUnsubscribeUrl(deps, organiser, recipient);
  const oneClick = newsletterOneClickUrl(deps, organiser, recipient);
  const mail = await renderNewsletter(organiser, deps.publicUrls, newsletter, recipient, page);
  return {
    organiserId: organiser.id,
    to: recipient.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    source: "NEWSLETTER",
    customerId: recipient.id,
    newsletterId: newsletter.id,
    idempotencyKey: newsletterMessageKey(newsletter.cuid, recipient.id),
    // Sent from the platform's address (MAIL_FROM): replies, and the mailto: unsubscribe
    // requests, go to the organiser's contact address when it has one.
    headers: {
      ...(oneClick ? listUnsubscribeHeaders(oneClick, organiser.contactEmail) : {}),
      ...(organiser.contactEmail ? { "Reply-To": organiser.contactEmail } : {}),
    },
  };
}

async function sendBatchIn(
  tx: TenantTx,
  deps: SenderDeps,
  organiserId: number,
  newsletterId: number,
  options: { now: Date; batchSize: number },
): Promise<{ ids: number[]; done: boolean } | null> {
  const newsletter = await lockDueNewsletter(tx, organiserId, newsletterId, options.now);
  if (!newsletter) return null;
  const [organiser] = await tx.select().from(organisers).where(eq(organisers.id, organiserId));
  const segment = await findSegment(tx, organiserId, { id: newsletter.segmentId });
  const scope = await segmentScope(tx, organiser!, options.now);
  const recipients = await recipientsAfter(
    scope,
    segment!,
    newsletter.cursorCustomerId,
    options.batchSize,
  );
  const batch: NewMessage[] = [];
  for (const recipient of recipients) {
    batch.push(await messageFor(deps, organiser!, newsletter, recipient));
  }
  const ids = await queueMessages(tx, batch);
  const done = recipients.length < options.batchSize;
  await updateNewsletter(tx, organiserId, newsletter.id, {
    status: done ? "SENT" : "SENDING",
    startedAt: newsletter.startedAt ?? options.now,
    sentAt: done ? options.now : null,
    cursorCustomerId: recipients.at(-1)?.id ?? newsletter.cursorCustomerId,
    recipientsCount: newsletter.recipientsCount + ids.length,
  });
  return { ids, done };
}

/**
 * Queues the next batch of a due newsletter (SCHEDULED whose time came, or SENDING): the next
 * `batchSize` consenting customers of its segment after its cursor, rendered and queued with
 * their idempotency keys, the cursor moved — all in one transaction, so a crash resumes after the
 * last batch committed and never queues a customer twice. Marks it SENT after the last batch.
 * Dispatches the queued messages once committed. Null when it has no work now or another sender
 * holds it.
 */
export async function sendNewsletterBatch(
  db: Database,
  deps: SenderDeps,
  target: { organiserId: number; newsletterId: number },
  options: { now: Date; batchSize: number },
): Promise<{ ids: number[]; done: boolean } | null> {
  const result = await withTenant(db, target.organiserId, (tx) =>
    sendBatchIn(tx, deps, target.organiserId, target.newsletterId, options),
  );
  for (const id of result?.ids ?? []) await deps.dispatchEmail(id);
  return result;
}
