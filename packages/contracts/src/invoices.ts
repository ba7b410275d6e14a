import {
  BELGIAN_VAT_RATES,
  INVOICE_ISSUE_MOMENTS,
  INVOICE_PREFIX_PATTERN,
  INVOICE_PRODUCT_KINDS,
  INVOICE_SERIES,
  INVOICE_SOURCE_KINDS,
  VAT_REGIMES,
} from "@booking/domain";
import { z } from "zod";
import { listCuid, listDay, listSearch } from "./admin/list-query.ts";
import { LIMITS, listEnvelope, MAX_AMOUNT, pageNumber } from "./common.ts";

// Customer invoices and credit notes (issue 16 §1; docs/decisions/0074-customer-invoices.md).

const vatRate = z.union(
  BELGIAN_VAT_RATES.map((rate) => z.literal(rate)),
  { error: "INVALID_CHOICE" },
);

/** The organiser's invoice settings, as the console edits and reads them. */
export const invoiceSettingsBody = z.object({
  issue_on: z.enum(INVOICE_ISSUE_MOMENTS, { error: "INVALID_CHOICE" }),
  number_prefix: z
    .string("INVALID_TYPE")
    .trim()
    .max(10, "TOO_LONG")
    .regex(INVOICE_PREFIX_PATTERN, "INVALID_CHARACTERS"),
  yearly_reset: z.boolean("INVALID_TYPE"),
  payment_delay_days: z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(365, "TOO_BIG"),
  footer_message: z.string("INVALID_TYPE").trim().max(LIMITS.longText, "TOO_LONG"),
  vat_regime: z.enum(VAT_REGIMES, { error: "INVALID_CHOICE" }),
  vat_rates: z.object(
    Object.fromEntries(INVOICE_PRODUCT_KINDS.map((kind) => [kind, vatRate])) as Record<
      (typeof INVOICE_PRODUCT_KINDS)[number],
      typeof vatRate
    >,
  ),
});
export type InvoiceSettingsBody = z.input<typeof invoiceSettingsBody>;

export const invoiceSettingsView = invoiceSettingsBody.extend({
  vat_rates: z.record(z.enum(INVOICE_PRODUCT_KINDS), z.int()),
  /** The mention the regime prints, in the organiser's language; null when subject to VAT. */
  legal_mention: z.string().nullable(),
});
export type InvoiceSettingsView = z.infer<typeof invoiceSettingsView>;

/** One invoice or credit note as the customer's list shows it (issue 16 §1 "Customers' calls"). */
export const invoiceListItem = z.object({
  cuid: z.string(),
  type: z.enum(INVOICE_SERIES),
  number: z.string(),
  cart_cuid: z.string().nullable(),
  total_amount: z.int(),
  created_at: z.string(),
  pdf_url: z.string(),
  /** Only for a business customer (one with a company name and a VAT number or Peppol id). */
  ubl_url: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;
export const invoiceList = listEnvelope(invoiceListItem);
export type InvoiceList = z.infer<typeof invoiceList>;

export const invoiceParams = z.object({ cuid: z.string().max(40) });

// --- Console ---------------------------------------------------------------------------------

export const PEPPOL_TRANSMISSION_STATUSES = [
  "PENDING",
  "UPLOADED",
  "IN_TRANSIT",
  "SENT",
  "FAILED",
  "NOT_REGISTERED",
] as const;

export const INVOICE_PAYMENT_STATUSES = ["PAID", "OUTSTANDING"] as const;

/** The console's list: a period (issue day, inclusive), a type, a customer, paid or outstanding. */
export const consoleInvoiceQuery = z.object({
  page_number: pageNumber,
  page_size: z.coerce
    .number()
    .int("INVALID_TYPE")
    .min(1, "TOO_SMALL")
    .max(100, "TOO_BIG")
    .default(20),
  from: listDay,
  to: listDay,
  type: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(INVOICE_SERIES, { error: "INVALID_CHOICE" }).optional(),
  ),
  customer: listCuid,
  q: listSearch,
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(INVOICE_PAYMENT_STATUSES, { error: "INVALID_CHOICE" }).optional(),
  ),
});
export type ConsoleInvoiceQuery = z.input<typeof consoleInvoiceQuery>;

export const consoleInvoiceItem = invoiceListItem.extend({
  customer: z.object({
    cuid: z.string(),
    fullname: z.string(),
    company_name: z.string().nullable(),
  }),
  due_at: z.string().nullable(),
  /** An invoice's source paid so far and what remains (credit notes deducted); null for a credit note. */
  paid_amount: z.int().nullable(),
  outstanding_amount: z.int().nullable(),
  /** What credit notes took back of an invoice; its credited invoice's number for a credit note. */
  credited_amount: z.int(),
  credited_invoice_number: z.string().nullable(),
  cart_reference: z.string().nullable(),
  /** What it bills (an order, an attendance charge, a request, a booking share) and its payment reference. */
  source: z.object({ kind: z.enum(INVOICE_SOURCE_KINDS), reference: z.string().nullable() }),
  /**
   * Where a business document stands on Peppol (decision 0076): PENDING and UPLOADED are queued,
   * IN_TRANSIT sent, SENT delivered, FAILED refused (with the access point's reason), and
   * NOT_REGISTERED a receiver not on the network; null when it never went (not a business, or
   * no access point).
   */
  peppol: z
    .object({
      status: z.enum(PEPPOL_TRANSMISSION_STATUSES),
      error: z.string().nullable(),
      updated_at: z.string(),
      /** "send again" applies (FAILED or NOT_REGISTERED) */
      retryable: z.boolean(),
    })
    .nullable(),
});
export type ConsoleInvoiceItem = z.infer<typeof consoleInvoiceItem>;
export const consoleInvoiceList = listEnvelope(consoleInvoiceItem);
export type ConsoleInvoiceList = z.infer<typeof consoleInvoiceList>;

/** A credit note on an invoice: the whole of what is left, or `amount` of it. */
export const creditInvoiceBody = z.object({
  amount: z.int("INVALID_TYPE").min(1, "TOO_SMALL").max(MAX_AMOUNT, "TOO_BIG").optional(),
  reason: z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(LIMITS.shortText, "TOO_LONG"),
});
export type CreditInvoiceBody = z.input<typeof creditInvoiceBody>;
export const creditInvoiceResponse = z.object({ credit_note: consoleInvoiceItem });

/** The export of a period's documents (the list's filters) as CSV, XLSX or a ZIP of UBL files. */
export const invoiceExportQuery = consoleInvoiceQuery
  .omit({ page_number: true, page_size: true })
  .extend({
    format: z.enum(["csv", "xlsx", "ubl-zip"], { error: "INVALID_CHOICE" }).default("csv"),
  });

// --- Account ---------------------------------------------------------------------------------

/** An order's invoices and credit notes, and whether the customer may ask for its invoice. */
export const cartInvoicesView = z.object({
  invoices: z.array(invoiceListItem),
  /** the organiser issues on request and this order has no invoice yet */
  requestable: z.boolean(),
});
export type CartInvoicesView = z.infer<typeof cartInvoicesView>;

const pageCuid = z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(40, "TOO_LONG");

/**
 * POST /api/invoices: the invoice of one of the customer's orders, approved registration
 * requests or bookings (exactly one of the three cuids), asked for from the account.
 */
export const requestInvoiceBody = z
  .object({
    cart_cuid: pageCuid.optional(),
    registration_request_cuid: pageCuid.optional(),
    booking_cuid: pageCuid.optional(),
  })
  .refine(
    (body) =>
      [body.cart_cuid, body.registration_request_cuid, body.booking_cuid].filter(Boolean).length ===
      1,
    { path: ["cart_cuid"], message: "REQUIRED" },
  );
export const requestInvoiceResponse = z.object({ invoice: invoiceListItem });

const billingText = (max: number) =>
  z.string("INVALID_TYPE").trim().max(max, "TOO_LONG").default("");

/**
 * A customer's billing details (profile or checkout): the VAT number is checked with its check
 * digits (Belgian ones mod 97); the Peppol id is "scheme:identifier", derived from a Belgian
 * VAT number when left empty.
 */
export const billingDetailsBody = z.object({
  company_name: billingText(LIMITS.name),
  street: billingText(LIMITS.shortText),
  postcode: billingText(20),
  city: billingText(LIMITS.name),
  country: z
    .string("INVALID_TYPE")
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "INVALID_FORMAT")
    .default("BE"),
  vat_number: billingText(20),
  peppol_id: billingText(80),
});
export type BillingDetailsBody = z.input<typeof billingDetailsBody>;
export const billingDetailsView = billingDetailsBody.extend({
  country: z.string(),
  vat_number: z.string(),
  peppol_id: z.string(),
});
export type BillingDetailsView = z.infer<typeof billingDetailsView>;
