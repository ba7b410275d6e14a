import { epcQrPayload, formatMoney, type InvoiceSnapshot } from "@booking/domain";
import { Document, Image, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { createElement as h, type ReactNode } from "react";

type Style = import("@react-pdf/renderer").TextProps["style"] & object;

import { pdfText } from "../documents/pdf.ts";
import { epcQrPngDataUrl } from "../payments/epc-qr.ts";

// The PDF of an invoice or credit note (platform-and-account.md §3.3), in the organiser's
// language, drawn from its frozen snapshot; what has been paid since is passed beside it.

const LABELS = {
  fr: {
    INVOICE: "Facture",
    CREDIT_NOTE: "Note de crédit",
    issued: "Date",
    due: "Échéance",
    credits: "Crédite la facture",
    customer: "Client",
    vat_number: "TVA",
    description: "Description",
    amount: "Montant",
    rate: "Taux",
    taxable: "Base",
    vat: "TVA",
    total: "Total TVAC",
    taxable_total: "Total HTVA",
    vat_total: "TVA",
    paid: "Payé",
    outstanding: "Reste à payer",
    transfer: "Virement",
    reference: "Communication",
    account: "Compte",
    online: "Vous pouvez aussi payer en ligne depuis votre compte.",
    order: "Commande",
    reason: "Motif",
  },
  en: {
    INVOICE: "Invoice",
    CREDIT_NOTE: "Credit note",
    issued: "Date",
    due: "Due date",
    credits: "Credits invoice",
    customer: "Customer",
    vat_number: "VAT",
    description: "Description",
    amount: "Amount",
    rate: "Rate",
    taxable: "Taxable",
    vat: "VAT",
    total: "Total incl. VAT",
    taxable_total: "Total excl. VAT",
    vat_total: "VAT",
    paid: "Paid",
    outstanding: "Outstanding",
    transfer: "Bank transfer",
    reference: "Reference",
    account: "Account",
    online: "You can also pay online from your account.",
    order: "Order",
    reason: "Reason",
  },
};

export interface InvoicePdfInput {
  snapshot: InvoiceSnapshot;
  /** Paid on the source now (computed, not part of the document). */
  paid: number;
}

/** The EPC QR code of what is still owed by transfer, as a PNG, or null (docs/decisions/0070). */
function transferQrCode(snapshot: InvoiceSnapshot, outstanding: number): string | null {
  const { issuer, payment } = snapshot;
  if (!payment.reference) return null;
  const payload = epcQrPayload({
    beneficiary: issuer.legal_name ?? issuer.name,
    iban: issuer.iban,
    bic: issuer.bic,
    amount: outstanding,
    currency: snapshot.currency,
    reference: payment.reference,
  });
  return payload ? epcQrPngDataUrl(payload) : null;
}

const styles = {
  page: { padding: 40, fontFamily: "Helvetica", fontSize: 9, color: "#222222" },
  row: { flexDirection: "row" as const },
  cell: { flexGrow: 1, flexBasis: 0 },
  right: { textAlign: "right" as const },
  bold: { fontFamily: "Helvetica-Bold" },
  muted: { color: "#666666" },
  rule: { borderBottomWidth: 0.5, borderBottomColor: "#bbbbbb", paddingVertical: 3 },
};

const text = (value: string, style: Style = {}) => h(Text, { style }, pdfText(value));

function lines(values: Array<string | null | undefined>): ReactNode[] {
  return values
    .filter((value): value is string => !!value)
    .map((value, key) => h(Text, { key }, pdfText(value)));
}

function tableRow(cells: string[], widths: number[], style: Style = {}, key?: number) {
  return h(
    View,
    { key, style: { ...styles.row, ...styles.rule, ...style } },
    cells.map((cell, index) =>
      h(
        Text,
        {
          key: index,
          style: { width: `${widths[index]}%`, ...(index > 0 ? styles.right : {}) },
        },
        pdfText(cell),
      ),
    ),
  );
}

export async function renderInvoicePdf({ snapshot, paid }: InvoicePdfInput): Promise<Buffer> {
  const label = LABELS[snapshot.language];
  const locale = snapshot.language === "en" ? "en-GB" : "fr-BE";
  const money = (minor: number) => formatMoney(minor, snapshot.currency, locale);
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, { timeZone: "Europe/Brussels" });
  const { issuer, customer } = snapshot;
  const color = issuer.color ?? "#333333";
  const outstanding = Math.max(0, snapshot.total_amount - paid);
  const address = (value: typeof issuer.address) =>
    value ? [value.street, `${value.postcode} ${value.city}`.trim(), value.country] : [];

  const header = h(
    View,
    { style: { ...styles.row, marginBottom: 24 } },
    h(
      View,
      { style: styles.cell },
      text(issuer.name, { ...styles.bold, fontSize: 16, color }),
      ...lines([
        issuer.legal_name !== issuer.name ? issuer.legal_name : null,
        ...address(issuer.address),
        issuer.vat_number ? `${label.vat_number} ${issuer.vat_number}` : null,
        issuer.email,
        issuer.phone,
        issuer.website,
      ]),
    ),
    h(
      View,
      { style: { ...styles.cell, alignItems: "flex-end" } },
      text(`${label[snapshot.type]} ${snapshot.number}`, { ...styles.bold, fontSize: 14 }),
      text(`${label.issued}: ${date(snapshot.issued_at)}`),
      snapshot.due_at ? text(`${label.due}: ${date(snapshot.due_at)}`) : null,
      snapshot.source.reference ? text(`${label.order}: ${snapshot.source.reference}`) : null,
      snapshot.credited_invoice
        ? text(
            `${label.credits} ${snapshot.credited_invoice.number} (${date(snapshot.credited_invoice.issued_at)})`,
          )
        : null,
    ),
  );
  const customerBlock = h(
    View,
    { style: { marginBottom: 20, marginLeft: "55%" } },
    text(label.customer, styles.muted),
    ...lines([
      customer.company_name,
      customer.fullname,
      ...address(customer.address),
      customer.vat_number ? `${label.vat_number} ${customer.vat_number}` : null,
      customer.email,
    ]),
  );
  const subject = snapshot.vat_regime === "SUBJECT";
  const widths = subject ? [70, 10, 20] : [80, 20];
  const linesTable = h(
    View,
    { style: { marginBottom: 12 } },
    tableRow(
      subject ? [label.description, label.rate, label.amount] : [label.description, label.amount],
      widths,
      { ...styles.bold, borderBottomColor: color, borderBottomWidth: 1 },
    ),
    ...snapshot.lines.map((line, key) =>
      tableRow(
        [
          [line.label, line.description].filter(Boolean).join(" — "),
          ...(subject ? [`${line.vat_rate} %`] : []),
          money(line.total_amount),
        ],
        widths,
        {},
        key,
      ),
    ),
  );
  const vatTable = subject
    ? h(
        View,
        { style: { marginBottom: 12, marginLeft: "40%" } },
        tableRow([label.rate, label.taxable, label.vat], [30, 35, 35], styles.bold),
        ...snapshot.vat.map((row, key) =>
          tableRow(
            [`${row.rate} %`, money(row.taxable_amount), money(row.vat_amount)],
            [30, 35, 35],
            {},
            key,
          ),
        ),
      )
    : null;
  const totals = h(
    View,
    { style: { marginLeft: "50%", marginBottom: 16 } },
    ...(subject
      ? [
          tableRow([label.taxable_total, money(snapshot.taxable_amount)], [60, 40], {}, 1),
          tableRow([label.vat_total, money(snapshot.vat_amount)], [60, 40], {}, 2),
        ]
      : []),
    tableRow(
      [label.total, money(snapshot.total_amount)],
      [60, 40],
      { ...styles.bold, fontSize: 11 },
      3,
    ),
    ...(snapshot.type === "INVOICE"
      ? [
          tableRow([label.paid, money(paid)], [60, 40], {}, 4),
          tableRow([label.outstanding, money(outstanding)], [60, 40], styles.bold, 5),
        ]
      : []),
  );
  const transfer =
    snapshot.type === "INVOICE" &&
    outstanding > 0 &&
    snapshot.payment.bank_transfer &&
    !!issuer.iban;
  const qrCode = transfer ? transferQrCode(snapshot, outstanding) : null;
  const payment = transfer
    ? h(
        View,
        {
          style: {
            ...styles.row,
            borderWidth: 1,
            borderColor: color,
            padding: 8,
            marginBottom: 16,
          },
        },
        h(
          View,
          { style: styles.cell },
          text(label.transfer, styles.bold),
          text(`${label.amount}: ${money(outstanding)}`),
          text(`${label.account}: ${issuer.iban}${issuer.bic ? ` (${issuer.bic})` : ""}`),
          snapshot.payment.reference
            ? text(`${label.reference}: ${snapshot.payment.reference}`, styles.bold)
            : null,
          snapshot.payment.online ? text(label.online, styles.muted) : null,
        ),
        qrCode ? h(Image, { src: qrCode, style: { width: 96, height: 96 } }) : null,
      )
    : null;
  const footer = h(
    View,
    { style: { marginTop: "auto" } },
    snapshot.reason ? text(`${label.reason}: ${snapshot.reason}`) : null,
    snapshot.legal_mention ? text(snapshot.legal_mention, styles.bold) : null,
    snapshot.message ? text(snapshot.message, styles.muted) : null,
  );
  const document = h(
    Document,
    {
      title: pdfText(`${label[snapshot.type]} ${snapshot.number}`),
      author: pdfText(issuer.name),
      creator: pdfText(issuer.name),
      producer: "Booking platform",
      language: snapshot.language,
    },
    h(
      Page,
      { size: "A4", style: styles.page },
      header,
      customerBlock,
      linesTable,
      vatTable,
      totals,
      payment,
      footer,
    ),
  );
  return renderToBuffer(document);
}
