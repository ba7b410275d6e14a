import { customers, type Database, withTenant } from "@booking/db";
import { and, eq, isNull } from "@booking/db/orm";
import { toUbl } from "@booking/domain/e-invoicing/ubl";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { PublishedEvent } from "../../jobs/events-relay.ts";
import { queueMessage } from "../messages/queue.ts";
import { organiserEmail, templateCustomer } from "../notifications/system-mail.ts";
import { TemplateFormatter } from "../notifications/template-data-base.ts";
import { accountUrl } from "../notifications/template-links.ts";
import { findOrganiserById } from "../organisers/queries.ts";
import { eInvoiceOf } from "./e-invoice-mapping.ts";
import { hasUbl } from "./files.ts";
import { renderInvoicePdf } from "./pdf.ts";
import { findInvoice, sourcePaidAmount } from "./queries.ts";

// The e-mail of an issued invoice or credit note (`customer-invoice.created`; the default
// template "customer-invoice"): its PDF attached, and its Peppol UBL for a business customer.
// Idempotent by event: a replayed event queues nothing twice; a resend is a new event.

export interface InvoiceMailDeps {
  urls: PublicUrls;
  dispatchEmail(messageId: number): Promise<void>;
}

export async function invoiceMailHandler(
  db: Database,
  event: PublishedEvent,
  deps: InvoiceMailDeps,
): Promise<void> {
  if (event.type !== "customer-invoice.created") return;
  const organiser = await findOrganiserById(db, event.organiser_id);
  if (!organiser) return;
  const found = await withTenant(db, organiser.id, async (tx) => {
    const row = await findInvoice(tx, organiser.id, event.payload.invoice_cuid ?? "");
    if (!row) return null;
    const [customer] = await tx
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.organiserId, organiser.id),
          eq(customers.id, row.customerId),
          isNull(customers.anonymisedAt),
        ),
      );
    if (!customer) return null;
    return { row, customer, paid: await sourcePaidAmount(tx, organiser.id, row) };
  });
  if (!found) return;
  const { row, customer, paid } = found;
  // Drawn between the two transactions: no connection is held while the PDF renders.
  const pdf = await renderInvoicePdf({ snapshot: row.snapshot, paid });
  const attachments = [
    {
      filename: `${row.number}.pdf`,
      contentType: "application/pdf",
      contentBase64: pdf.toString("base64"),
    },
    ...(hasUbl(row)
      ? [
          {
            filename: `${row.number}.xml`,
            contentType: "application/xml",
            contentBase64: Buffer.from(toUbl(eInvoiceOf(row.snapshot))).toString("base64"),
          },
        ]
      : []),
  ];
  const format = new TemplateFormatter(organiser);
  const url = row.cartCuid
    ? accountUrl(organiser, deps.urls, "carts", row.cartCuid)
    : accountUrl(organiser, deps.urls, "profile");
  const isInvoice = row.type === "INVOICE";
  const paidNow = isInvoice ? Math.min(paid, row.totalAmount) : 0;
  const outstanding = isInvoice ? row.totalAmount - paidNow : 0;
  const id = await withTenant(db, organiser.id, async (tx) => {
    const message = await organiserEmail(tx, organiser, deps.urls, "customer-invoice", {
      customer: templateCustomer(customer),
      invoice: {
        type: row.type,
        number: row.number,
        total_amount: format.money(row.totalAmount),
        total_amount_minor: row.totalAmount,
        paid_amount: format.money(paidNow),
        paid_amount_minor: paidNow,
        outstanding_amount: format.money(outstanding),
        outstanding_amount_minor: outstanding,
        due_at: row.dueAt ? format.date(row.dueAt) : null,
        reference: row.snapshot.source.reference,
        pdf_url: `${deps.urls.storefront(organiser)}/api/invoices/${row.cuid}/pdf`,
        url,
      },
      link: { url, kind: "account" },
    });
    return queueMessage(tx, {
      organiserId: organiser.id,
      to: customer.email,
      ...message,
      customerId: customer.id,
      idempotencyKey: `invoice:${event.cuid}`,
      attachments,
    });
  });
  if (id !== null) await deps.dispatchEmail(id);
}
