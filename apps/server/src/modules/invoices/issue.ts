import { customerInvoices, invoiceCounters, type TenantTx } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import {
  counterYear,
  formatInvoiceNumber,
  type InvoiceLine,
  type InvoiceSeries,
  type InvoiceSettings,
  type InvoiceSnapshot,
  invoiceDueAt,
  localDay,
  vatByRate,
  vatLegalMention,
} from "@booking/domain";
import { emitEvent } from "../events/emit.ts";
import type { Organiser } from "../organisers/queries.ts";
import { findInvoiceCustomer, invoiceLinesOf, issuerOf } from "./snapshot.ts";
import type { InvoiceSource } from "./sources.ts";

// Issuing an invoice or a credit note (docs/decisions/0074-customer-invoices.md): the next number
// of the series from its counter row, the frozen snapshot, the row, and `customer-invoice.created`,
// all in the caller's transaction. The counter row stays locked until that transaction ends, so
// numbers are gap-free and strictly increasing per organiser and series: a rolled-back issue
// gives its number back. Callers keep that transaction short (no PDF, no mail inside it).

/** Increments the series' counter (creating it at 1) and returns the new number. */
async function nextNumber(
  tx: TenantTx,
  organiserId: number,
  series: InvoiceSeries,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ organiserId, series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.organiserId, invoiceCounters.series, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row!.lastNumber;
}

export interface IssueContext {
  organiser: Organiser;
  settings: InvoiceSettings;
  /** The storefront's address, printed as the issuer's website. */
  website: string | null;
  now: Date;
  collaboratorId: number | null;
}

export interface IssuedDocument {
  id: number;
  cuid: string;
  number: string;
}

interface NewDocument {
  type: InvoiceSeries;
  source: InvoiceSource;
  lines: InvoiceLine[];
  prepaid: number;
  credited: { id: number; cuid: string; number: string; issuedAt: Date } | null;
  reason: string | null;
}

async function insertDocument(
  tx: TenantTx,
  context: IssueContext,
  document: NewDocument,
): Promise<IssuedDocument> {
  const { organiser, settings, now } = context;
  const customer = await findInvoiceCustomer(tx, organiser.id, document.source.customerId);
  if (!customer) throw new Error(`customer ${document.source.customerId} not found`);
  const year = counterYear(
    Number(localDay(now, organiser.timezone).slice(0, 4)),
    settings.yearly_reset,
  );
  const sequence = await nextNumber(tx, organiser.id, document.type, year);
  const number = formatInvoiceNumber(settings.number_prefix, document.type, year, sequence);
  const vat = vatByRate(document.lines);
  const total = vat.reduce((sum, row) => sum + row.total_amount, 0);
  const taxable = vat.reduce((sum, row) => sum + row.taxable_amount, 0);
  const dueAt = document.type === "INVOICE" ? invoiceDueAt(now, settings.payment_delay_days) : null;
  const language = organiser.language === "en" ? "en" : "fr";
  const snapshot: InvoiceSnapshot = {
    type: document.type,
    number,
    issued_at: now.toISOString(),
    due_at: dueAt?.toISOString() ?? null,
    language,
    currency: organiser.currency,
    issuer: issuerOf(organiser, context.website),
    customer,
    lines: document.lines,
    vat_regime: settings.vat_regime,
    vat,
    legal_mention: vatLegalMention(settings.vat_regime, language),
    total_amount: total,
    taxable_amount: taxable,
    vat_amount: total - taxable,
    prepaid_amount: document.prepaid,
    message: settings.footer_message,
    payment: {
      reference: document.source.reference,
      online: organiser.settings.online_payments_activated,
      bank_transfer: organiser.settings.bank_transfers_payments_activated && !!organiser.iban,
    },
    source: {
      kind: document.source.kind,
      cuid: document.source.cuid,
      reference: document.source.reference,
    },
    credited_invoice: document.credited
      ? {
          cuid: document.credited.cuid,
          number: document.credited.number,
          issued_at: document.credited.issuedAt.toISOString(),
        }
      : null,
    reason: document.reason,
  };
  const [row] = await tx
    .insert(customerInvoices)
    .values({
      organiserId: organiser.id,
      type: document.type,
      year,
      sequence,
      number,
      customerId: document.source.customerId,
      ...sourceColumns(document.source),
      creditedInvoiceId: document.credited?.id ?? null,
      totalAmount: total,
      issuedAt: now,
      dueAt,
      snapshot,
      issuedByCollaboratorId: context.collaboratorId,
    })
    .returning({ id: customerInvoices.id, cuid: customerInvoices.cuid });
  await emitEvent(tx, organiser.id, "customer-invoice.created", { invoice_cuid: row!.cuid });
  return { id: row!.id, cuid: row!.cuid, number };
}

/** The columns naming what a document bills: its kind and the one id of that kind. */
export function sourceColumns(source: Pick<InvoiceSource, "kind" | "id">) {
  return {
    source: source.kind,
    cartId: source.kind === "CART" ? source.id : null,
    attendanceChargeId: source.kind === "ATTENDANCE_CHARGE" ? source.id : null,
    registrationRequestId: source.kind === "REGISTRATION_REQUEST" ? source.id : null,
    bookingParticipationId: source.kind === "BOOKING_SHARE" ? source.id : null,
  };
}

const SOURCE_ID_COLUMN = {
  CART: customerInvoices.cartId,
  ATTENDANCE_CHARGE: customerInvoices.attendanceChargeId,
  REGISTRATION_REQUEST: customerInvoices.registrationRequestId,
  BOOKING_SHARE: customerInvoices.bookingParticipationId,
} as const;

/** The invoice already issued for a source, if any. */
export async function findSourceInvoice(
  tx: TenantTx,
  organiserId: number,
  source: Pick<InvoiceSource, "kind" | "id">,
): Promise<IssuedDocument | null> {
  const [row] = await tx
    .select({
      id: customerInvoices.id,
      cuid: customerInvoices.cuid,
      number: customerInvoices.number,
    })
    .from(customerInvoices)
    .where(
      and(
        eq(customerInvoices.organiserId, organiserId),
        eq(customerInvoices.type, "INVOICE"),
        eq(customerInvoices.source, source.kind),
        eq(SOURCE_ID_COLUMN[source.kind], source.id),
      ),
    );
  return row ?? null;
}

/**
 * Issues the invoice of `source` unless it has one (then returns that one); null when the source
 * bills nothing (a free cart). Two issues of one source at once (two payments completing it, an
 * event replayed while the first run is still in flight) queue on a transaction-scoped advisory
 * lock of that source, so the second finds the first's invoice instead of failing on the unique
 * index after taking a number.
 */
export async function issueInvoice(
  tx: TenantTx,
  context: IssueContext,
  source: InvoiceSource,
): Promise<IssuedDocument | null> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`invoice:${context.organiser.id}:${source.kind}:${source.id}`}, 0))`,
  );
  const existing = await findSourceInvoice(tx, context.organiser.id, source);
  if (existing) return existing;
  if (source.total <= 0) return null;
  const language = context.organiser.language === "en" ? "en" : "fr";
  return insertDocument(tx, context, {
    type: "INVOICE",
    source,
    lines: invoiceLinesOf(source, context.settings, language),
    prepaid: source.paid,
    credited: null,
    reason: null,
  });
}

/**
 * Issues a credit note of `amount` on an invoice: its lines are the invoice's, each reduced in
 * proportion (the last one taking the rounding), so VAT is credited at the rates it was charged.
 */
export async function issueCreditNote(
  tx: TenantTx,
  context: IssueContext,
  invoice: { id: number; cuid: string; number: string; issuedAt: Date; snapshot: InvoiceSnapshot },
  source: InvoiceSource,
  amount: number,
  reason: string,
): Promise<IssuedDocument> {
  return insertDocument(tx, context, {
    type: "CREDIT_NOTE",
    source,
    lines: proportionalLines(invoice.snapshot.lines, invoice.snapshot.total_amount, amount),
    prepaid: 0,
    credited: invoice,
    reason,
  });
}

/** `lines` scaled so that they sum to `amount` (of their `total`). */
export function proportionalLines(
  lines: readonly InvoiceLine[],
  total: number,
  amount: number,
): InvoiceLine[] {
  let assigned = 0;
  return lines.map((line, index) => {
    const share =
      index === lines.length - 1
        ? amount - assigned
        : Math.round((line.total_amount * amount) / total);
    assigned += share;
    return { ...line, total_amount: share };
  });
}
