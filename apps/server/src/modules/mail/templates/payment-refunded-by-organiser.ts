import { formatMoney } from "@booking/domain";
import { emailLayout, escapeHtml } from "./layout.ts";

// The e-mail of an online payment the organiser refunded from the console, wholly or in part:
// the customer learns how much comes back and when. The staff's reason is an internal note and
// is not quoted.

const LOCALES = { fr: "fr-BE", en: "en-GB" } as const;

const TEXTS = {
  fr: {
    subject: (organiser: string) => `Remboursement de votre paiement – ${organiser}`,
    greeting: (name: string) => `Bonjour ${name},`,
    whole: (paid: string, order: string) =>
      `Votre paiement en ligne de ${paid}${order} vous a été remboursé.`,
    part: (refund: string, paid: string, order: string) =>
      `Sur votre paiement en ligne de ${paid}${order}, ${refund} vous ont été remboursés.`,
    order: (reference: string) => ` (commande ${reference})`,
    delay:
      "Le remboursement apparaîtra sur votre compte dans les prochains jours, selon votre banque. Pour toute question, répondez simplement à cet e-mail.",
    footer: (organiser: string) => `Cet e-mail vous est envoyé par ${organiser}.`,
  },
  en: {
    subject: (organiser: string) => `Your payment has been refunded – ${organiser}`,
    greeting: (name: string) => `Hello ${name},`,
    whole: (paid: string, order: string) =>
      `Your online payment of ${paid}${order} has been refunded to you.`,
    part: (refund: string, paid: string, order: string) =>
      `Of your online payment of ${paid}${order}, ${refund} has been refunded to you.`,
    order: (reference: string) => ` (order ${reference})`,
    delay:
      "The refund will reach your account within a few days, depending on your bank. For any question, simply reply to this e-mail.",
    footer: (organiser: string) => `This e-mail was sent to you by ${organiser}.`,
  },
} as const;

export function paymentRefundedByOrganiserEmail(input: {
  language: "fr" | "en";
  organiserName: string;
  currency: string;
  firstname: string;
  /** minor units */
  refunded: number;
  paid: number;
  /** the order's structured reference, when it has one */
  reference: string | null;
}): { subject: string; html: string; text: string } {
  const t = TEXTS[input.language];
  const money = (amount: number) => formatMoney(amount, input.currency, LOCALES[input.language]);
  const order = input.reference ? t.order(input.reference) : "";
  const lines = [
    t.greeting(input.firstname),
    input.refunded === input.paid
      ? t.whole(money(input.paid), order)
      : t.part(money(input.refunded), money(input.paid), order),
    t.delay,
  ];
  return {
    subject: t.subject(input.organiserName),
    html: emailLayout({
      organiserName: input.organiserName,
      body: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
      footer: t.footer(input.organiserName),
    }),
    text: lines.join("\n\n"),
  };
}
