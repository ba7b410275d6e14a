import type {
  ConsoleInvoiceItem,
  ConsoleInvoiceList,
  consoleInvoiceQuery,
  creditInvoiceBody,
  invoiceExportQuery,
} from "@booking/contracts";
import { dayRangeInZone } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { pageOf } from "../account-items/views.ts";
import { emitEvent } from "../events/emit.ts";
import {
  type ConsoleInvoiceFilters,
  type ConsoleInvoiceRow,
  findConsoleInvoice,
  listConsoleInvoices,
} from "./console-queries.ts";
import { invoiceExportFile } from "./export.ts";
import { hasUbl, type InvoiceFile } from "./files.ts";
import { issueContextOf } from "./handler.ts";
import { issueCreditNote } from "./issue.ts";
import { lockInvoiceForCredit, sourceRefOf } from "./queries.ts";
import { findInvoiceSettings } from "./settings-queries.ts";
import { findSource } from "./sources.ts";

// The console's invoices and credit notes (issue 16 §1): list, download, resend, credit.

/**
 * Where the document stands on Peppol, for staff: an upload the access point refused (no
 * document id yet, its reason kept) reads FAILED like a document it gave up on; "send again"
 * applies to those and to a receiver not on the network.
 */
export function peppolView(row: ConsoleInvoiceRow): ConsoleInvoiceItem["peppol"] {
  if (row.peppol_status === null) return null;
  const refused =
    row.peppol_error !== null &&
    (row.peppol_status === "PENDING" || row.peppol_status === "UPLOADED");
  const status = refused ? "FAILED" : row.peppol_status;
  return {
    status,
    error: row.peppol_error,
    updated_at: row.peppol_updated_at!.toISOString(),
    retryable: status === "FAILED" || status === "NOT_REGISTERED",
  };
}

export function consoleInvoiceView(row: ConsoleInvoiceRow): ConsoleInvoiceItem {
  const isInvoice = row.type === "INVOICE";
  const customer = row.snapshot.customer;
  return {
    cuid: row.cuid,
    type: row.type,
    number: row.number,
    cart_cuid: row.cart_cuid,
    total_amount: row.total_amount,
    created_at: row.issued_at.toISOString(),
    pdf_url: `/api/admin/invoices/${row.cuid}/pdf`,
    ubl_url: hasUbl(row) ? `/api/admin/invoices/${row.cuid}/ubl` : null,
    customer: {
      cuid: row.customer_cuid,
      fullname: customer.fullname,
      company_name: customer.company_name,
    },
    due_at: row.due_at?.toISOString() ?? null,
    paid_amount: isInvoice ? Math.min(row.paid, row.total_amount) : null,
    outstanding_amount: isInvoice ? Math.max(0, row.total_amount - row.credited - row.paid) : null,
    credited_amount: row.credited,
    credited_invoice_number: row.credited_invoice_number,
    cart_reference: row.cart_reference,
    source: { kind: row.source, reference: row.cart_reference ?? row.snapshot.source.reference },
    peppol: peppolView(row),
  };
}

/** The list's filters, the days read in the organiser's time zone. */
export function filtersOf(
  context: ConsoleContext,
  query: Omit<z.output<typeof consoleInvoiceQuery>, "page_number" | "page_size">,
): ConsoleInvoiceFilters {
  const zone = context.organiser.timezone;
  return {
    from: query.from ? dayRangeInZone(query.from, zone).start : undefined,
    to: query.to ? dayRangeInZone(query.to, zone).end : undefined,
    type: query.type,
    customerCuid: query.customer,
    search: query.q,
    status: query.status,
  };
}

/** GET /api/admin/invoices. */
export async function listInvoicesInConsole(
  context: ConsoleContext,
  query: z.output<typeof consoleInvoiceQuery>,
): Promise<ConsoleInvoiceList> {
  const page = pageOf(query);
  const { rows, count } = await listConsoleInvoices(
    context.db,
    context.organiser.id,
    filtersOf(context, query),
    page,
  );
  return { data: rows.map(consoleInvoiceView), count, limit: page.limit, offset: page.offset };
}

/** GET /api/admin/invoices/export: every document under the list's filters. */
export async function exportInvoices(
  context: ConsoleContext,
  query: z.output<typeof invoiceExportQuery>,
) {
  const { rows } = await listConsoleInvoices(
    context.db,
    context.organiser.id,
    filtersOf(context, query),
  );
  return invoiceExportFile(rows, query.format, context.organiser);
}

export async function requireInvoice(
  context: ConsoleContext,
  cuid: string,
): Promise<ConsoleInvoiceRow> {
  const row = await findConsoleInvoice(context.db, context.organiser.id, cuid);
  if (!row) throw new AppError("INVOICE_NOT_FOUND");
  return row;
}

/** GET /api/admin/invoices/:cuid: one document as the list shows it, with its Peppol status. */
export async function consoleInvoice(
  context: ConsoleContext,
  cuid: string,
): Promise<ConsoleInvoiceItem> {
  return consoleInvoiceView(await requireInvoice(context, cuid));
}

/** GET /api/admin/invoices/:cuid/pdf|ubl: the document and what its source is paid by now. */
export async function consoleInvoiceFile(
  context: ConsoleContext,
  cuid: string,
): Promise<InvoiceFile> {
  const row = await requireInvoice(context, cuid);
  return { number: row.number, snapshot: row.snapshot, paid: row.paid };
}

/** POST /api/admin/invoices/:cuid/resend: the e-mail of the document again (a new event). */
export async function resendInvoice(context: ConsoleContext, cuid: string): Promise<void> {
  const row = await requireInvoice(context, cuid);
  await emitEvent(context.db, context.organiser.id, "customer-invoice.created", {
    invoice_cuid: row.cuid,
  });
  await context.audit({ action: "invoice.resent", entity: "invoice", entityId: row.number });
}

/**
 * POST /api/admin/invoices/:cuid/credit: a credit note of `amount` (all that is left by
 * default) on an invoice; 409 INVOICE_ALREADY_CREDITED when nothing is left, 400 {amount:
 * TOO_BIG} beyond what is left. Audited.
 */
export async function creditInvoice(
  context: ConsoleContext,
  cuid: string,
  input: z.output<typeof creditInvoiceBody>,
  urls: PublicUrls,
): Promise<ConsoleInvoiceItem> {
  const invoice = await requireInvoice(context, cuid);
  if (invoice.type !== "INVOICE") throw new AppError("INVOICE_NOT_FOUND");
  const credited = await lockInvoiceForCredit(context.db, context.organiser.id, invoice.id);
  const left = invoice.total_amount - credited;
  if (left <= 0) throw new AppError("INVOICE_ALREADY_CREDITED");
  const amount = input.amount ?? left;
  if (amount > left) throw validationError({ amount: "TOO_BIG" });
  const source = await findSource(context.db, context.organiser.id, sourceRefOf(invoice));
  if (!source) throw new AppError("INVOICE_NOT_FOUND");
  const settings = await findInvoiceSettings(context.db, context.organiser.id);
  const issued = await issueCreditNote(
    context.db,
    issueContextOf(
      context.organiser,
      settings,
      { urls, now: () => nowOf(context) },
      context.actor.collaboratorId,
    ),
    {
      id: invoice.id,
      cuid: invoice.cuid,
      number: invoice.number,
      issuedAt: invoice.issued_at,
      snapshot: invoice.snapshot,
    },
    source,
    amount,
    input.reason,
  );
  await context.audit({
    action: "invoice.credited",
    entity: "invoice",
    entityId: invoice.number,
    after: { credit_note: issued.number, amount, reason: input.reason },
  });
  return consoleInvoiceView(
    (await findConsoleInvoice(context.db, context.organiser.id, issued.cuid))!,
  );
}
