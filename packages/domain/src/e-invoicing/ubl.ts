import { create } from "xmlbuilder2";
import { fromMinorUnits, minorUnitDigits } from "../money.ts";
import type {
  EInvoiceAddress,
  EInvoiceBuyer,
  EInvoiceContact,
  EInvoiceDocument,
  EInvoiceLine,
  EInvoiceSeller,
  VatCategory,
} from "./document.ts";

type XMLBuilder = ReturnType<typeof create>;

/**
 * Peppol BIS Billing 3.0 (UBL 2.1) writer. Element order follows the UBL 2.1 schema, which the
 * validator checks; what Peppol forbids is left out (e.g. VAT identifiers on a document outside
 * the scope of VAT, BR-O-02/03).
 */

export const PEPPOL_CUSTOMIZATION_ID =
  "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PEPPOL_PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

const NAMESPACES = {
  INVOICE: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  CREDIT_NOTE: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
} as const;

/** UBL names that differ between an invoice and a credit note. */
const VOCABULARY = {
  INVOICE: {
    root: "Invoice",
    typeCode: "cbc:InvoiceTypeCode",
    type: "380",
    line: "cac:InvoiceLine",
    quantity: "cbc:InvoicedQuantity",
  },
  CREDIT_NOTE: {
    root: "CreditNote",
    typeCode: "cbc:CreditNoteTypeCode",
    type: "381",
    line: "cac:CreditNoteLine",
    quantity: "cbc:CreditedQuantity",
  },
} as const;

/** Writes `value` as a child element when it is present. */
function text(parent: XMLBuilder, name: string, value: string | undefined, attributes = {}) {
  if (value !== undefined && value !== "") parent.ele(name, attributes).txt(value);
}

/** Formats and writes amounts in the document currency (at most 2 decimals, BR-DEC-*). */
function amountWriter(currency: string) {
  const digits = minorUnitDigits(currency);
  if (digits > 2) {
    throw new RangeError(`EN 16931 amounts have at most 2 decimals; ${currency} has ${digits}`);
  }
  return {
    amount(parent: XMLBuilder, name: string, minor: number) {
      parent.ele(name, { currencyID: currency }).txt(fromMinorUnits(minor, currency));
    },
    /** A unit price may carry 2 more decimals than the currency (net of VAT-inclusive prices). */
    price(parent: XMLBuilder, minor: number) {
      const major = (minor / 10 ** digits).toFixed(digits + 2).replace(/0{1,2}$/, "");
      parent.ele("cbc:PriceAmount", { currencyID: currency }).txt(major);
    },
  };
}

type Amounts = ReturnType<typeof amountWriter>;

function vatCategory(parent: XMLBuilder, name: string, vat: VatCategory, withReason: boolean) {
  const category = parent.ele(name);
  text(category, "cbc:ID", vat.code);
  if (vat.code !== "O") text(category, "cbc:Percent", String(vat.ratePercent));
  if (withReason) {
    text(category, "cbc:TaxExemptionReasonCode", vat.exemptionReasonCode);
    text(category, "cbc:TaxExemptionReason", vat.exemptionReason);
  }
  category.ele("cac:TaxScheme").ele("cbc:ID").txt("VAT");
}

function postalAddress(party: XMLBuilder, address: EInvoiceAddress) {
  const element = party.ele("cac:PostalAddress");
  text(element, "cbc:StreetName", address.street);
  text(element, "cbc:AdditionalStreetName", address.additionalStreet);
  text(element, "cbc:CityName", address.city);
  text(element, "cbc:PostalZone", address.postalCode);
  element.ele("cac:Country").ele("cbc:IdentificationCode").txt(address.countryCode);
}

/** BT-32 of a seller without a VAT number: its own, else its enterprise number. */
function sellerTaxRegistration(seller: EInvoiceSeller): string | undefined {
  return seller.vatNumber ? undefined : (seller.taxRegistrationId ?? seller.enterpriseNumber);
}

/** BG-4 / BG-7 as a UBL party; `withVat` is false outside the scope of VAT (BR-O-02/03). */
function party(
  parent: XMLBuilder,
  name: string,
  who: EInvoiceSeller | EInvoiceBuyer,
  withVat: boolean,
  taxRegistration?: string,
) {
  const element = parent.ele(name).ele("cac:Party");
  text(element, "cbc:EndpointID", who.endpoint.id, { schemeID: who.endpoint.scheme });
  if ("tradingName" in who && who.tradingName) {
    element.ele("cac:PartyName").ele("cbc:Name").txt(who.tradingName);
  }
  postalAddress(element, who.address);
  if (withVat && who.vatNumber) partyTaxScheme(element, who.vatNumber, "VAT");
  if (taxRegistration) partyTaxScheme(element, taxRegistration, "TAX");
  const legal = element.ele("cac:PartyLegalEntity");
  text(legal, "cbc:RegistrationName", who.name);
  text(legal, "cbc:CompanyID", who.enterpriseNumber, { schemeID: "0208" });
  if (who.contact) contactPoint(element, who.contact);
}

function partyTaxScheme(party: XMLBuilder, companyId: string, scheme: "VAT" | "TAX") {
  const element = party.ele("cac:PartyTaxScheme");
  text(element, "cbc:CompanyID", companyId);
  element.ele("cac:TaxScheme").ele("cbc:ID").txt(scheme);
}

function contactPoint(party: XMLBuilder, contact: EInvoiceContact) {
  if (!contact.name && !contact.phone && !contact.email) return;
  const element = party.ele("cac:Contact");
  text(element, "cbc:Name", contact.name);
  text(element, "cbc:Telephone", contact.phone);
  text(element, "cbc:ElectronicMail", contact.email);
}

function paymentMeans(root: XMLBuilder, document: EInvoiceDocument) {
  const means = document.paymentMeans;
  if (!means) return;
  const element = root.ele("cac:PaymentMeans");
  text(element, "cbc:PaymentMeansCode", means.code);
  // A UBL credit note has no DueDate element: BIS 3.0 carries BT-9 here instead.
  if (document.kind === "CREDIT_NOTE") text(element, "cbc:PaymentDueDate", document.dueDate);
  text(element, "cbc:PaymentID", means.reference);
  const account = element.ele("cac:PayeeFinancialAccount");
  text(account, "cbc:ID", means.iban);
  text(account, "cbc:Name", means.accountName);
  if (means.bic) account.ele("cac:FinancialInstitutionBranch").ele("cbc:ID").txt(means.bic);
}

function allowancesAndTotals(root: XMLBuilder, document: EInvoiceDocument, amounts: Amounts) {
  for (const allowance of document.allowances) {
    const element = root.ele("cac:AllowanceCharge");
    text(element, "cbc:ChargeIndicator", "false");
    text(element, "cbc:AllowanceChargeReason", allowance.reason);
    amounts.amount(element, "cbc:Amount", allowance.amount);
    vatCategory(element, "cac:TaxCategory", allowance.vat, false);
  }
  const { totals } = document;
  const taxTotal = root.ele("cac:TaxTotal");
  amounts.amount(taxTotal, "cbc:TaxAmount", totals.tax);
  for (const row of document.vatBreakdown) {
    const subtotal = taxTotal.ele("cac:TaxSubtotal");
    amounts.amount(subtotal, "cbc:TaxableAmount", row.taxableAmount);
    amounts.amount(subtotal, "cbc:TaxAmount", row.taxAmount);
    vatCategory(subtotal, "cac:TaxCategory", row.vat, true);
  }
  const monetary = root.ele("cac:LegalMonetaryTotal");
  amounts.amount(monetary, "cbc:LineExtensionAmount", totals.lineExtension);
  amounts.amount(monetary, "cbc:TaxExclusiveAmount", totals.taxExclusive);
  amounts.amount(monetary, "cbc:TaxInclusiveAmount", totals.taxInclusive);
  if (totals.allowances !== 0) {
    amounts.amount(monetary, "cbc:AllowanceTotalAmount", totals.allowances);
  }
  if (totals.prepaid !== 0) amounts.amount(monetary, "cbc:PrepaidAmount", totals.prepaid);
  amounts.amount(monetary, "cbc:PayableAmount", totals.payable);
}

function line(root: XMLBuilder, document: EInvoiceDocument, item: EInvoiceLine, amounts: Amounts) {
  const words = VOCABULARY[document.kind];
  const element = root.ele(words.line);
  text(element, "cbc:ID", item.id);
  text(element, words.quantity, String(item.quantity), { unitCode: item.unitCode ?? "C62" });
  amounts.amount(element, "cbc:LineExtensionAmount", item.netAmount);
  const product = element.ele("cac:Item");
  text(product, "cbc:Description", item.description);
  text(product, "cbc:Name", item.label);
  vatCategory(product, "cac:ClassifiedTaxCategory", item.vat, false);
  amounts.price(element.ele("cac:Price"), item.unitPrice);
}

/**
 * The document as a Peppol BIS Billing 3.0 UBL 2.1 Invoice or CreditNote (UTF-8 XML text).
 * Writes the document's amounts as they are: build its breakdown and totals with
 * eInvoiceSummary so that EN 16931's sums hold.
 */
export function toUbl(document: EInvoiceDocument): string {
  const words = VOCABULARY[document.kind];
  const amounts = amountWriter(document.currency);
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(
    NAMESPACES[document.kind],
    words.root,
    { "xmlns:cac": NAMESPACES.cac, "xmlns:cbc": NAMESPACES.cbc },
  );
  text(root, "cbc:CustomizationID", PEPPOL_CUSTOMIZATION_ID);
  text(root, "cbc:ProfileID", PEPPOL_PROFILE_ID);
  text(root, "cbc:ID", document.number);
  text(root, "cbc:IssueDate", document.issueDate);
  if (document.kind === "INVOICE") text(root, "cbc:DueDate", document.dueDate);
  text(root, words.typeCode, words.type);
  text(root, "cbc:Note", document.note);
  text(root, "cbc:DocumentCurrencyCode", document.currency);
  text(root, "cbc:BuyerReference", document.buyerReference);
  if (document.creditedInvoice) {
    const reference = root.ele("cac:BillingReference").ele("cac:InvoiceDocumentReference");
    text(reference, "cbc:ID", document.creditedInvoice.number);
    text(reference, "cbc:IssueDate", document.creditedInvoice.issueDate);
  }
  const withVat = !document.vatBreakdown.some((row) => row.vat.code === "O");
  const seller = document.seller;
  party(root, "cac:AccountingSupplierParty", seller, withVat, sellerTaxRegistration(seller));
  party(root, "cac:AccountingCustomerParty", document.buyer, withVat);
  paymentMeans(root, document);
  if (document.paymentTerms)
    root.ele("cac:PaymentTerms").ele("cbc:Note").txt(document.paymentTerms);
  allowancesAndTotals(root, document, amounts);
  for (const item of document.lines) line(root, document, item, amounts);
  return root.end({ prettyPrint: true });
}
