/**
 * VAT of an invoice whose amounts are VAT-inclusive (the prices customers see), per rate
 * (docs/decisions/0074-customer-invoices.md): the lines of one rate are summed, the taxable
 * amount is that sum divided by (1 + rate), rounded once to the minor unit, half away from zero,
 * and the VAT is the rest. The total therefore stays exactly what the customer was asked to pay.
 */

export interface VatLine {
  /** VAT-inclusive, minor units; negative for a discount. */
  total_amount: number;
  /** Percent. */
  vat_rate: number;
}

export interface VatRateTotal {
  rate: number;
  /** VAT-inclusive sum of the rate's lines. */
  total_amount: number;
  taxable_amount: number;
  vat_amount: number;
}

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The VAT-exclusive part of a VAT-inclusive `gross` at `rate` percent. */
export function taxableOf(gross: number, rate: number): number {
  return roundHalfAwayFromZero((gross * 100) / (100 + rate));
}

/** One row per rate present, in increasing rate order. */
export function vatByRate(lines: readonly VatLine[]): VatRateTotal[] {
  const sums = new Map<number, number>();
  for (const line of lines)
    sums.set(line.vat_rate, (sums.get(line.vat_rate) ?? 0) + line.total_amount);
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, total]) => {
      const taxable = taxableOf(total, rate);
      return { rate, total_amount: total, taxable_amount: taxable, vat_amount: total - taxable };
    });
}

/**
 * The VAT-exclusive amount of each line such that the lines of a rate sum exactly to that rate's
 * taxable amount: each line rounded on its own, the rate's last line taking the difference.
 */
export function lineTaxableAmounts(lines: readonly VatLine[]): number[] {
  const rows = new Map(vatByRate(lines).map((row) => [row.rate, row]));
  const assigned = new Map<number, number>();
  const lastIndex = new Map<number, number>();
  for (const [index, line] of lines.entries()) lastIndex.set(line.vat_rate, index);
  return lines.map((line, index) => {
    const soFar = assigned.get(line.vat_rate) ?? 0;
    const amount =
      lastIndex.get(line.vat_rate) === index
        ? rows.get(line.vat_rate)!.taxable_amount - soFar
        : taxableOf(line.total_amount, line.vat_rate);
    assigned.set(line.vat_rate, soFar + amount);
    return amount;
  });
}
