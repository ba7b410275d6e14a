import type { ProcessedCartView } from "@booking/contracts";
import { formatMoney, paymentReferenceKindOf } from "@booking/domain";
import { emailButton, emailLayout, escapeHtml } from "./layout.ts";

// The confirmation of a processed cart (platform-and-account.md §3.4 template data, §9 default
// rule "cart-confirmed notification to customers, sent immediately after cart.processed").
// Built in the checkout transaction from the same view as the success page (GET /api/carts/{cuid}).

type Language = "fr" | "en";

/** Number and date conventions of each language (formatMoney: "12,50 €" / "€12.50"). */
const LOCALES: Record<Language, string> = { fr: "fr-BE", en: "en-GB" };

const TEXTS = {
  fr: {
    subject: (reference: string, organiser: string) =>
      `Confirmation de votre commande ${reference} – ${organiser}`,
    /** French typography puts a (no-break) space before a colon */
    colon: "\u00a0: ",
    greeting: (name: string) => `Bonjour ${name},`,
    intro: "Merci ! Votre commande est enregistrée. En voici le récapitulatif.",
    reference: "Référence",
    registrations: "Inscriptions",
    bundles: "Carnets",
    memberships: "Abonnements",
    vouchers: "Bons cadeaux",
    participant: "Participant",
    code: "Code",
    validUntil: "Valable jusqu'au",
    period: "Période",
    amounts: "Montants",
    total: "Total",
    serviceFees: "Frais de service",
    walletUsed: "Portefeuille utilisé",
    paid: "Payé",
    outstanding: "Reste à payer",
    paidOnlineFull: (amount: string) =>
      `Votre paiement en ligne de ${amount} est bien reçu : votre commande est entièrement payée.`,
    paidOnlinePart: (amount: string) => `Votre paiement en ligne de ${amount} est bien reçu.`,
    transferTitle: "Paiement par virement",
    transferIntro: {
      STRUCTURED_COMMUNICATION:
        "Pour finaliser votre commande, effectuez un virement avec la communication structurée ci-dessous.",
      CREDITOR_REFERENCE:
        "Pour finaliser votre commande, effectuez un virement en indiquant la référence ci-dessous, telle quelle et seule, dans le champ « référence » (ou « communication ») du virement.",
    },
    beneficiary: "Bénéficiaire",
    iban: "IBAN",
    bic: "BIC",
    amount: "Montant",
    communication: {
      STRUCTURED_COMMUNICATION: "Communication structurée",
      CREDITOR_REFERENCE: "Référence de paiement",
    },
    button: "Voir ma commande",
    footer: (organiser: string) => `Cet e-mail vous est envoyé par ${organiser}.`,
  },
  en: {
    subject: (reference: string, organiser: string) =>
      `Your order confirmation ${reference} – ${organiser}`,
    colon: ": ",
    greeting: (name: string) => `Hello ${name},`,
    intro: "Thank you! Your order is confirmed. Here is its summary.",
    reference: "Reference",
    registrations: "Registrations",
    bundles: "Bundles",
    memberships: "Memberships",
    vouchers: "Vouchers",
    participant: "Participant",
    code: "Code",
    validUntil: "Valid until",
    period: "Period",
    amounts: "Amounts",
    total: "Total",
    serviceFees: "Service fees",
    walletUsed: "Wallet used",
    paid: "Paid",
    outstanding: "Outstanding",
    paidOnlineFull: (amount: string) =>
      `Your online payment of ${amount} has been received: your order is paid in full.`,
    paidOnlinePart: (amount: string) => `Your online payment of ${amount} has been received.`,
    transferTitle: "Payment by bank transfer",
    transferIntro: {
      STRUCTURED_COMMUNICATION:
        "To complete your order, please make a bank transfer with the structured reference below.",
      CREDITOR_REFERENCE:
        "To complete your order, please make a bank transfer and enter the reference below, exactly as shown and on its own, in the transfer's reference field.",
    },
    beneficiary: "Account holder",
    iban: "IBAN",
    bic: "BIC",
    amount: "Amount",
    communication: {
      STRUCTURED_COMMUNICATION: "Structured reference",
      CREDITOR_REFERENCE: "Payment reference",
    },
    button: "View my order",
    footer: (organiser: string) => `This e-mail was sent to you by ${organiser}.`,
  },
} as const;

export interface CartConfirmationInput {
  language: Language;
  organiserName: string;
  currency: string;
  /** IANA zone of the organiser: every date is shown there */
  timezone: string;
  firstname: string;
  /** the customer's page of this cart */
  cartUrl: string;
  cart: ProcessedCartView;
}

/** One line of the summary: a title, details under it, an amount on the right. */
interface Line {
  title: string;
  details: string[];
  amount: string;
}

interface Section {
  heading: string;
  lines: Line[];
}

/**
 * The date formats of a locale and time zone, made once: building an Intl.DateTimeFormat costs
 * more than rendering the rest of the e-mail, and every checkout sends one.
 */
const dateFormatsByZone = new Map<
  string,
  { dateTime: Intl.DateTimeFormat; day: Intl.DateTimeFormat }
>();

function dateFormats(locale: string, timeZone: string) {
  const key = `${locale} ${timeZone}`;
  let formats = dateFormatsByZone.get(key);
  if (!formats) {
    formats = {
      dateTime: new Intl.DateTimeFormat(locale, {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
      }),
      day: new Intl.DateTimeFormat(locale, {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone,
      }),
    };
    dateFormatsByZone.set(key, formats);
  }
  return formats;
}

export function cartConfirmationEmail(input: CartConfirmationInput): {
  subject: string;
  html: string;
  text: string;
} {
  const t = TEXTS[input.language];
  const locale = LOCALES[input.language];
  const { cart } = input;
  const money = (minor: number) => formatMoney(minor, input.currency, locale);
  const { dateTime, day } = dateFormats(locale, input.timezone);
  const range = (start: string, end: string) =>
    dateTime.formatRange(new Date(start), new Date(end));

  const sections: Section[] = [
    {
      heading: t.registrations,
      lines: cart.registrations.map((registration) => ({
        title: registration.availability.activity.title,
        details: [
          `${t.participant}${t.colon}${registration.participant.fullname}`,
          ...(registration.dates.length > 0
            ? registration.dates.map(({ date }) => range(date.start_at, date.end_at))
            : [range(registration.availability.start_at, registration.availability.end_at)]),
        ],
        amount: money(registration.total_amount),
      })),
    },
    {
      heading: t.bundles,
      lines: cart.bundles.map((bundle) => ({
        title: bundle.bundle.title,
        details: [
          ...(bundle.participant
            ? [`${t.participant}${t.colon}${bundle.participant.fullname}`]
            : []),
          ...(bundle.expires_at
            ? [`${t.validUntil} ${day.format(new Date(bundle.expires_at))}`]
            : []),
        ],
        amount: money(bundle.total_amount),
      })),
    },
    {
      heading: t.memberships,
      lines: cart.memberships.map((membership) => ({
        title: membership.membership.title,
        details: [
          ...(membership.participant
            ? [`${t.participant}${t.colon}${membership.participant.fullname}`]
            : []),
          `${t.period}${t.colon}${day.formatRange(new Date(membership.start_at), new Date(membership.end_at))}`,
        ],
        amount: money(membership.total_amount),
      })),
    },
    {
      heading: t.vouchers,
      lines: cart.vouchers.map((voucher) => ({
        title: voucher.voucher.title,
        details: [
          `${t.code}${t.colon}${voucher.code}`,
          ...(voucher.expires_at
            ? [`${t.validUntil} ${day.format(new Date(voucher.expires_at))}`]
            : []),
        ],
        amount: money(voucher.total_amount),
      })),
    },
  ].filter((section) => section.lines.length > 0);

  const totals = cart.totals;
  const amounts: Array<[string, string]> = [
    [t.total, money(totals.total)],
    ...(totals.service_fees > 0
      ? [[t.serviceFees, money(totals.service_fees)] as [string, string]]
      : []),
    ...(totals.wallet_used > 0
      ? [[t.walletUsed, money(totals.wallet_used)] as [string, string]]
      : []),
    [t.paid, money(totals.paid)],
    [t.outstanding, money(totals.outstanding)],
  ];

  // Bank transfer instructions: only when something is owed by transfer (a delayed payment, or
  // the remainder after a deposit paid online); a cart paid in full says so instead.
  const transfer = cart.bank_transfer && cart.bank_transfer.amount > 0 ? cart.bank_transfer : null;
  // What goes in the transfer depends on the reference the cart was given (a structured
  // communication for a Belgian account in euros, else an ISO 11649 creditor reference).
  const referenceKind = paymentReferenceKindOf(cart.reference);
  const paidOnline = totals.paid - totals.wallet_used;
  const payment =
    paidOnline > 0
      ? totals.outstanding > 0
        ? t.paidOnlinePart(money(paidOnline))
        : t.paidOnlineFull(money(paidOnline))
      : null;
  const transferRows: Array<[string, string]> = transfer
    ? [
        [t.beneficiary, transfer.beneficiary],
        ...(transfer.iban ? [[t.iban, transfer.iban] as [string, string]] : []),
        ...(transfer.bic ? [[t.bic, transfer.bic] as [string, string]] : []),
        [t.amount, money(transfer.amount)],
        [t.communication[referenceKind], transfer.reference],
      ]
    : [];

  const cell = "padding:6px 0;border-bottom:1px solid #f4f4f5;vertical-align:top";
  const table = (rows: string) =>
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse">${rows}</table>`;
  const keyValues = (rows: Array<[string, string]>, boldLast = false) =>
    table(
      rows
        .map(
          ([label, value], index) =>
            `<tr><td style="${cell}">${escapeHtml(label)}</td><td align="right" style="${cell};text-align:right${
              boldLast && index === rows.length - 1 ? ";font-weight:bold" : ""
            }">${escapeHtml(value)}</td></tr>`,
        )
        .join(""),
    );

  const body = [
    `<p>${escapeHtml(t.greeting(input.firstname))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p><strong>${escapeHtml(t.reference + t.colon)}</strong>${escapeHtml(cart.reference)}</p>`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2>${table(
          section.lines
            .map(
              (line) =>
                `<tr><td style="${cell}"><strong>${escapeHtml(line.title)}</strong>${line.details
                  .map(
                    (detail) =>
                      `<br><span style="font-size:13px;color:#52525b">${escapeHtml(detail)}</span>`,
                  )
                  .join(
                    "",
                  )}</td><td align="right" style="${cell};text-align:right;white-space:nowrap">${escapeHtml(line.amount)}</td></tr>`,
            )
            .join(""),
        )}`,
    ),
    `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(t.amounts)}</h2>`,
    keyValues(amounts, true),
    ...(payment ? [`<p>${escapeHtml(payment)}</p>`] : []),
    ...(transfer
      ? [
          `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(t.transferTitle)}</h2>`,
          `<p>${escapeHtml(t.transferIntro[referenceKind])}</p>`,
          keyValues(transferRows),
        ]
      : []),
    emailButton(input.cartUrl, t.button),
  ].join("\n");

  const text = [
    t.greeting(input.firstname),
    "",
    t.intro,
    "",
    `${t.reference}${t.colon}${cart.reference}`,
    ...sections.flatMap((section) => [
      "",
      section.heading.toUpperCase(),
      ...section.lines.flatMap((line) => [
        `- ${line.title} — ${line.amount}`,
        ...line.details.map((detail) => `  ${detail}`),
      ]),
    ]),
    "",
    t.amounts.toUpperCase(),
    ...amounts.map(([label, value]) => `${label}${t.colon}${value}`),
    ...(payment ? ["", payment] : []),
    ...(transfer
      ? [
          "",
          t.transferTitle.toUpperCase(),
          t.transferIntro[referenceKind],
          ...transferRows.map(([label, value]) => `${label}${t.colon}${value}`),
        ]
      : []),
    "",
    `${t.button}${t.colon}${input.cartUrl}`,
    "",
    t.footer(input.organiserName),
  ].join("\n");

  return {
    subject: t.subject(cart.reference, input.organiserName),
    html: emailLayout({
      organiserName: input.organiserName,
      body,
      footer: t.footer(input.organiserName),
    }),
    text,
  };
}
