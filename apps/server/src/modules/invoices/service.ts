import type {
  accountListQuery,
  CartInvoicesView,
  InvoiceList,
  InvoiceListItem,
} from "@booking/contracts";
import { sql } from "@booking/db/orm";
import { INVOICE_SOURCE_KINDS, type InvoiceSourceKind } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { customerListPage } from "../account-items/views.ts";
import { hasUbl, type InvoiceFile } from "./files.ts";
import { issueContextOf } from "./handler.ts";
import { type IssuedDocument, issueInvoice } from "./issue.ts";
import {
  findInvoice,
  type InvoiceRow,
  listCustomerInvoices,
  listSourceInvoices,
  sourcePaidAmount,
  sourceRefOf,
} from "./queries.ts";
import { findInvoiceSettings } from "./settings-queries.ts";
import { findSource, type InvoiceSource } from "./sources.ts";

// The customer's invoices and credit notes (issue 16 §1 "Customers' calls").

export function invoiceListItem(row: InvoiceRow): InvoiceListItem {
  return {
    cuid: row.cuid,
    type: row.type,
    number: row.number,
    cart_cuid: row.cartCuid,
    total_amount: row.totalAmount,
    created_at: row.issuedAt.toISOString(),
    pdf_url: `/api/invoices/${row.cuid}/pdf`,
    ubl_url: hasUbl(row) ? `/api/invoices/${row.cuid}/ubl` : null,
  };
}

/** GET /api/invoices: one page of the customer's invoices and credit notes, the latest first. */
export function listInvoices(
  context: ServiceContext,
  query: z.output<typeof accountListQuery>,
): Promise<InvoiceList> {
  return customerListPage(context, query, listCustomerInvoices, async (rows) =>
    rows.map(invoiceListItem),
  );
}

/**
 * The customer's own document by cuid with what its source has been paid by now; 404
 * INVOICE_NOT_FOUND for anyone else's (another customer's, another organiser's).
 */
export async function customerInvoice(context: ServiceContext, cuid: string): Promise<InvoiceFile> {
  const customer = requireCustomer(context);
  const row = await findInvoice(context.db, context.organiser.id, cuid, customer.customerId);
  if (!row) throw new AppError("INVOICE_NOT_FOUND");
  const paid = await sourcePaidAmount(context.db, context.organiser.id, row);
  return { number: row.number, snapshot: row.snapshot, paid };
}

type SourceRef = { kind: InvoiceSourceKind; id: number };

/** What the customer is asked to pay on one account page: an order, a request or a booking. */
export type AccountInvoicePage = "CART" | "REGISTRATION_REQUEST" | "BOOKING";

/**
 * The sources billed on one of the customer's pages, by the page's cuid; null when it is not
 * theirs. An approved request with an order is billed by that order; the booker's share of a
 * booking checked out in an order too (decision 0083); each other share of theirs on its own.
 */
async function customerSources(
  context: ServiceContext,
  page: AccountInvoicePage,
  cuid: string,
): Promise<SourceRef[] | null> {
  const customer = requireCustomer(context);
  const organiserId = context.organiser.id;
  const { rows } = await context.db.execute<SourceRef>(
    page === "CART"
      ? sql`select 'CART' as kind, id from carts where organiser_id = ${organiserId}
          and cuid = ${cuid} and customer_id = ${customer.customerId} and processed_at is not null`
      : page === "REGISTRATION_REQUEST"
        ? sql`select case when cart_id is null then 'REGISTRATION_REQUEST' else 'CART' end as kind,
              coalesce(cart_id, id) as id
            from registration_requests where organiser_id = ${organiserId}
              and cuid = ${cuid} and customer_id = ${customer.customerId}`
        : sql`select case when i.cart_id is not null and bp.id = (select min(o.id)
                from booking_participations o where o.organiser_id = b.organiser_id and o.booking_id = b.id)
              then 'CART' else 'BOOKING_SHARE' end as kind,
              case when i.cart_id is not null and bp.id = (select min(o.id)
                from booking_participations o where o.organiser_id = b.organiser_id and o.booking_id = b.id)
              then i.cart_id else bp.id end as id
            from bookings b
            join booking_participations bp on bp.organiser_id = b.organiser_id and bp.booking_id = b.id
            left join cart_items i on i.organiser_id = b.organiser_id and i.id = b.cart_item_id
            where b.organiser_id = ${organiserId} and b.cuid = ${cuid}
              and bp.customer_id = ${customer.customerId}
            order by bp.id`,
  );
  return rows.length > 0 ? rows : null;
}

/**
 * The invoices and credit notes of one of the customer's orders, requests or bookings (its
 * account page), and whether they may ask for one: the organiser issues on request and
 * something billable there has no invoice yet.
 */
export async function pageInvoices(
  context: ServiceContext,
  page: AccountInvoicePage,
  cuid: string,
): Promise<CartInvoicesView | null> {
  const refs = await customerSources(context, page, cuid);
  if (!refs) return null;
  const organiserId = context.organiser.id;
  const rows: InvoiceRow[] = [];
  for (const kind of INVOICE_SOURCE_KINDS) {
    const ids = refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
    rows.push(...(await listSourceInvoices(context.db, organiserId, kind, ids)));
  }
  const settings = await findInvoiceSettings(context.db, organiserId);
  const requestable =
    settings.issue_on === "ON_REQUEST" && (await unissuedSources(context, refs, rows)).length > 0;
  return { invoices: rows.sort((a, b) => a.id - b.id).map(invoiceListItem), requestable };
}

/** The sources among `refs` that bill something and have no invoice among `rows`. */
async function unissuedSources(context: ServiceContext, refs: SourceRef[], rows: InvoiceRow[]) {
  const invoiced = new Set(
    rows
      .filter((row) => row.type === "INVOICE")
      .map((row) => {
        const ref = sourceRefOf(row);
        return `${ref.kind}:${ref.id}`;
      }),
  );
  const sources: InvoiceSource[] = [];
  for (const ref of refs) {
    if (invoiced.has(`${ref.kind}:${ref.id}`)) continue;
    const source = await findSource(context.db, context.organiser.id, ref);
    if (source && source.total > 0) sources.push(source);
  }
  return sources;
}

/**
 * POST /api/invoices: the invoices of one of the customer's orders, requests or bookings, when
 * the organiser issues on request (409 INVOICE_NOT_REQUESTABLE otherwise, or when there is
 * nothing to bill); the one already issued when there is one.
 */
export async function requestInvoice(
  context: ServiceContext,
  page: AccountInvoicePage,
  cuid: string,
  urls: PublicUrls,
): Promise<InvoiceListItem> {
  const refs = await customerSources(context, page, cuid);
  if (!refs) throw new AppError(NOT_FOUND[page]);
  const settings = await findInvoiceSettings(context.db, context.organiser.id);
  if (settings.issue_on !== "ON_REQUEST") throw new AppError("INVOICE_NOT_REQUESTABLE");
  const issueContext = issueContextOf(context.organiser, settings, {
    urls,
    now: () => nowOf(context),
  });
  let first: IssuedDocument | null = null;
  for (const ref of refs) {
    const source = await findSource(context.db, context.organiser.id, ref);
    const issued = source && (await issueInvoice(context.db, issueContext, source));
    first ??= issued;
  }
  // A free order, a pending request bill nothing.
  if (!first) throw new AppError("INVOICE_NOT_REQUESTABLE");
  const row = await findInvoice(context.db, context.organiser.id, first.cuid);
  return invoiceListItem(row!);
}

const NOT_FOUND = {
  CART: "CART_NOT_FOUND",
  REGISTRATION_REQUEST: "REGISTRATION_REQUEST_NOT_FOUND",
  BOOKING: "BOOKING_NOT_FOUND",
} as const;
