import type {
  accountListQuery,
  CartInvoicesView,
  InvoiceList,
  InvoiceListItem,
} from "@booking/contracts";
import { carts } from "@booking/db";
import { and, eq, isNotNull } from "@booking/db/orm";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { customerListPage } from "../account-items/views.ts";
import { hasUbl, type InvoiceFile } from "./files.ts";
import { issueContextOf } from "./handler.ts";
import { issueInvoice } from "./issue.ts";
import {
  findInvoice,
  type InvoiceRow,
  listCartInvoices,
  listCustomerInvoices,
  sourcePaidAmount,
} from "./queries.ts";
import { findInvoiceSettings } from "./settings-queries.ts";
import { findCartSource } from "./sources.ts";

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

/** The customer's processed cart by cuid; null when not theirs. */
async function customerCart(context: ServiceContext, cuid: string) {
  const customer = requireCustomer(context);
  const [cart] = await context.db
    .select({ id: carts.id })
    .from(carts)
    .where(
      and(
        eq(carts.organiserId, context.organiser.id),
        eq(carts.cuid, cuid),
        eq(carts.customerId, customer.customerId),
        isNotNull(carts.processedAt),
      ),
    );
  return cart ?? null;
}

/** The invoices and credit notes of one of the customer's orders (the account's order page). */
export async function cartInvoices(
  context: ServiceContext,
  cuid: string,
): Promise<CartInvoicesView | null> {
  const cart = await customerCart(context, cuid);
  if (!cart) return null;
  const rows = await listCartInvoices(context.db, context.organiser.id, cart.id);
  const settings = await findInvoiceSettings(context.db, context.organiser.id);
  return {
    invoices: rows.map(invoiceListItem),
    requestable: settings.issue_on === "ON_REQUEST" && !rows.some((row) => row.type === "INVOICE"),
  };
}

/**
 * POST /api/invoices: the invoice of one of the customer's orders, when the organiser issues on
 * request (409 INVOICE_NOT_REQUESTABLE otherwise); the one already issued when there is one.
 */
export async function requestInvoice(
  context: ServiceContext,
  cartCuid: string,
  urls: PublicUrls,
): Promise<InvoiceListItem> {
  const cart = await customerCart(context, cartCuid);
  if (!cart) throw new AppError("CART_NOT_FOUND");
  const settings = await findInvoiceSettings(context.db, context.organiser.id);
  if (settings.issue_on !== "ON_REQUEST") throw new AppError("INVOICE_NOT_REQUESTABLE");
  const source = await findCartSource(context.db, context.organiser.id, cart.id);
  const issued =
    source &&
    (await issueInvoice(
      context.db,
      issueContextOf(context.organiser, settings, { urls, now: () => nowOf(context) }),
      source,
    ));
  // A free order bills nothing.
  if (!issued) throw new AppError("INVOICE_NOT_REQUESTABLE");
  const row = await findInvoice(context.db, context.organiser.id, issued.cuid);
  return invoiceListItem(row!);
}
