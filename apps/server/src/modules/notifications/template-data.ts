import type { ProcessedCartView } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { formatMoney, fullName, paymentReferenceKindOf } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import { processedCartView } from "../checkout/service.ts";
import type { Organiser } from "../organisers/queries.ts";
import { type DateStyle, dateFormat, LOCALES, type RenderFormat } from "./render/liquid.ts";
import {
  findLatestProcessedCartCuid,
  findProcessedCart,
  findTemplateCustomer,
  listTemplateAvailabilities,
  listTemplateMemberships,
  listTemplateRegistrationDates,
  listTemplateRegistrations,
  type TemplateAvailabilityRow,
} from "./template-data-queries.ts";
import type {
  EmailTemplateData,
  TemplateAvailability,
  TemplateBankTransfer,
  TemplateCart,
  TemplateMembership,
  TemplatePeriod,
  TemplateRegistration,
} from "./template-data-types.ts";
import { accountLinks, accountUrl, storefrontHome, templateOrganiser } from "./template-links.ts";

// §3.4's data of a message, read from the real rows in the caller's transaction (decision 0050):
// the cart as the success page shows it (checkout's processed-cart view), the registrations
// with their participant, dates and availability, the memberships and availabilities named, the
// customer written to and the message written by hand.

export type * from "./template-data-types.ts";

/** What a message is about; every part is optional. */
export interface TemplateDataScope {
  /** the configured public addresses the links are made of (never a request's headers) */
  urls: PublicUrls;
  customerId?: number;
  cartCuid?: string;
  registrationCuids?: string[];
  availabilityCuids?: string[];
  membershipCuids?: string[];
  message?: { subject: string; content: string } | null;
}

/** Amounts and dates written the organiser's way. */
export class TemplateFormatter {
  readonly format: RenderFormat;
  constructor(organiser: Pick<Organiser, "language" | "currency" | "timezone">) {
    this.format = {
      language: organiser.language,
      currency: organiser.currency,
      timezone: organiser.timezone,
    };
  }
  money(minor: number): string {
    return formatMoney(minor, this.format.currency, LOCALES[this.format.language]);
  }
  date(value: Date, style: DateStyle = "date"): string {
    return dateFormat(this.format, style).format(value);
  }
  range(start: Date, end: Date, style: DateStyle): string {
    return dateFormat(this.format, style).formatRange(start, end);
  }
  period(start: Date, end: Date, style: DateStyle = "datetime"): TemplatePeriod {
    return {
      start_at: start.toISOString(),
      end_at: end.toISOString(),
      period: this.range(start, end, style),
    };
  }
}

/** The data of a message about nothing in particular: the organiser and the account links. */
export function emptyTemplateData(organiser: Organiser, urls: PublicUrls): EmailTemplateData {
  return {
    message: null,
    organiser: templateOrganiser(organiser, urls),
    customer: null,
    collaborator: null,
    registrations: [],
    bundles: [],
    vouchers: [],
    memberships: [],
    availabilities: [],
    cart: null,
    account: accountLinks(organiser, urls),
    unsubscribe_url: null,
    link: null,
    inviter: null,
    offer: null,
    refund: null,
  };
}

const INSTRUCTIONS = {
  fr: {
    colon: "\u00a0: ",
    intro: {
      STRUCTURED_COMMUNICATION:
        "Pour finaliser votre commande, effectuez un virement avec la communication structurée ci-dessous.",
      CREDITOR_REFERENCE:
        "Pour finaliser votre commande, effectuez un virement en indiquant la référence ci-dessous, telle quelle et seule, dans le champ « référence » (ou « communication ») du virement.",
    },
    beneficiary: "Bénéficiaire",
    iban: "IBAN",
    bic: "BIC",
    amount: "Montant",
    reference: {
      STRUCTURED_COMMUNICATION: "Communication structurée",
      CREDITOR_REFERENCE: "Référence de paiement",
    },
  },
  en: {
    colon: ": ",
    intro: {
      STRUCTURED_COMMUNICATION:
        "To complete your order, please make a bank transfer with the structured reference below.",
      CREDITOR_REFERENCE:
        "To complete your order, please make a bank transfer and enter the reference below, exactly as shown and on its own, in the transfer's reference field.",
    },
    beneficiary: "Account holder",
    iban: "IBAN",
    bic: "BIC",
    amount: "Amount",
    reference: {
      STRUCTURED_COMMUNICATION: "Structured reference",
      CREDITOR_REFERENCE: "Payment reference",
    },
  },
} as const;

/** The bank transfer instructions as one block of text, in the organiser's language. */
function instructionsText(transfer: TemplateBankTransfer | null, language: "fr" | "en"): string {
  if (!transfer) return "";
  const t = INSTRUCTIONS[language];
  const row = (label: string, value: string) => `${label}${t.colon}${value}`;
  return [
    t.intro[transfer.reference_kind],
    row(t.beneficiary, transfer.beneficiary),
    ...(transfer.iban ? [row(t.iban, transfer.iban)] : []),
    ...(transfer.bic ? [row(t.bic, transfer.bic)] : []),
    row(t.amount, transfer.amount),
    row(t.reference[transfer.reference_kind], transfer.reference),
  ].join("\n");
}

/** The cart's figures and what is still to transfer, from checkout's processed-cart view. */
export function templateCart(
  organiser: Organiser,
  urls: PublicUrls,
  view: ProcessedCartView,
): TemplateCart {
  const f = new TemplateFormatter(organiser);
  const amount = (minor: number) => ({ formatted: f.money(minor), minor });
  const { totals } = view;
  // Only what is owed by transfer (a delayed payment, the remainder after a deposit online).
  const transfer = view.bank_transfer && view.bank_transfer.amount > 0 ? view.bank_transfer : null;
  const bankTransfer: TemplateBankTransfer | null = transfer && {
    beneficiary: transfer.beneficiary,
    iban: transfer.iban,
    bic: transfer.bic,
    amount: f.money(transfer.amount),
    amount_minor: transfer.amount,
    reference: transfer.reference,
    reference_kind: paymentReferenceKindOf(view.reference),
  };
  const paidOnline = totals.paid - totals.wallet_used;
  const figures = {
    total_amount: amount(totals.total),
    service_fees: amount(totals.service_fees),
    wallet_used: amount(totals.wallet_used),
    paid_amount: amount(totals.paid),
    paid_online_amount: amount(paidOnline),
    outstanding_amount: amount(totals.outstanding),
  };
  return {
    cuid: view.cuid,
    reference: view.reference,
    url: accountUrl(organiser, urls, "carts", view.cuid),
    total_amount: figures.total_amount.formatted,
    total_amount_minor: figures.total_amount.minor,
    service_fees: figures.service_fees.formatted,
    service_fees_minor: figures.service_fees.minor,
    wallet_used: figures.wallet_used.formatted,
    wallet_used_minor: figures.wallet_used.minor,
    paid_amount: figures.paid_amount.formatted,
    paid_amount_minor: figures.paid_amount.minor,
    paid_online_amount: figures.paid_online_amount.formatted,
    paid_online_amount_minor: figures.paid_online_amount.minor,
    outstanding_amount: figures.outstanding_amount.formatted,
    outstanding_amount_minor: figures.outstanding_amount.minor,
    bank_transfer: bankTransfer,
    instructions: instructionsText(bankTransfer, organiser.language),
  };
}

function templateAvailability(
  organiser: Organiser,
  urls: PublicUrls,
  row: TemplateAvailabilityRow,
): TemplateAvailability {
  const f = new TemplateFormatter(organiser);
  const location = row.location;
  const street = [location?.street, location?.number].filter(Boolean).join(" ");
  const city = [location?.postcode, location?.city].filter(Boolean).join(" ");
  return {
    cuid: row.cuid,
    url: `${storefrontHome(organiser, urls)}/availabilities/${encodeURIComponent(row.cuid)}`,
    activity: { title: row.activityTitle },
    location: location
      ? { title: location.title, address: [street, city].filter(Boolean).join(", ") }
      : null,
    ...f.period(row.startAt, row.endAt),
  };
}

/** Registrations by cuid with their participant, the dates they attend and their availability. */
async function templateRegistrations(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  cuids: string[],
  reference: string | null,
): Promise<{ registrations: TemplateRegistration[]; availabilities: TemplateAvailabilityRow[] }> {
  if (cuids.length === 0) return { registrations: [], availabilities: [] };
  const rows = await listTemplateRegistrations(tx, organiser.id, cuids);
  if (rows.length === 0) return { registrations: [], availabilities: [] };
  const [dates, availabilityRows] = await Promise.all([
    listTemplateRegistrationDates(
      tx,
      organiser.id,
      rows.map((row) => row.id),
    ),
    listTemplateAvailabilities(tx, organiser.id, {
      ids: [...new Set(rows.map((row) => row.availabilityId))],
    }),
  ]);
  const f = new TemplateFormatter(organiser);
  const availabilityById = new Map(availabilityRows.map((row) => [row.id, row]));
  const order = new Map(cuids.map((cuid, index) => [cuid, index]));
  const registrations = rows
    .map((row): TemplateRegistration => {
      const availability = availabilityById.get(row.availabilityId)!;
      const own = dates.filter((date) => date.registrationId === row.id);
      const { firstname, lastname } = row.participant;
      return {
        cuid: row.cuid,
        // The cart's reference while checkout still writes it (the registrations get it last).
        reference: reference ?? row.reference,
        url: accountUrl(organiser, urls, "registrations", row.cuid),
        activity: { title: availability.activityTitle },
        participant: { firstname, lastname, fullname: fullName(firstname, lastname) },
        availability: templateAvailability(organiser, urls, availability),
        dates:
          own.length > 0
            ? own.map((date) => f.period(date.startAt, date.endAt))
            : [f.period(availability.startAt, availability.endAt)],
        total_amount: f.money(row.totalAmount),
        total_amount_minor: row.totalAmount,
      };
    })
    .sort((a, b) => (order.get(a.cuid) ?? 0) - (order.get(b.cuid) ?? 0));
  return { registrations, availabilities: availabilityRows };
}

/** The cart's registrations, bundles, vouchers and memberships, from its processed view. */
async function cartParts(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  view: ProcessedCartView,
) {
  const f = new TemplateFormatter(organiser);
  const { registrations, availabilities } = await templateRegistrations(
    tx,
    organiser,
    urls,
    view.registrations.map((registration) => registration.cuid),
    view.reference,
  );
  const expiry = (expiresAt: string | null) => ({
    expires_at: expiresAt,
    expires_on: expiresAt ? f.date(new Date(expiresAt)) : null,
  });
  return {
    cart: templateCart(organiser, urls, view),
    registrations,
    availabilities,
    bundles: view.bundles.map((bundle) => ({
      cuid: bundle.cuid,
      url: accountUrl(organiser, urls, "bundles", bundle.cuid),
      title: bundle.bundle.title,
      participant: bundle.participant && { fullname: bundle.participant.fullname },
      ...expiry(bundle.expires_at),
      total_amount: f.money(bundle.total_amount),
      total_amount_minor: bundle.total_amount,
    })),
    vouchers: view.vouchers.map((voucher) => ({
      cuid: voucher.cuid,
      url: accountUrl(organiser, urls, "vouchers", voucher.cuid),
      title: voucher.voucher.title,
      code: voucher.code,
      ...expiry(voucher.expires_at),
      total_amount: f.money(voucher.total_amount),
      total_amount_minor: voucher.total_amount,
    })),
    memberships: view.memberships.map(
      (membership): TemplateMembership => ({
        cuid: membership.cuid,
        url: accountUrl(organiser, urls, "memberships", membership.cuid),
        title: membership.membership.title,
        participant: membership.participant && { fullname: membership.participant.fullname },
        ...f.period(new Date(membership.start_at), new Date(membership.end_at), "date"),
        total_amount: f.money(membership.total_amount),
        total_amount_minor: membership.total_amount,
      }),
    ),
  };
}

async function templateMemberships(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  cuids: string[],
): Promise<TemplateMembership[]> {
  if (cuids.length === 0) return [];
  const f = new TemplateFormatter(organiser);
  const rows = await listTemplateMemberships(tx, organiser.id, cuids);
  return rows.map((row) => ({
    cuid: row.cuid,
    url: accountUrl(organiser, urls, "memberships", row.cuid),
    title: row.title,
    participant: row.participant && {
      fullname: fullName(row.participant.firstname, row.participant.lastname),
    },
    ...f.period(row.startAt, row.endAt, "date"),
    total_amount: f.money(row.totalAmount),
    total_amount_minor: row.totalAmount,
  }));
}

/** §3.4's data of a processed cart (checkout's view of it), before its customer is added. */
export async function cartTemplateData(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  view: ProcessedCartView,
): Promise<EmailTemplateData> {
  const { availabilities, ...parts } = await cartParts(tx, organiser, urls, view);
  return {
    ...emptyTemplateData(organiser, urls),
    ...parts,
    availabilities: availabilities.map((row) => templateAvailability(organiser, urls, row)),
  };
}

const unseen = <T extends { cuid: string }>(known: T[], cuids: string[] | undefined) =>
  (cuids ?? []).filter((cuid) => !known.some((item) => item.cuid === cuid));

/**
 * §3.4's data of a message: the cart (its items and amounts, bank transfer reference and
 * instructions), the registrations, memberships and availabilities named (and the
 * registrations' availabilities), the customer (the cart's when not given) and the message.
 * A cart, registration… that does not exist (any more) is left out.
 */
export async function buildTemplateData(
  tx: TenantTx,
  organiser: Organiser,
  scope: TemplateDataScope,
): Promise<EmailTemplateData> {
  const { urls } = scope;
  const data = emptyTemplateData(organiser, urls);
  let customerId = scope.customerId;
  let availabilityRows: TemplateAvailabilityRow[] = [];
  if (scope.cartCuid) {
    const cart = await findProcessedCart(tx, organiser.id, scope.cartCuid);
    if (cart) {
      const view = await processedCartView({ db: tx, organiser }, cart);
      const parts = await cartParts(tx, organiser, urls, view);
      Object.assign(data, { ...parts, availabilities: [] });
      availabilityRows = parts.availabilities;
      customerId ??= cart.customerId;
    }
  }
  const more = await templateRegistrations(
    tx,
    organiser,
    urls,
    unseen(data.registrations, scope.registrationCuids),
    null,
  );
  data.registrations = [...data.registrations, ...more.registrations];
  data.memberships = [
    ...data.memberships,
    ...(await templateMemberships(
      tx,
      organiser,
      urls,
      unseen(data.memberships, scope.membershipCuids),
    )),
  ];
  const named = scope.availabilityCuids?.length
    ? await listTemplateAvailabilities(tx, organiser.id, { cuids: scope.availabilityCuids })
    : [];
  const byId = new Map(
    [...named, ...availabilityRows, ...more.availabilities].map((row) => [row.id, row]),
  );
  data.availabilities = [...byId.values()]
    .sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id)
    .map((row) => templateAvailability(organiser, urls, row));
  if (customerId !== undefined) {
    const customer = await findTemplateCustomer(tx, organiser.id, customerId);
    data.customer = customer && {
      ...customer,
      fullname: fullName(customer.firstname, customer.lastname),
      phone: customer.phone || null,
    };
  }
  data.message = scope.message ?? null;
  return data;
}

export { TEMPLATE_VARIABLES, type TemplateVariable } from "./template-variables.ts";

const EXAMPLE_TEXTS = {
  fr: {
    activity: "Stage multisports",
    location: "Salle omnisports",
    subject: "Séance de samedi",
    content: "<p>N'oubliez pas votre maillot et une gourde.</p>",
  },
  en: {
    activity: "Multisport camp",
    location: "Sports hall",
    subject: "Saturday's session",
    content: "<p>Remember to bring a swimsuit and a water bottle.</p>",
  },
} as const;

/**
 * The data of an organiser who has no processed cart yet, for the editor's preview: one
 * example customer, registration and order, in its language and currency, with its own links.
 */
export function exampleTemplateData(
  organiser: Organiser,
  urls: PublicUrls,
  now: Date,
): EmailTemplateData {
  const f = new TemplateFormatter(organiser);
  const t = EXAMPLE_TEXTS[organiser.language];
  const start = new Date(now.getTime() + 7 * 24 * 3_600_000);
  start.setUTCHours(8, 0, 0, 0);
  const end = new Date(start.getTime() + 5 * 24 * 3_600_000 + 8 * 3_600_000);
  const data = emptyTemplateData(organiser, urls);
  const availability: TemplateAvailability = {
    cuid: "example",
    url: `${storefrontHome(organiser, urls)}/activities`,
    activity: { title: t.activity },
    location: { title: t.location, address: "Rue du Stade 12, 1300 Wavre" },
    ...f.period(start, end),
  };
  const reference = "+++000/0000/00097+++";
  return {
    ...data,
    message: { subject: t.subject, content: t.content },
    customer: {
      firstname: "Alice",
      lastname: "Martin",
      fullname: "Alice Martin",
      email: "alice@example.com",
      phone: null,
    },
    registrations: [
      {
        cuid: "example",
        reference,
        url: data.account.registrations_url,
        activity: availability.activity,
        participant: { firstname: "Léa", lastname: "Martin", fullname: "Léa Martin" },
        availability,
        dates: [f.period(start, end)],
        total_amount: f.money(12_000),
        total_amount_minor: 12_000,
      },
    ],
    availabilities: [availability],
    cart: {
      ...templateCart(organiser, urls, {
        id: 0,
        cuid: "example",
        reference,
        payment_strategy: "DELAYED",
        processed_at: now.toISOString(),
        items: [],
        registrations: [],
        bundles: [],
        memberships: [],
        vouchers: [],
        totals: {
          total: 12_000,
          deposit: 0,
          wallet_used: 0,
          service_fees: 0,
          payable: 12_000,
          paid: 0,
          outstanding: 12_000,
        },
        bank_transfer: {
          beneficiary: organiser.legalName ?? organiser.name,
          iban: organiser.iban,
          bic: organiser.bic,
          amount: 12_000,
          reference,
          due_on: now.toISOString().slice(0, 10),
        },
      }),
      url: data.account.carts_url,
    },
    unsubscribe_url: `${urls.storefront(organiser)}/newsletters/unsubscribe`,
  };
}

/**
 * The data the template editor previews with: the organiser's latest processed cart (its
 * customer, items, amounts and instructions) with an example message and unsubscribe link, or
 * example data while it has none.
 */
export async function sampleTemplateData(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  now: Date = new Date(),
): Promise<EmailTemplateData> {
  const example = exampleTemplateData(organiser, urls, now);
  const cartCuid = await findLatestProcessedCartCuid(tx, organiser.id);
  if (!cartCuid) return example;
  const data = await buildTemplateData(tx, organiser, {
    urls,
    cartCuid,
    message: example.message,
  });
  return { ...data, unsubscribe_url: example.unsubscribe_url };
}
