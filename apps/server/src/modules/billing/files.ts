import {
  belgianEnterpriseNumber,
  type EInvoiceDocument,
  type InvoiceAddress,
  type InvoiceSnapshot,
  type PlatformInvoiceSnapshot,
  parseEuVatNumber,
  parsePeppolParticipantId,
  peppolParticipantId,
  type VatCategory,
} from "@booking/domain";
import { toUbl } from "@booking/domain/e-invoicing/ubl";
import type { FastifyReply } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { contentDisposition } from "../documents/routes.ts";
import { renderInvoicePdf } from "../invoices/pdf.ts";

// A platform invoice's PDF (the customer invoices' renderer, fed the same figures) and Peppol BIS
// 3.0 UBL (decision 0078), both drawn from its frozen snapshot.

const day = (iso: string) => iso.slice(0, 10);

const addressOf = (address: InvoiceAddress | null) =>
  address
    ? {
        street: address.street || undefined,
        city: address.city || undefined,
        postalCode: address.postcode || undefined,
        countryCode: address.country || "BE",
      }
    : { countryCode: "BE" };

/** The snapshot's VAT as an EN 16931 category: S, or AE / O with the legal mention. */
function categoryOf(snapshot: PlatformInvoiceSnapshot): VatCategory {
  const { vat, legal_mention: mention } = snapshot;
  if (vat.category === "S") return { code: "S", ratePercent: vat.rate };
  return {
    code: vat.category,
    ratePercent: 0,
    exemptionReason: mention ?? undefined,
    exemptionReasonCode: vat.category === "AE" ? "VATEX-EU-AE" : "VATEX-EU-O",
  };
}

/** Whether the organiser has a Peppol endpoint: a platform invoice then exists as UBL too. */
export function hasPlatformUbl(snapshot: PlatformInvoiceSnapshot): boolean {
  return snapshot.buyer.peppol_id !== null;
}

export function platformEInvoiceOf(snapshot: PlatformInvoiceSnapshot): EInvoiceDocument {
  const { seller, buyer } = snapshot;
  const category = categoryOf(snapshot);
  const sellerEndpoint = seller.vat_number ? peppolParticipantId(seller.vat_number) : null;
  return {
    kind: "INVOICE",
    number: snapshot.number,
    issueDate: day(snapshot.issued_at),
    dueDate: day(snapshot.due_at),
    currency: snapshot.currency,
    buyerReference: snapshot.number,
    note: snapshot.legal_mention ?? undefined,
    seller: {
      name: seller.legal_name || seller.name,
      tradingName: seller.legal_name && seller.legal_name !== seller.name ? seller.name : undefined,
      vatNumber: seller.vat_number ? parseEuVatNumber(seller.vat_number)?.value : undefined,
      enterpriseNumber:
        (seller.vat_number && belgianEnterpriseNumber(seller.vat_number)) || undefined,
      address: addressOf(seller.address),
      endpoint: sellerEndpoint ?? { scheme: "EM", id: seller.email ?? "" },
      contact: { name: seller.name, email: seller.email ?? undefined },
      iban: seller.iban ?? undefined,
      bic: seller.bic ?? undefined,
    },
    buyer: {
      name: buyer.legal_name || buyer.name,
      vatNumber: buyer.vat_number ? parseEuVatNumber(buyer.vat_number)?.value : undefined,
      enterpriseNumber:
        (buyer.vat_number && belgianEnterpriseNumber(buyer.vat_number)) || undefined,
      address: addressOf(buyer.address),
      endpoint: (buyer.peppol_id && parsePeppolParticipantId(buyer.peppol_id)) || {
        scheme: "EM",
        id: buyer.email ?? "",
      },
      contact: { name: buyer.name, email: buyer.email ?? undefined },
    },
    lines: snapshot.lines.map((line, index) => ({
      id: String(index + 1),
      label: line.label,
      description: line.description || undefined,
      quantity: line.amount < 0 ? -1 : 1,
      unitPrice: Math.abs(line.amount),
      netAmount: line.amount,
      vat: category,
    })),
    allowances: [],
    vatBreakdown: [
      { taxableAmount: snapshot.taxable_amount, taxAmount: snapshot.vat_amount, vat: category },
    ],
    totals: {
      lineExtension: snapshot.taxable_amount,
      allowances: 0,
      taxExclusive: snapshot.taxable_amount,
      tax: snapshot.vat_amount,
      taxInclusive: snapshot.total_amount,
      prepaid: 0,
      payable: snapshot.total_amount,
    },
    paymentMeans: seller.iban
      ? {
          code: "58",
          reference: snapshot.payment_reference,
          iban: seller.iban,
          bic: seller.bic ?? undefined,
          accountName: seller.legal_name || seller.name,
        }
      : undefined,
  };
}

export function platformInvoiceUbl(snapshot: PlatformInvoiceSnapshot): string {
  return toUbl(platformEInvoiceOf(snapshot));
}

/**
 * The snapshot in the shape the invoice PDF draws: the organiser as a business customer, the
 * lines VAT-exclusive (a business invoice), the VAT on their sum, the period as its message.
 */
export function asInvoicePdfSnapshot(snapshot: PlatformInvoiceSnapshot): InvoiceSnapshot {
  const { buyer, vat } = snapshot;
  const period = `${snapshot.period.first_day} – ${snapshot.period.last_day}`;
  return {
    type: "INVOICE",
    number: snapshot.number,
    issued_at: snapshot.issued_at,
    due_at: snapshot.due_at,
    language: snapshot.language,
    currency: snapshot.currency,
    issuer: snapshot.seller,
    customer: {
      cuid: "",
      fullname: buyer.name,
      email: buyer.email ?? "",
      phone: "",
      company_name: buyer.legal_name ?? buyer.name,
      vat_number: buyer.vat_number,
      peppol_id: buyer.peppol_id,
      address: buyer.address,
    },
    lines: snapshot.lines.map((line) => ({
      kind: "discount",
      label: line.label,
      description: line.description,
      total_amount: line.amount,
      vat_rate: vat.rate,
    })),
    // The PDF shows a rate column only for a taxed invoice; AE and O print their legal mention.
    vat_regime: vat.category === "S" ? "SUBJECT" : "EXEMPT_ARTICLE_44",
    vat: [
      {
        rate: vat.rate,
        total_amount: snapshot.total_amount,
        taxable_amount: snapshot.taxable_amount,
        vat_amount: snapshot.vat_amount,
      },
    ],
    legal_mention: snapshot.legal_mention,
    total_amount: snapshot.total_amount,
    taxable_amount: snapshot.taxable_amount,
    vat_amount: snapshot.vat_amount,
    prepaid_amount: 0,
    message: `${snapshot.language === "fr" ? "Période" : "Period"} ${period}`,
    payment: { reference: snapshot.payment_reference, online: false, bank_transfer: true },
    source: { kind: "CART", cuid: "", reference: null },
    credited_invoice: null,
    reason: null,
  };
}

/** Answers a platform invoice's PDF or (when the organiser has a Peppol endpoint) its UBL. */
export async function sendPlatformInvoiceFile(
  reply: FastifyReply,
  invoice: { number: string; snapshot: PlatformInvoiceSnapshot; paidAt: Date | null },
  format: "pdf" | "ubl",
): Promise<FastifyReply> {
  if (format === "ubl") {
    if (!hasPlatformUbl(invoice.snapshot)) throw new AppError("INVOICE_NOT_FOUND");
    return reply
      .header("content-type", "application/xml; charset=utf-8")
      .header("content-disposition", contentDisposition(invoice.number, "xml"))
      .header("cache-control", "private, no-store")
      .send(platformInvoiceUbl(invoice.snapshot));
  }
  const paid = invoice.paidAt ? invoice.snapshot.total_amount : 0;
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", contentDisposition(invoice.number))
    .header("cache-control", "private, no-store")
    .send(await renderInvoicePdf({ snapshot: asInvoicePdfSnapshot(invoice.snapshot), paid }));
}
