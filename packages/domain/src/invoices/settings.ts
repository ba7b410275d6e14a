/**
 * An organiser's customer invoice settings (issue 16 §1; docs/decisions/0074-customer-invoices.md):
 * when invoices are issued, the numbering series, the payment delay, the footer message and the
 * organiser's VAT regime.
 */

/** When a customer gets an invoice: at checkout, once fully paid, or when they ask for it. */
export const INVOICE_ISSUE_MOMENTS = ["CART_PROCESSED", "FULLY_PAID", "ON_REQUEST"] as const;
export type InvoiceIssueMoment = (typeof INVOICE_ISSUE_MOMENTS)[number];

/**
 * The organiser's VAT regime: subject to VAT (a rate per kind of product), exempt under article
 * 44 of the Belgian VAT code (most sports clubs), or the small-business franchise (art. 56bis).
 */
export const VAT_REGIMES = ["SUBJECT", "EXEMPT_ARTICLE_44", "SMALL_BUSINESS_FRANCHISE"] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

/** What an invoice line sells; a VAT rate is set per kind when the organiser is subject to VAT. */
export const INVOICE_PRODUCT_KINDS = [
  "registrations",
  "bookings",
  "bundles",
  "memberships",
  "vouchers",
  "attendance",
  "service_fees",
] as const;
export type InvoiceProductKind = (typeof INVOICE_PRODUCT_KINDS)[number];

/** The Belgian rates a line may carry (percent). */
export const BELGIAN_VAT_RATES = [0, 6, 12, 21] as const;

export type VatRates = Record<InvoiceProductKind, number>;

export interface InvoiceSettings {
  issue_on: InvoiceIssueMoment;
  /** Written before the number: letters, digits and dashes, up to 10 characters. */
  number_prefix: string;
  /** Whether the numbering restarts at 1 each calendar year (the year then joins the number). */
  yearly_reset: boolean;
  /** Days between the issue and the due date. */
  payment_delay_days: number;
  /** Printed at the bottom of every invoice and credit note. */
  footer_message: string;
  vat_regime: VatRegime;
  /** Percent per kind of product, read only when `vat_regime` is SUBJECT. */
  vat_rates: VatRates;
}

/** The settings of an organiser who never saved any: sports clubs are mostly exempt (art. 44). */
export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = {
  issue_on: "ON_REQUEST",
  number_prefix: "F",
  yearly_reset: true,
  payment_delay_days: 30,
  footer_message: "",
  vat_regime: "EXEMPT_ARTICLE_44",
  vat_rates: {
    registrations: 21,
    bookings: 21,
    bundles: 21,
    memberships: 21,
    vouchers: 0,
    attendance: 21,
    service_fees: 21,
  },
};

/** The rate a line of `kind` carries under the settings: 0 unless subject to VAT. */
export function vatRateOf(
  settings: Pick<InvoiceSettings, "vat_regime" | "vat_rates">,
  kind: InvoiceProductKind,
): number {
  return settings.vat_regime === "SUBJECT" ? settings.vat_rates[kind] : 0;
}
