import { fullName } from "@booking/domain";
import type { ConsoleContext } from "../../http/console-context.ts";
import { queueEmail } from "../mail/outbox.ts";
import { escapeHtml } from "../notifications/render/liquid.ts";
import type { ConsoleRequestRow } from "./console-queries.ts";

/** What sending the rejection needs: the delivery queue, woken after the commit. */
export interface RejectionMail {
  dispatchEmail(emailId: number): Promise<void>;
}

// §9 has no trigger for an answered request, so the rejection is not a notification rule's: it
// is staff's own message, sent as they wrote it, with a line naming the request (decision 0061).
const WORDING = {
  fr: {
    subject: (activity: string) => `Votre demande d'inscription : ${activity}`,
    intro: (participant: string, activity: string, reference: string) =>
      `Votre demande d'inscription de ${participant} à « ${activity} » (${reference}) n'a pas pu être acceptée.`,
  },
  en: {
    subject: (activity: string) => `Your registration request: ${activity}`,
    intro: (participant: string, activity: string, reference: string) =>
      `Your request to register ${participant} for "${activity}" (${reference}) could not be accepted.`,
  },
} as const;

/** Queues the e-mail telling the family their request was rejected, with staff's message. */
export async function queueRejectionMail(
  context: ConsoleContext,
  row: ConsoleRequestRow,
  message: string,
  mail: RejectionMail,
): Promise<void> {
  const { organiser } = context;
  const wording = organiser.language === "en" ? WORDING.en : WORDING.fr;
  const participant = fullName(row.participant.firstname, row.participant.lastname);
  const paragraphs = [
    wording.intro(participant, row.activity.title, row.request.reference),
    message,
    organiser.name,
  ];
  const emailId = await queueEmail(context.db, {
    organiserId: organiser.id,
    to: row.customer.email,
    customerId: row.customer.id,
    subject: wording.subject(row.activity.title),
    text: paragraphs.join("\n\n"),
    html: paragraphs
      .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`)
      .join("\n"),
  });
  context.afterCommit(() => mail.dispatchEmail(emailId));
}
