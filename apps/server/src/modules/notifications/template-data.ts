import type { TenantTx } from "@booking/db";
import { sql } from "@booking/db/orm";
import { fullName } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import { processedCartView } from "../checkout/service.ts";
import { findInvoiceSettings } from "../invoices/settings-queries.ts";
import type { Organiser } from "../organisers/queries.ts";
import { transferEpcQr } from "../payments/epc-qr.ts";
import { emptyTemplateData, TemplateFormatter } from "./template-data-base.ts";
import { cartParts, templateCart } from "./template-data-cart.ts";
import {
  templateAvailability,
  templateMemberships,
  templateRegistrations,
} from "./template-data-items.ts";
import {
  findLatestProcessedCartCuid,
  findProcessedCart,
  findTemplateCustomer,
  listTemplateAvailabilities,
  type TemplateAvailabilityRow,
} from "./template-data-queries.ts";
import type { EmailTemplateData, TemplateAvailability } from "./template-data-types.ts";
import { storefrontHome } from "./template-links.ts";
import { moneyDocumentSamples } from "./template-money-samples.ts";

// §3.4's data of a message, read from the real rows in the caller's transaction (decision 0050):
// the cart as the success page shows it (checkout's processed-cart view), the registrations
// with their participant, dates and availability, the memberships and availabilities named, the
// customer written to and the message written by hand.

export { emptyTemplateData, TemplateFormatter } from "./template-data-base.ts";
export { cartTemplateData, templateCart } from "./template-data-cart.ts";
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
  const known = [...availabilityRows, ...more.availabilities];
  // Those of the registrations are read already (a cart's confirmation names no other).
  const others = unseen(known, scope.availabilityCuids);
  const named = others.length
    ? await listTemplateAvailabilities(tx, organiser.id, { cuids: others })
    : [];
  const byId = new Map([...named, ...known].map((row) => [row.id, row]));
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
        bookings: [],
        registration_requests: [],
        totals: {
          total: 12_000,
          deposit: 0,
          wallet_used: 0,
          service_fees: 0,
          payable: 12_000,
          paid: 0,
          outstanding: 12_000,
          booking_shares: 0,
        },
        bank_transfer: {
          beneficiary: organiser.legalName ?? organiser.name,
          iban: organiser.iban,
          bic: organiser.bic,
          amount: 12_000,
          reference,
          due_on: now.toISOString().slice(0, 10),
          epc_qr: transferEpcQr(organiser, 12_000, reference),
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
 * example data while it has none; and that order as the invoice and the payment reminder of the
 * e-mails that print `invoice.*` and `reminder.*`.
 */
export async function sampleTemplateData(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  now: Date = new Date(),
): Promise<EmailTemplateData> {
  const example = exampleTemplateData(organiser, urls, now);
  const cartCuid = await findLatestProcessedCartCuid(tx, organiser.id);
  const data = cartCuid
    ? {
        ...(await buildTemplateData(tx, organiser, { urls, cartCuid, message: example.message })),
        unsubscribe_url: example.unsubscribe_url,
      }
    : example;
  if (!data.cart) return data;
  const settings = await findInvoiceSettings(tx, organiser.id);
  const { rows } = await tx.execute<{ cuid: string; number: string }>(sql`
    select i.cuid, i.number from customer_invoices i join carts c
      on c.organiser_id = i.organiser_id and c.id = i.cart_id
    where i.organiser_id = ${organiser.id} and c.cuid = ${data.cart.cuid} and i.type = 'INVOICE'`);
  return {
    ...data,
    ...moneyDocumentSamples(organiser, urls, settings, data.cart, rows[0] ?? null, now),
  };
}
