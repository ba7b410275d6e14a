import {
  type EInvoiceAllowance,
  type EInvoiceDocument,
  type EInvoiceLine,
  eInvoiceSummary,
  type VatCategory,
} from "../src/index.ts";

/** VAT categories of the regimes organisers and the platform invoice under. */
export const vat = {
  standard: (ratePercent: number): VatCategory => ({ code: "S", ratePercent }),
  article44: {
    code: "E",
    ratePercent: 0,
    exemptionReasonCode: "VATEX-EU-132-1M",
    exemptionReason: "Exemption de TVA, article 44, § 2, 3° du Code de la TVA",
  } satisfies VatCategory,
  franchise: {
    code: "E",
    ratePercent: 0,
    exemptionReason:
      "Petite entreprise soumise au régime de la franchise de taxe (art. 56bis CTVA)",
  } satisfies VatCategory,
  reverseCharge: {
    code: "AE",
    ratePercent: 0,
    exemptionReasonCode: "VATEX-EU-AE",
    exemptionReason: "Autoliquidation – article 196 de la directive 2006/112/CE",
  } satisfies VatCategory,
  outsideScope: {
    code: "O",
    ratePercent: 0,
    exemptionReasonCode: "VATEX-EU-O",
    exemptionReason: "Hors du champ d'application de la TVA",
  } satisfies VatCategory,
};

/** A line of `quantity` units at a VAT-exclusive unit price in cents. */
export function line(
  id: string,
  label: string,
  quantity: number,
  unitPrice: number,
  category: VatCategory,
): EInvoiceLine {
  return {
    id,
    label,
    quantity,
    unitPrice,
    netAmount: Math.round(quantity * unitPrice),
    vat: category,
  };
}

interface DocumentOptions {
  lines: EInvoiceLine[];
  allowances?: EInvoiceAllowance[];
  prepaid?: number;
}

/** An invoice of the demo club to a Belgian company, with breakdown and totals from its lines. */
export function belgianInvoice(
  { lines, allowances = [], prepaid = 0 }: DocumentOptions,
  overrides: Partial<EInvoiceDocument> = {},
): EInvoiceDocument {
  return {
    kind: "INVOICE",
    number: "F2026-000042",
    issueDate: "2026-11-27",
    dueDate: "2026-12-27",
    currency: "EUR",
    buyerReference: "cart-7Q2K9",
    note: "Merci pour votre inscription.",
    seller: {
      name: "Sportclub Demo ASBL",
      tradingName: "Sportclub Demo",
      vatNumber: "BE0123456749",
      enterpriseNumber: "0123456749",
      address: {
        street: "Rue de la Loi 16",
        city: "Bruxelles",
        postalCode: "1000",
        countryCode: "BE",
      },
      endpoint: { scheme: "0208", id: "0123456749" },
      contact: {
        name: "Secrétariat",
        email: "billing@sportclub.example",
        phone: "+32 2 555 01 01",
      },
      iban: "BE68539007547034",
      bic: "GKCCBEBB",
    },
    buyer: {
      name: "Customer Company NV",
      vatNumber: "BE0987654394",
      enterpriseNumber: "0987654394",
      address: {
        street: "Meir 1",
        additionalStreet: "bus 3",
        city: "Antwerpen",
        postalCode: "2000",
        countryCode: "BE",
      },
      endpoint: { scheme: "0208", id: "0987654394" },
      contact: { name: "Accounts payable", email: "ap@customer.example" },
    },
    lines,
    allowances,
    ...eInvoiceSummary(lines, allowances, prepaid),
    paymentMeans: {
      code: "30",
      reference: "+++012/3456/78987+++",
      iban: "BE68539007547034",
      bic: "GKCCBEBB",
      accountName: "Sportclub Demo ASBL",
    },
    ...overrides,
  };
}
