import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateLargestRemainder,
  divideHalfAwayFromZero,
  fractionOf,
  percentageOf,
  toBasisPoints,
} from "../src/index.ts";

describe("toBasisPoints", () => {
  it.each([
    [0, 0],
    [12.5, 1250],
    ["12.50", 1250],
    [" 7 ", 700],
    [12.34, 1234],
    [0.01, 1],
    [100, 10000],
    [999.99, 99999],
  ] as [number | string, number][])("%j → %d", (percentage, expected) => {
    expect(toBasisPoints(percentage)).toBe(expected);
  });

  it.each([-1, 1.234, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, 1e21, "abc", "", "1,5"])(
    "%j throws RangeError",
    (percentage) => {
      expect(() => toBasisPoints(percentage)).toThrow(RangeError);
    },
  );
});

describe("divideHalfAwayFromZero", () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [7n, 2n, 4n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [-5n, 3n, -2n],
    [1n, 3n, 0n],
    [0n, 5n, 0n],
  ])("%d / %d → %d", (numerator, denominator, expected) => {
    expect(divideHalfAwayFromZero(numerator, denominator)).toBe(expected);
  });

  it("rejects a denominator that is not positive", () => {
    expect(() => divideHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
    expect(() => divideHalfAwayFromZero(1n, -2n)).toThrow(RangeError);
  });
});

describe("percentageOf and fractionOf", () => {
  it.each([
    [333, 12.5, 42], // 41.625
    [1, 50, 1], // 0.5 → 1
    [1, 49.99, 0], // 0.4999
    [1000, 33.33, 333], // 333.3
    [999, 50, 500], // 499.5
    [50, 1, 1], // 0.5
    [49, 1, 0], // 0.49
    [10000, 0.01, 1],
    [0, 50, 0],
    [1234, 100, 1234],
    [1234, 0, 0],
  ])("%d × %d %% → %d", (amount, percentage, expected) => {
    expect(percentageOf(amount, percentage)).toBe(expected);
  });

  it.each([
    [1000, 1, 3, 333],
    [1000, 2, 3, 667],
    [2000, 1, 3, 667],
    [1001, 1, 2, 501],
    [1000, 3, 3, 1000],
  ])("%d × %d / %d → %d", (amount, numerator, denominator, expected) => {
    expect(fractionOf(amount, numerator, denominator)).toBe(expected);
  });

  it("stays exact beyond float precision", () => {
    // 9007199254740991 × 50 % = 4503599627370495.5 → 4503599627370496
    expect(percentageOf(Number.MAX_SAFE_INTEGER, 50)).toBe(4503599627370496);
  });
});

describe("allocateLargestRemainder", () => {
  it.each([
    [10, [1, 1, 1], [4, 3, 3]],
    [100, [1, 2, 3], [17, 33, 50]], // 16.67, 33.33, 50
    [7, [3000, 2000, 1000], [4, 2, 1]], // 3.5, 2.33, 1.17
    [3, [1, 1], [2, 1]], // tie → earlier first
    [100, [1000, 1000, 1000], [34, 33, 33]],
    [5, [0, 0, 10], [0, 0, 5]],
    [0, [5, 7], [0, 0]],
    [0, [0, 0], [0, 0]],
    [0, [], []],
    [800, [1000, 5000, 2000], [100, 500, 200]],
  ])("%d over %j → %j", (total, weights, expected) => {
    expect(allocateLargestRemainder(total, weights)).toEqual(expected);
  });

  it("rejects a positive total over zero weights and negative input", () => {
    expect(() => allocateLargestRemainder(1, [0, 0])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(-1, [1])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(1, [2, -1])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(1, [1.5])).toThrow(RangeError);
  });

  it("parts sum to the total and, for a total up to Σweights, stay within their weight", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * fraction);
          const parts = allocateLargestRemainder(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[index] as number);
            // Proportional within one unit.
            if (sum > 0)
              expect(Math.abs(part - (total * (weights[index] as number)) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
