/**
 * Bundle rules (storefront.md §3 "Bundle": price in minor units, capacity null means unlimited).
 */

/**
 * Price of one registration of a bundle: `price / capacity` in integer minor units, rounded half
 * up (half away from zero for a negative price, as `toMinorUnits` does), when capacity is a
 * positive integer; null when it is null (unlimited) or not positive. Computed with integers, so
 * 1000 / 3 is 333 and 1001 / 2 is 501 exactly. Throws RangeError when `price` is not a safe
 * integer or `capacity` is a non-integer number.
 */
export function bundlePricePerRegistration(price: number, capacity: number | null): number | null {
  if (!Number.isSafeInteger(price)) {
    throw new RangeError(`Price must be a safe integer of minor units: ${price}`);
  }
  if (capacity === null) return null;
  if (!Number.isInteger(capacity)) {
    throw new RangeError(`Capacity must be an integer or null: ${capacity}`);
  }
  if (capacity <= 0) return null;
  const magnitude = BigInt(Math.abs(price));
  const divisor = BigInt(capacity);
  // Half up on the magnitude: floor((2·|price| + capacity) / (2·capacity)).
  const rounded = Number((2n * magnitude + divisor) / (2n * divisor));
  return price < 0 && rounded !== 0 ? -rounded : rounded;
}
