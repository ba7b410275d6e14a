import { formatInvoiceNumber, type InvoiceSettings } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";
import { TemplateFormatter } from "./template-data-base.ts";
import type { TemplateCart, TemplateInvoice, TemplateReminder } from "./template-data-types.ts";

// What the editor's preview prints for `invoice.*` and `reminder.*` (the data of the invoice and
// payment-reminder e-mails, decisions 0074 and 0077): the previewed order as invoiced — by its
// invoice when it has one, else as its number would read under the organiser's settings — and its
// first reminder sent a week after the due date.

const DAY = 24 * 3_600_000;

export function moneyDocumentSamples(
  organiser: Organiser,
  urls: PublicUrls,
  settings: InvoiceSettings,
  cart: TemplateCart,
  issued: { cuid: string; number: string } | null,
  now: Date,
): { invoice: TemplateInvoice; reminder: TemplateReminder } {
  const f = new TemplateFormatter(organiser);
  const total = cart.total_amount_minor + cart.service_fees_minor;
  const paid = Math.min(cart.paid_amount_minor, total);
  const outstanding = total - paid;
  const year = settings.yearly_reset ? now.getUTCFullYear() : 0;
  const number = issued?.number ?? formatInvoiceNumber(settings.number_prefix, "INVOICE", year, 42);
  const dueAt = new Date(now.getTime() + settings.payment_delay_days * DAY);
  const dueOn = new Date(now.getTime() - 7 * DAY);
  return {
    invoice: {
      type: "INVOICE",
      number,
      total_amount: f.money(total),
      total_amount_minor: total,
      paid_amount: f.money(paid),
      paid_amount_minor: paid,
      outstanding_amount: f.money(outstanding),
      outstanding_amount_minor: outstanding,
      due_at: f.date(dueAt),
      reference: cart.reference,
      // Without an invoice yet, the order's page, where it will be downloaded.
      pdf_url: issued ? `${urls.storefront(organiser)}/api/invoices/${issued.cuid}/pdf` : cart.url,
      url: cart.url,
    },
    reminder: {
      step: 1,
      amount_due: f.money(outstanding),
      amount_due_minor: outstanding,
      due_on: f.date(dueOn),
      days_overdue: 7,
      label: cart.reference,
      invoice_number: number,
      url: cart.url,
      bank_transfer: cart.bank_transfer,
    },
  };
}
