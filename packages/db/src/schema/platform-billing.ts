import type { PlatformBillingItem, PlatformInvoiceSnapshot } from "@booking/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, cuid, id, money, timestamptz } from "./columns.ts";
import type { PaymentProviderName, PaymentStatus } from "./payments.ts";
import { organiserId, tenantForeignKey } from "./tenancy.ts";

/**
 * The platform's billing stays on the coordinator of a Citus cluster (a local table, decision
 * 0097: its invoice numbers are platform-wide), so these tables keep their single-column id and
 * cuid keys; (organiser_id, id) is the target of their composite foreign keys.
 */
const organiserRowKey = (table: string, t: { organiserId: AnyPgColumn; id: AnyPgColumn }) =>
  unique(`${table}_organiser_id_id_unique`).on(t.organiserId, t.id);

// The platform's billing of its organisers (issue 16 §3; docs/decisions/0078-platform-billing.md).

/**
 * One metered use (a registration created, an SMS sent, a customer invoice issued, an online
 * payment), unique per item and source (the event's or the row's cuid): a retried event or a
 * replayed delivery meters nothing twice.
 */
export const platformUsage = pgTable(
  "platform_usage",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    item: text().$type<PlatformBillingItem>().notNull(),
    sourceKey: text().notNull(),
    quantity: integer().notNull().default(1),
    /** the amount a percentage applies to (an invoice's total), minor units; 0 for other items */
    baseAmount: money().notNull().default(0),
    occurredAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    organiserRowKey("platform_usage", t),
    unique("platform_usage_organiser_id_item_source_key_unique").on(
      t.organiserId,
      t.item,
      t.sourceKey,
    ),
    index("platform_usage_organiser_id_occurred_at_idx").on(t.organiserId, t.occurredAt),
  ],
);

/**
 * An issued platform invoice: numbered in the platform's one series, its legal content frozen in
 * `snapshot`. Only `paid_at` ever changes (the organiser paid it).
 */
export const platformInvoices = pgTable(
  "platform_invoices",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    number: text().notNull().unique(),
    totalAmount: money().notNull(),
    issuedAt: timestamptz().notNull(),
    dueAt: timestamptz().notNull(),
    paidAt: timestamptz(),
    snapshot: jsonb().$type<PlatformInvoiceSnapshot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    organiserRowKey("platform_invoices", t),
    unique("platform_invoices_year_sequence_unique").on(t.year, t.sequence),
    index("platform_invoices_organiser_id_issued_at_idx").on(t.organiserId, t.issuedAt),
  ],
);

/**
 * One closed billing cycle of an organiser, [start_at, end_at): unique per organiser and start,
 * so a rerun (or two runs at once) closes it once. INVOICED names its invoice; CARRIED means its
 * amount (below the minimum) went on to the next cycle.
 */
export const platformBillingCycles = pgTable(
  "platform_billing_cycles",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
    status: text().$type<"INVOICED" | "CARRIED">().notNull(),
    /** VAT-exclusive: this cycle's items plus what earlier cycles carried in */
    amount: money().notNull(),
    carriedIn: money().notNull(),
    invoiceId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    organiserRowKey("platform_billing_cycles", t),
    unique("platform_billing_cycles_organiser_id_start_at_unique").on(t.organiserId, t.startAt),
    tenantForeignKey(
      "platform_billing_cycles_invoice_fk",
      { organiserId: t.organiserId, column: t.invoiceId },
      platformInvoices,
    ),
    check("platform_billing_cycles_status", sql`${t.status} in ('INVOICED', 'CARRIED')`),
    check(
      "platform_billing_cycles_invoice",
      sql`(${t.status} = 'INVOICED') = (${t.invoiceId} is not null)`,
    ),
  ],
);

/**
 * The last platform invoice number of a year. Issuing increments it in the transaction that
 * inserts the invoice, so the row stays locked until that commit: numbers are gap-free.
 */
export const platformInvoiceCounters = pgTable("platform_invoice_counters", {
  year: integer().primaryKey(),
  lastNumber: integer().notNull(),
});

/**
 * An online payment of a platform invoice by its organiser (docs/decisions/0082): the platform is
 * the merchant, so it goes through the platform's own provider account, never the organiser's.
 * Marked paid once — with the invoice's `paid_at` — by the provider's webhook or the return to
 * the Billing page, whichever comes first. `provider_state` is the built-in test provider's
 * record of the payment (as in `payments`); null for real providers.
 */
export const platformPayments = pgTable(
  "platform_payments",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    invoiceId: integer().notNull(),
    provider: text().$type<PaymentProviderName>().notNull(),
    providerPaymentId: text().notNull(),
    amount: money().notNull(),
    currency: text().notNull(),
    status: text().$type<Exclude<PaymentStatus, "refunded">>().notNull().default("open"),
    checkoutUrl: text().notNull(),
    providerState: jsonb().$type<Record<string, unknown>>(),
    paidAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    organiserRowKey("platform_payments", t),
    unique("platform_payments_provider_provider_payment_id_unique").on(
      t.provider,
      t.providerPaymentId,
    ),
    tenantForeignKey(
      "platform_payments_invoice_fk",
      { organiserId: t.organiserId, column: t.invoiceId },
      platformInvoices,
      "no action",
    ),
    index("platform_payments_organiser_id_invoice_id_idx").on(t.organiserId, t.invoiceId),
    check(
      "platform_payments_status",
      sql`${t.status} in ('open', 'paid', 'failed', 'expired', 'canceled')`,
    ),
  ],
);
