import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { segments } from "../schema/catalogs.ts";
import { customers } from "../schema/customers.ts";
import { messages } from "../schema/messages.ts";
import { newsletters } from "../schema/newsletters.ts";
import { organisers } from "../schema/organisers.ts";
import type { SeedCounts } from "./writer.ts";

// The demo's newsletters (docs/decisions/0056-newsletters.md): a segment of the organiser's own
// (the children of 6 to 12), and last week's newsletter to every customer, as the sender left
// it: SENT, one mail in the delivery log per consenting customer. The seed knows no server
// secret, so the stored copies point to the profile, where the box can be unticked, instead of
// a signed unsubscribe link (those go with every newsletter the server sends).

const TEXTS = {
  fr: {
    segment: "Enfants de 6 à 12 ans",
    subject: "Les stages d'été sont ouverts",
    content:
      "<h2>Les stages d'été sont ouverts</h2>" +
      "<p>Bonjour {{ customer.firstname }},</p>" +
      "<p>Multisport, nature, arts : les inscriptions aux stages de juillet et août sont ouvertes. " +
      "Les places partent vite, réservez dès maintenant.</p>" +
      "<p>À bientôt,<br>{{ organiser.name }}</p>",
    greeting: "Bonjour",
    body:
      "Multisport, nature, arts : les inscriptions aux stages de juillet et août sont ouvertes. " +
      "Les places partent vite, réservez dès maintenant.",
    footer: "Pour ne plus recevoir nos newsletters, décochez la case dans votre profil.",
  },
  en: {
    segment: "Children aged 6 to 12",
    subject: "Summer camps are open",
    content:
      "<h2>Summer camps are open</h2>" +
      "<p>Hello {{ customer.firstname }},</p>" +
      "<p>Multisport, nature, arts: bookings for the July and August camps are open. " +
      "Places go fast, book now.</p>" +
      "<p>See you soon,<br>{{ organiser.name }}</p>",
    greeting: "Hello",
    body:
      "Multisport, nature, arts: bookings for the July and August camps are open. " +
      "Places go fast, book now.",
    footer: "To stop receiving our newsletters, untick the box in your profile.",
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function writeDemoNewsletters(
  tx: Transaction,
  organiserId: number,
  ownerId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  const [organiser] = await tx
    .select({ id: organisers.id, name: organisers.name, language: organisers.language })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  const [everyone] = await tx
    .select({ id: segments.id })
    .from(segments)
    .where(
      and(
        eq(segments.organiserId, organiserId),
        eq(segments.entity, "CUSTOMERS"),
        eq(segments.isDefault, true),
      ),
    );
  if (!organiser || !everyone) return;
  const texts = TEXTS[organiser.language];
  await tx.insert(segments).values({
    organiserId,
    entity: "PARTICIPANTS",
    name: texts.segment,
    conditions: { age: { min: 6, max: 12 } },
  });
  const readers = await tx
    .select({ id: customers.id, firstname: customers.firstname, email: customers.email })
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        eq(customers.newsletterSubscribed, true),
        isNull(customers.anonymisedAt),
      ),
    )
    .orderBy(asc(customers.id));
  const sentAt = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const [newsletter] = await tx
    .insert(newsletters)
    .values({
      organiserId,
      subject: texts.subject,
      content: texts.content,
      segmentId: everyone.id,
      status: "SENT",
      scheduledAt: sentAt,
      startedAt: sentAt,
      sentAt,
      cursorCustomerId: readers.at(-1)?.id ?? 0,
      recipientsCount: readers.length,
      createdBy: ownerId,
      createdAt: sentAt,
    })
    .returning({ id: newsletters.id, cuid: newsletters.cuid });
  if (readers.length > 0) {
    await tx.insert(messages).values(
      readers.map((reader) => {
        const lines = [`${texts.greeting} ${reader.firstname},`, texts.body, organiser.name];
        return {
          organiserId,
          channel: "EMAIL" as const,
          source: "NEWSLETTER" as const,
          toAddress: reader.email,
          subject: texts.subject,
          html: [...lines, texts.footer].map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
          text: [...lines, texts.footer].join("\n\n"),
          customerId: reader.id,
          newsletterId: newsletter!.id,
          idempotencyKey: `newsletter:${newsletter!.cuid}:${reader.id}`,
          sendAt: sentAt,
          messageId: `<${randomUUID()}@demo.localhost>`,
          status: "SENT" as const,
          attempts: 1,
          createdAt: sentAt,
          sentAt,
        };
      }),
    );
  }
  counts.segments = (counts.segments ?? 0) + 1;
  counts.newsletters = (counts.newsletters ?? 0) + 1;
}
