import type {
  EInvoiceAllowance,
  EInvoiceLine,
  EInvoiceTotals,
  EInvoiceVatBreakdown,
  VatCategory,
} from "./document.ts";

/** VAT of a taxable amount in minor units at `ratePercent`, rounded half away from zero. */
export function vatAmount(taxableAmount: number, ratePercent: number): number {
  const exact = (taxableAmount * ratePercent) / 100;
  return exact < 0 ? -Math.round(-exact) : Math.round(exact);
}

/** EN 16931 has one breakdown row per category and rate (an exempt category has one reason). */
function breakdownKey(vat: VatCategory): string {
  return `${vat.code}|${vat.code === "O" ? "" : vat.ratePercent}`;
}

/**
 * The VAT breakdown (BG-23) and totals (BG-22) of lines and document allowances, computed the
 * way EN 16931 checks them: VAT per category and rate on the summed taxable amount (not per
 * line), every total the exact sum of its parts. `prepaid` is what was paid before the document
 * (a deposit), in minor units.
 */
export function eInvoiceSummary(
  lines: readonly EInvoiceLine[],
  allowances: readonly EInvoiceAllowance[],
  prepaid: number,
): { vatBreakdown: EInvoiceVatBreakdown[]; totals: EInvoiceTotals } {
  const rows = new Map<string, EInvoiceVatBreakdown>();
  const add = (vat: VatCategory, amount: number) => {
    const key = breakdownKey(vat);
    const row = rows.get(key) ?? { taxableAmount: 0, taxAmount: 0, vat };
    row.taxableAmount += amount;
    rows.set(key, row);
  };
  for (const line of lines) add(line.vat, line.netAmount);
  for (const allowance of allowances) add(allowance.vat, -allowance.amount);
  const vatBreakdown = [...rows.values()].map((row) => ({
    ...row,
    taxAmount: vatAmount(row.taxableAmount, row.vat.ratePercent),
  }));
  const lineExtension = lines.reduce((sum, line) => sum + line.netAmount, 0);
  const allowanceTotal = allowances.reduce((sum, allowance) => sum + allowance.amount, 0);
  const taxExclusive = lineExtension - allowanceTotal;
  const tax = vatBreakdown.reduce((sum, row) => sum + row.taxAmount, 0);
  const taxInclusive = taxExclusive + tax;
  return {
    vatBreakdown,
    totals: {
      lineExtension,
      allowances: allowanceTotal,
      taxExclusive,
      tax,
      taxInclusive,
      prepaid,
      payable: taxInclusive - prepaid,
    },
  };
}
