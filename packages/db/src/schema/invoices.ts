import type {
  InvoiceIssueMoment,
  InvoiceSeries,
  InvoiceSnapshot,
  InvoiceSourceKind,
  VatRates,
  VatRegime,
} from "@booking/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { attendanceCharges } from "./attendance.ts";
import { bookingParticipations } from "./bookings.ts";
import { carts } from "./carts.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { registrationRequests } from "./registration-requests.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Customer invoices and credit notes (issue 16 §1; docs/decisions/0074-customer-invoices.md).

/** An organiser's invoice settings; an organiser without a row uses DEFAULT_INVOICE_SETTINGS. */
export const customerInvoiceSettings = pgTable(
  "customer_invoice_settings",
  {
    organiserId: organiserId().primaryKey(),
    issueOn: text().$type<InvoiceIssueMoment>().notNull(),
    numberPrefix: text().notNull(),
    yearlyReset: boolean().notNull(),
    paymentDelayDays: integer().notNull(),
    footerMessage: text().notNull(),
    vatRegime: text().$type<VatRegime>().notNull(),
    vatRates: jsonb().$type<VatRates>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "customer_invoice_settings_issue_on",
      sql`${t.issueOn} in ('CART_PROCESSED', 'FULLY_PAID', 'ON_REQUEST')`,
    ),
    check(
      "customer_invoice_settings_vat_regime",
      sql`${t.vatRegime} in ('SUBJECT', 'EXEMPT_ARTICLE_44', 'SMALL_BUSINESS_FRANCHISE')`,
    ),
    check("customer_invoice_settings_delay", sql`${t.paymentDelayDays} between 0 and 365`),
  ],
);

/**
 * The last number issued in a series (per calendar year when it resets yearly, else year 0).
 * Issuing increments it in the transaction that inserts the document, so the row stays locked
 * until that commit: numbers are gap-free, and a rolled-back issue gives its number back.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    organiserId: organiserId(),
    series: text().$type<InvoiceSeries>().notNull(),
    year: integer().notNull(),
    lastNumber: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organiserId, t.series, t.year] }),
    check("invoice_counters_series", sql`${t.series} in ('INVOICE', 'CREDIT_NOTE')`),
  ],
);

/**
 * An issued invoice or credit note: its numbering and what it bills as columns (for lists and
 * lookups), its legal content in `snapshot`. The application role may insert and read these rows
 * and change nothing but `customer_id` (a merge of two customers): see migration 0064.
 */
export const customerInvoices = pgTable(
  "customer_invoices",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    type: text().$type<InvoiceSeries>().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    number: text().notNull(),
    customerId: integer().notNull(),
    /** What it bills (a credit note: what its invoice billed), named by the one id of that kind. */
    source: text().$type<InvoiceSourceKind>().notNull(),
    cartId: integer(),
    attendanceChargeId: integer(),
    /** An approved request paid on itself (approved before approvals made an order). */
    registrationRequestId: integer(),
    /** A booking share paid by its own participant (decision 0083). */
    bookingParticipationId: integer(),
    /** A credit note's invoice. */
    creditedInvoiceId: integer(),
    /** VAT-inclusive, minor units; a credit note's is positive too. */
    totalAmount: money().notNull(),
    issuedAt: timestamptz().notNull(),
    dueAt: timestamptz(),
    snapshot: jsonb().$type<InvoiceSnapshot>().notNull(),
    /** Staff who issued it by hand (a request, a credit); null when a rule did. */
    issuedByCollaboratorId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("customer_invoices", t),
    unique("customer_invoices_organiser_id_type_year_sequence_unique").on(
      t.organiserId,
      t.type,
      t.year,
      t.sequence,
    ),
    tenantForeignKey(
      "customer_invoices_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "customer_invoices_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    tenantForeignKey(
      "customer_invoices_attendance_charge_fk",
      { organiserId: t.organiserId, column: t.attendanceChargeId },
      attendanceCharges,
    ),
    tenantForeignKey(
      "customer_invoices_registration_request_fk",
      { organiserId: t.organiserId, column: t.registrationRequestId },
      registrationRequests,
    ),
    tenantForeignKey(
      "customer_invoices_booking_participation_fk",
      { organiserId: t.organiserId, column: t.bookingParticipationId },
      bookingParticipations,
    ),
    foreignKey({
      name: "customer_invoices_credited_invoice_fk",
      columns: [t.organiserId, t.creditedInvoiceId],
      foreignColumns: [t.organiserId, t.id],
    }),
    // One invoice per source: issuing twice (a retried event) finds it.
    uniqueIndex("customer_invoices_cart_invoice_unique")
      .on(t.organiserId, t.cartId)
      .where(sql`${t.type} = 'INVOICE' and ${t.cartId} is not null`),
    uniqueIndex("customer_invoices_attendance_charge_invoice_unique")
      .on(t.organiserId, t.attendanceChargeId)
      .where(sql`${t.type} = 'INVOICE' and ${t.attendanceChargeId} is not null`),
    uniqueIndex("customer_invoices_registration_request_invoice_unique")
      .on(t.organiserId, t.registrationRequestId)
      .where(sql`${t.type} = 'INVOICE' and ${t.registrationRequestId} is not null`),
    uniqueIndex("customer_invoices_booking_participation_invoice_unique")
      .on(t.organiserId, t.bookingParticipationId)
      .where(sql`${t.type} = 'INVOICE' and ${t.bookingParticipationId} is not null`),
    index("customer_invoices_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    index("customer_invoices_organiser_id_issued_at_idx").on(t.organiserId, t.issuedAt),
    index("customer_invoices_organiser_id_credited_invoice_id_idx").on(
      t.organiserId,
      t.creditedInvoiceId,
    ),
    check("customer_invoices_type", sql`${t.type} in ('INVOICE', 'CREDIT_NOTE')`),
    check("customer_invoices_total", sql`${t.totalAmount} >= 0`),
    check(
      "customer_invoices_credit_note",
      sql`(${t.type} = 'CREDIT_NOTE') = (${t.creditedInvoiceId} is not null)`,
    ),
    check(
      "customer_invoices_source",
      sql`case ${t.source}
        when 'CART' then ${t.cartId} is not null
        when 'ATTENDANCE_CHARGE' then ${t.attendanceChargeId} is not null
        when 'REGISTRATION_REQUEST' then ${t.registrationRequestId} is not null
        when 'BOOKING_SHARE' then ${t.bookingParticipationId} is not null
        else false end
        and num_nonnulls(${t.cartId}, ${t.attendanceChargeId}, ${t.registrationRequestId}, ${t.bookingParticipationId}) = 1`,
    ),
  ],
);

/**
 * A customer's billing details (profile or checkout): what their invoices are addressed to.
 * Account deletion erases the row; invoices already issued keep their own copy.
 */
export const customerBillingDetails = pgTable(
  "customer_billing_details",
  {
    organiserId: organiserId(),
    customerId: integer().notNull(),
    companyName: text().notNull().default(""),
    street: text().notNull().default(""),
    postcode: text().notNull().default(""),
    city: text().notNull().default(""),
    country: text().notNull().default("BE"),
    /** Normalised with its country prefix (BE0123456749); empty when none. */
    vatNumber: text().notNull().default(""),
    /** scheme:id, e.g. 0208:0123456749; empty when none. */
    peppolId: text().notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organiserId, t.customerId] }),
    tenantForeignKey(
      "customer_billing_details_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
  ],
);
