import { describe, expect, it } from "vitest";
import { balanceText, followsOn, periodsOverlap } from "../../src/index.ts";

describe("periodsOverlap", () => {
  const day = (date: string, numbered = true) => ({ from: date, to: date, numbered });

  it("tells a monthly statement over a daily one", () => {
    const month = { from: "2026-11-01", to: "2026-11-30", numbered: true };
    expect(periodsOverlap(month, day("2026-11-20"))).toBe(true);
    expect(periodsOverlap(day("2026-11-20"), month)).toBe(true);
  });

  it("lets numbered statements of one day, and consecutive periods, follow each other", () => {
    expect(periodsOverlap(day("2026-11-20"), day("2026-11-20"))).toBe(false);
    const first = { from: "2026-11-01", to: "2026-11-15", numbered: true };
    const second = { from: "2026-11-15", to: "2026-11-30", numbered: true };
    expect(periodsOverlap(first, second)).toBe(false);
  });

  it("flags two statements of one day when one has no number to tell them apart", () => {
    expect(periodsOverlap(day("2026-11-20", false), day("2026-11-20"))).toBe(true);
  });
});

describe("followsOn", () => {
  it("compares balances exactly, third decimals included, and knows nothing without them", () => {
    expect(
      followsOn({ amount: 10000, exactAmount: null }, { amount: 10000, exactAmount: null }, "EUR"),
    ).toBe(true);
    expect(
      followsOn(
        { amount: 10000, exactAmount: "100.005" },
        { amount: 10000, exactAmount: null },
        "EUR",
      ),
    ).toBe(false);
    expect(followsOn(null, { amount: 0, exactAmount: null }, "EUR")).toBeNull();
  });

  it("writes a balance exactly with its currency", () => {
    expect(balanceText({ amount: -15000, exactAmount: null }, "EUR")).toBe("-150.00 EUR");
    expect(balanceText({ amount: 68792, exactAmount: "687.925" }, "EUR")).toBe("687.925 EUR");
    expect(balanceText({ amount: 1500, exactAmount: null }, "JPY")).toBe("1500 JPY");
  });
});
