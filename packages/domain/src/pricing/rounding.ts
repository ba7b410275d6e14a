/**
 * The one rounding rule of pricing (see `index.ts`): a fraction of an amount is computed as an
 * exact rational with integers (BigInt) and rounded once, half away from zero, to a minor unit.
 * Percentages are read as basis points (hundredths of a percent) so that no float ever enters a
 * computation; a cart-level amount split over items uses the largest-remainder method, so the
 * parts always add up to the whole.
 */

const PERCENTAGE = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A percentage with at most 2 decimals (`12.5`, `"12.50"`, `100`) as integer basis points
 * (1250, 1250, 10000). Read from the number's shortest decimal text, so `12.34` is exactly 1234.
 * Throws RangeError for a negative, non-finite or more-than-2-decimals value.
 */
export function toBasisPoints(percentage: number | string): number {
  const text = typeof percentage === "number" ? String(percentage) : percentage.trim();
  const match = PERCENTAGE.exec(text);
  if (!match) throw new RangeError(`Invalid percentage (0 or more, 2 decimals): ${percentage}`);
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError(`Percentage too large: ${text}`);
  return basisPoints;
}

/** `numerator / denominator` rounded half away from zero; `denominator` must be positive. */
export function divideHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("Denominator must be positive");
  const quotient = numerator / denominator; // truncated toward zero
  const remainder = numerator % denominator; // sign of the numerator
  const twice = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twice >= denominator) return numerator < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of range: ${value}`);
  return result === 0 ? 0 : result;
}

/** Throws RangeError unless `value` is a safe integer at least 0 (an amount in minor units). */
export function assertAmount(value: number, name = "amount"): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer of minor units: ${value}`);
  }
}

/** `amount × numerator / denominator` in minor units, by the rounding rule. */
export function fractionOf(amount: number, numerator: number, denominator: number): number {
  if (![amount, numerator, denominator].every(Number.isSafeInteger)) {
    throw new RangeError("fractionOf takes safe integers");
  }
  return toSafeNumber(
    divideHalfAwayFromZero(BigInt(amount) * BigInt(numerator), BigInt(denominator)),
  );
}

/** `percentage % of amount` in minor units, by the rounding rule (12.5 % of 333 is 42). */
export function percentageOf(amount: number, percentage: number | string): number {
  return fractionOf(amount, toBasisPoints(percentage), 10_000);
}

/**
 * Splits `total` (≥ 0) over parts proportionally to `weights` (each ≥ 0) by the largest-remainder
 * method: each part gets ⌊total × weight / Σweights⌋, then the units left go one each to the parts
 * with the largest remainders (earlier part first on a tie). The parts sum exactly to `total`;
 * when `total ≤ Σweights` no part exceeds its weight. All weights 0 → all parts 0, and then
 * `total` must be 0. Throws RangeError otherwise.
 */
export function allocateLargestRemainder(total: number, weights: readonly number[]): number[] {
  assertAmount(total, "total");
  for (const weight of weights) assertAmount(weight, "weight");
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  if (sum === 0n) {
    if (total !== 0) throw new RangeError("Cannot allocate a positive total over zero weights");
    return weights.map(() => 0);
  }
  const big = BigInt(total);
  const shares = weights.map((weight, index) => {
    const product = big * BigInt(weight);
    return { index, floor: product / sum, remainder: product % sum };
  });
  let left = big - shares.reduce((acc, share) => acc + share.floor, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  return shares.map((share) => toSafeNumber(share.floor));
}

/** Sum of amounts, throwing RangeError when it leaves the safe integer range. */
export function sumAmounts(amounts: readonly number[]): number {
  return toSafeNumber(amounts.reduce((acc, amount) => acc + BigInt(amount), 0n));
}
