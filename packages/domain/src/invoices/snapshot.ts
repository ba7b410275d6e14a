import type { InvoiceSeries } from "./numbering.ts";
import type { InvoiceProductKind, VatRegime } from "./settings.ts";
import type { VatRateTotal } from "./vat.ts";

/**
 * The frozen legal content of an issued invoice or credit note (platform-and-account.md §3.3;
 * docs/decisions/0074-customer-invoices.md): written once when the document is issued, read by
 * the PDF, the UBL and the API, never updated — account deletion's anonymisation leaves it alone.
 * Keys are snake_case: the object is stored as JSON and travels in payloads as is.
 */

/**
 * What an invoice bills: a processed order, an attendance charge, a registration request approved
 * before approvals made an order (paid on the request itself), or a booking share paid by its own
 * participant (docs/decisions/0083-invoices-for-every-debt.md).
 */
export const INVOICE_SOURCE_KINDS = [
  "CART",
  "ATTENDANCE_CHARGE",
  "REGISTRATION_REQUEST",
  "BOOKING_SHARE",
] as const;
export type InvoiceSourceKind = (typeof INVOICE_SOURCE_KINDS)[number];

export interface InvoiceAddress {
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface InvoiceIssuer {
  name: string;
  legal_name: string | null;
  vat_number: string | null;
  /**
   * The Belgian enterprise number (10 digits): the Peppol id and tax registration of a seller
   * without a VAT number. Absent from snapshots frozen before decision 0080.
   */
  enterprise_number?: string | null;
  address: InvoiceAddress | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  iban: string | null;
  bic: string | null;
  logo_url: string | null;
  color: string | null;
}

export interface InvoiceCustomer {
  cuid: string;
  fullname: string;
  email: string;
  phone: string;
  /** The billing details the customer gave, if any (a business customer has a company name). */
  company_name: string | null;
  vat_number: string | null;
  peppol_id: string | null;
  address: InvoiceAddress | null;
}

export interface InvoiceLine {
  kind: InvoiceProductKind | "discount";
  label: string;
  description: string;
  /** VAT-inclusive, minor units; negative for a discount. */
  total_amount: number;
  vat_rate: number;
}

export interface InvoiceSnapshot {
  type: InvoiceSeries;
  number: string;
  /** ISO instants. */
  issued_at: string;
  due_at: string | null;
  language: "fr" | "en";
  currency: string;
  issuer: InvoiceIssuer;
  customer: InvoiceCustomer;
  lines: InvoiceLine[];
  vat_regime: VatRegime;
  vat: VatRateTotal[];
  /** The regime's legal mention, in `language`; null when subject to VAT. */
  legal_mention: string | null;
  total_amount: number;
  taxable_amount: number;
  vat_amount: number;
  /** Paid before the document was issued (a deposit paid online, the wallet). */
  prepaid_amount: number;
  /** The footer message of the settings at the time. */
  message: string;
  payment: {
    /** The structured reference a transfer carries (the cart's or the charge's). */
    reference: string | null;
    online: boolean;
    bank_transfer: boolean;
  };
  /** What the document bills, for the customer's reference. */
  source: { kind: InvoiceSourceKind; cuid: string; reference: string | null };
  /** A credit note's invoice. */
  credited_invoice: { cuid: string; number: string; issued_at: string } | null;
  /** Why a credit note was issued (staff's words or the cancellation). */
  reason: string | null;
}
