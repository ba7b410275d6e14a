/**
 * Invoice and credit-note numbers (docs/decisions/0074-customer-invoices.md). Each series is a
 * gap-free counter per organiser — and per calendar year when it resets yearly —, so a number is
 * the series' prefix, the year when the series resets yearly, and the sequence zero-padded.
 */

export const INVOICE_SERIES = ["INVOICE", "CREDIT_NOTE"] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];

/** A prefix the settings accept: letters, digits and dashes, at most 10. */
export const INVOICE_PREFIX_PATTERN = /^[A-Za-z0-9-]{0,10}$/;

/** The credit notes' series writes "NC" (note de crédit) after the invoices' prefix. */
const SERIES_SUFFIX: Record<InvoiceSeries, string> = { INVOICE: "", CREDIT_NOTE: "NC" };

/** The counter's year: the calendar year of the issue when the series resets yearly, else 0. */
export function counterYear(issuedYear: number, yearlyReset: boolean): number {
  return yearlyReset ? issuedYear : 0;
}

/**
 * The number of the `sequence`-th document of a series, e.g. F2026-0007 (yearly reset) or
 * FNC-0003 (continuous credit notes). Throws RangeError for a sequence below 1.
 */
export function formatInvoiceNumber(
  prefix: string,
  series: InvoiceSeries,
  year: number,
  sequence: number,
): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`Bad sequence: ${sequence}`);
  }
  const head = `${prefix}${SERIES_SUFFIX[series]}${year > 0 ? year : ""}`;
  return `${head}${head ? "-" : ""}${String(sequence).padStart(4, "0")}`;
}
