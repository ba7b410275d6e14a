import { randomUUID } from "node:crypto";
import { smsRecipient } from "@booking/domain";
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { events } from "../schema/events.ts";
import { manualMessages } from "../schema/manual-messages.ts";
import { messages } from "../schema/messages.ts";
import { organisers } from "../schema/organisers.ts";
import type { SeedCounts } from "./writer.ts";

// A message the demo owner wrote by hand to the families of the organiser's most attended
// availability not over yet, the day before (docs/decisions/0054-messages-by-hand.md): the row the
// composer stores, one e-mail per family in the delivery log as it went out, an SMS to each
// family with a mobile number as the delivery keeps it without an SMS provider (the development
// outbox's SMS tab shows them), and its `manual` event, already handled.

const TEXTS = {
  fr: {
    subject: "Pensez au maillot de bain",
    content:
      "<p>Bonjour {{ customer.firstname }},</p>" +
      "<p>Samedi, la séance se passe à la piscine : pensez au maillot de bain et à une serviette.</p>" +
      "<p>{{ organiser.name }}</p>",
    greeting: "Bonjour",
    body: "Samedi, la séance se passe à la piscine : pensez au maillot de bain et à une serviette.",
    sms: "Samedi, séance à la piscine : pensez au maillot et à une serviette. {{ organiser.name }}",
  },
  en: {
    subject: "Bring a swimsuit",
    content:
      "<p>Hello {{ customer.firstname }},</p>" +
      "<p>On Saturday the session takes place at the pool: bring a swimsuit and a towel.</p>" +
      "<p>{{ organiser.name }}</p>",
    greeting: "Hello",
    body: "On Saturday the session takes place at the pool: bring a swimsuit and a towel.",
    sms: "Saturday's session is at the pool: bring a swimsuit and a towel. {{ organiser.name }}",
  },
} as const;

type Family = {
  id: number;
  firstname: string;
  email: string;
  phone: string;
};

/** The availability not over yet with the most families, and those families. */
async function busiestAvailability(tx: Transaction, organiserId: number, now: Date) {
  const [busiest] = (
    await tx.execute<{ id: number }>(sql`
      select a.id from availabilities a
        join registrations r on r.organiser_id = a.organiser_id and r.availability_id = a.id
       where a.organiser_id = ${organiserId} and a.end_at > ${now} and not r.cancelled
       group by a.organiser_id, a.id
       order by count(distinct r.customer_id) desc, a.start_at, a.id limit 1`)
  ).rows;
  if (!busiest) return null;
  const families = (
    await tx.execute<Family>(sql`
      select distinct c.id, c.firstname, c.email, c.phone from registrations r
        join customers c on c.organiser_id = r.organiser_id and c.id = r.customer_id
       where r.organiser_id = ${organiserId} and r.availability_id = ${busiest.id}
         and not r.cancelled and c.anonymised_at is null
       order by c.id`)
  ).rows;
  return { availabilityId: busiest.id, families };
}

/** The copy a family got: the content with its variables filled in, as HTML and text. */
function copyOf(language: "fr" | "en", organiserName: string, family: Family) {
  const texts = TEXTS[language];
  const lines = [`${texts.greeting} ${family.firstname},`, texts.body, organiserName];
  const escapeHtml = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return {
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    text: lines.join("\n\n"),
  };
}

export async function writeDemoManualMessage(
  tx: Transaction,
  organiserId: number,
  ownerId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  const [organiser] = await tx
    .select({
      id: organisers.id,
      name: organisers.name,
      language: organisers.language,
      country: organisers.country,
    })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  if (!organiser) return;
  const target = await busiestAvailability(tx, organiser.id, now);
  if (!target) return;
  const texts = TEXTS[organiser.language];
  const sentAt = new Date(now.getTime() - 24 * 3600 * 1000);
  // The composer's rule: an SMS to each family's mobile number in E.164, none to a fixed line.
  const mobiles = target.families.flatMap((family) => {
    const mobile = smsRecipient(family.phone, organiser.country);
    return mobile.ok ? [{ family, to: mobile.e164 }] : [];
  });
  const smsText = texts.sms.replace("{{ organiser.name }}", organiser.name);
  const [message] = await tx
    .insert(manualMessages)
    .values({
      organiserId: organiser.id,
      targetType: "AVAILABILITY",
      availabilityId: target.availabilityId,
      email: true,
      sms: true,
      subject: texts.subject,
      content: texts.content,
      smsBody: texts.sms,
      sendAt: sentAt,
      sentBy: ownerId,
      status: "SENT",
      requestKey: randomUUID(),
      recipientsCount: target.families.length,
      emailCount: target.families.length,
      smsCount: mobiles.length,
      smsSkippedCount: target.families.length - mobiles.length,
      createdAt: sentAt,
    })
    .returning({ id: manualMessages.id, cuid: manualMessages.cuid });
  await tx.insert(messages).values(
    target.families.map((family) => ({
      organiserId: organiser.id,
      channel: "EMAIL" as const,
      source: "MANUAL" as const,
      toAddress: family.email,
      subject: texts.subject,
      ...copyOf(organiser.language, organiser.name, family),
      customerId: family.id,
      manualMessageId: message!.id,
      sentBy: ownerId,
      idempotencyKey: `manual:${message!.cuid}:${family.id}:EMAIL`,
      sendAt: sentAt,
      messageId: `<${randomUUID()}@demo.localhost>`,
      status: "SENT" as const,
      attempts: 1,
      createdAt: sentAt,
      sentAt,
    })),
  );
  if (mobiles.length > 0) {
    await tx.insert(messages).values(
      mobiles.map(({ family, to }) => ({
        organiserId: organiser.id,
        channel: "SMS" as const,
        source: "MANUAL" as const,
        toAddress: to,
        text: smsText,
        customerId: family.id,
        manualMessageId: message!.id,
        sentBy: ownerId,
        idempotencyKey: `manual:${message!.cuid}:${family.id}:SMS`,
        sendAt: sentAt,
        messageId: `<${randomUUID()}@demo.localhost>`,
        status: "OUTBOX" as const,
        attempts: 1,
        createdAt: sentAt,
      })),
    );
  }
  await tx.insert(events).values({
    organiserId: organiser.id,
    type: "manual",
    payload: { message_cuid: message!.cuid },
    occurredAt: sentAt,
    publishedAt: sentAt,
  });
  counts.manual_messages = (counts.manual_messages ?? 0) + 1;
}
