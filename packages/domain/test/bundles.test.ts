import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundlePricePerRegistration } from "../src/index.ts";

describe("bundlePricePerRegistration", () => {
  it.each([
    [10000, 10, 1000],
    [1000, 3, 333], // 333.33…
    [2000, 3, 667], // 666.66…
    [1001, 2, 501], // 500.5 → half up
    [1003, 2, 502], // 501.5 → half up
    [5, 10, 1], // 0.5 → 1
    [4, 10, 0], // 0.4 → 0
    [1, 3, 0],
    [0, 5, 0],
    [999, 1, 999],
    [Number.MAX_SAFE_INTEGER, 2, 4503599627370496],
    [-1001, 2, -501], // half away from zero for a (never expected) negative price
    [-4, 10, 0],
  ])("%d / %d → %d", (price, capacity, expected) => {
    const result = bundlePricePerRegistration(price, capacity);
    expect(result).toBe(expected);
    expect(Object.is(result, -0)).toBe(false);
  });

  it.each([
    [1000, null],
    [1000, 0],
    [1000, -2],
    [0, null],
  ] as [number, number | null][])("%d with capacity %j → null", (price, capacity) => {
    expect(bundlePricePerRegistration(price, capacity)).toBeNull();
  });

  it.each([
    [10.5, 2],
    [Number.NaN, 2],
    [Number.POSITIVE_INFINITY, 2],
    [1000, 2.5],
    [1000, Number.NaN],
  ])("rejects price %d with capacity %d", (price, capacity) => {
    expect(() => bundlePricePerRegistration(price, capacity)).toThrow(RangeError);
  });

  it("is within half a unit of the exact quotient, ties up (property)", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.integer({ min: 1, max: 1000 }), (price, cap) => {
        const result = bundlePricePerRegistration(price, cap)!;
        expect(Number.isInteger(result)).toBe(true);
        // 2·|result·cap − price| ≤ cap, and on an exact tie the result is above the quotient.
        const twiceError = 2 * (result * cap - price);
        expect(twiceError).toBeLessThanOrEqual(cap);
        expect(twiceError).toBeGreaterThan(-cap);
      }),
    );
  });
});
