import { formatMoney } from "@booking/domain";
import { emailButton, emailLayout, escapeHtml } from "./layout.ts";

// A place offered to someone on a waiting list (platform-and-account.md §9 waiting-list.vacancy;
// docs/decisions/0024-console-registrations.md): the place is held in their cart until the end of
// the claim window, and the link takes them to the checkout to confirm it.

type Language = "fr" | "en";

const LOCALES: Record<Language, string> = { fr: "fr-BE", en: "en-GB" };

const TEXTS = {
  fr: {
    subject: (activity: string, organiser: string) =>
      `Une place s'est libérée : ${activity} – ${organiser}`,
    greeting: (name: string) => `Bonjour ${name},`,
    offered: (participant: string, activity: string, start: string) =>
      `Une place s'est libérée pour ${participant} à « ${activity} » (à partir du ${start}). Nous l'avons réservée dans votre panier.`,
    deadline: (deadline: string, price: string) =>
      `Elle vous est réservée jusqu'au ${deadline}, au prix de ${price}. Passé ce délai, elle sera proposée à la personne suivante sur la liste d'attente.`,
    button: "Confirmer l'inscription",
    colon: "\u00a0: ",
    footer: (organiser: string) => `Cet e-mail vous est envoyé par ${organiser}.`,
  },
  en: {
    subject: (activity: string, organiser: string) =>
      `A place is available: ${activity} – ${organiser}`,
    greeting: (name: string) => `Hello ${name},`,
    offered: (participant: string, activity: string, start: string) =>
      `A place has become available for ${participant} in "${activity}" (from ${start}). We have put it in your cart.`,
    deadline: (deadline: string, price: string) =>
      `It is held for you until ${deadline}, at ${price}. After that, it will be offered to the next person on the waiting list.`,
    button: "Confirm the registration",
    colon: ": ",
    footer: (organiser: string) => `This e-mail was sent to you by ${organiser}.`,
  },
} as const;

export function waitingListOfferEmail(input: {
  language: Language;
  organiserName: string;
  currency: string;
  timezone: string;
  firstname: string;
  participant: string;
  activity: string;
  startAt: Date;
  expiresAt: Date;
  /** the place's price, in minor units */
  price: number;
  checkoutUrl: string;
}): { subject: string; html: string; text: string } {
  const t = TEXTS[input.language];
  const locale = LOCALES[input.language];
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: input.timezone });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: input.timezone,
  });
  const paragraphs = [
    t.offered(input.participant, input.activity, day.format(input.startAt)),
    t.deadline(dateTime.format(input.expiresAt), formatMoney(input.price, input.currency, locale)),
  ];
  const body = [
    `<p>${escapeHtml(t.greeting(input.firstname))}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    emailButton(input.checkoutUrl, t.button),
  ].join("\n");
  return {
    subject: t.subject(input.activity, input.organiserName),
    html: emailLayout({
      organiserName: input.organiserName,
      body,
      footer: t.footer(input.organiserName),
    }),
    text: [
      t.greeting(input.firstname),
      "",
      ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
      `${t.button}${t.colon}${input.checkoutUrl}`,
      "",
      t.footer(input.organiserName),
    ].join("\n"),
  };
}
