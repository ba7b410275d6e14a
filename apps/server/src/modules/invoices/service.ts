import type { accountListQuery, InvoiceList, InvoiceListItem } from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { customerListPage } from "../account-items/views.ts";
import { hasUbl, type InvoiceFile } from "./files.ts";
import { findInvoice, type InvoiceRow, listCustomerInvoices, sourcePaidAmount } from "./queries.ts";

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
