import type { RefundReason } from "@booking/db";
import { formatMoney } from "@booking/domain";
import { emailButton, emailLayout, escapeHtml } from "./layout.ts";

// The e-mail of an online payment refunded automatically because it confirmed an order that
// could no longer be processed (docs/decisions/0011-online-payments.md): the customer is told
// why, in the organiser's language.

const LOCALES = { fr: "fr-BE", en: "en-GB" } as const;

const TEXTS = {
  fr: {
    subject: (organiser: string) => `Votre paiement a été remboursé – ${organiser}`,
    greeting: (name: string) => `Bonjour ${name},`,
    refunded: (amount: string) =>
      `Nous avons bien reçu votre paiement en ligne de ${amount}, mais nous n'avons pas pu enregistrer votre commande : nous vous l'avons remboursé automatiquement.`,
    reasons: {
      PLACES_TAKEN:
        "Votre paiement est arrivé après la fin de la réservation de vos places dans le panier, et elles ont été prises entre-temps.",
      NOT_AWAITED:
        "Ce paiement concernait une commande que vous aviez annulée ou déjà réglée autrement.",
    } satisfies Record<RefundReason, string>,
    delay:
      "Le remboursement apparaîtra sur votre compte dans les prochains jours, selon votre banque. Aucune inscription n'a été enregistrée pour ce paiement.",
    button: "Voir les activités",
    /** French typography puts a (no-break) space before a colon */
    colon: "\u00a0: ",
    footer: (organiser: string) => `Cet e-mail vous est envoyé par ${organiser}.`,
  },
  en: {
    subject: (organiser: string) => `Your payment has been refunded – ${organiser}`,
    greeting: (name: string) => `Hello ${name},`,
    refunded: (amount: string) =>
      `We received your online payment of ${amount}, but we could not complete your order, so we have refunded it automatically.`,
    reasons: {
      PLACES_TAKEN:
        "Your payment arrived after the places held in your cart had been released, and they were taken in the meantime.",
      NOT_AWAITED: "This payment was for an order you had cancelled or already paid otherwise.",
    } satisfies Record<RefundReason, string>,
    delay:
      "The refund will reach your account within a few days, depending on your bank. No registration was recorded for this payment.",
    button: "See the activities",
    colon: ": ",
    footer: (organiser: string) => `This e-mail was sent to you by ${organiser}.`,
  },
} as const;

export function paymentRefundedEmail(input: {
  language: "fr" | "en";
  organiserName: string;
  currency: string;
  firstname: string;
  /** the payment refunded, in minor units */
  amount: number;
  reason: RefundReason;
  storefrontUrl: string;
}): { subject: string; html: string; text: string } {
  const t = TEXTS[input.language];
  const amount = formatMoney(input.amount, input.currency, LOCALES[input.language]);
  const paragraphs = [t.refunded(amount), t.reasons[input.reason], t.delay];
  const body = [
    `<p>${escapeHtml(t.greeting(input.firstname))}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    emailButton(input.storefrontUrl, t.button),
  ].join("\n");
  return {
    subject: t.subject(input.organiserName),
    html: emailLayout({
      organiserName: input.organiserName,
      body,
      footer: t.footer(input.organiserName),
    }),
    text: [
      t.greeting(input.firstname),
      "",
      ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
      `${t.button}${t.colon}${input.storefrontUrl}`,
      "",
      t.footer(input.organiserName),
    ].join("\n"),
  };
}
