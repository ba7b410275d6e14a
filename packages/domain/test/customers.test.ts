import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ageInYears,
  birthdateRangeForAges,
  type CustomDataEntry,
  MAX_WALLET_BALANCE,
  mergeCustomData,
  walletAdjustment,
} from "../src/index.ts";

describe("mergeCustomData", () => {
  const entry = (field_id: number, data: string | null): CustomDataEntry => ({ field_id, data });

  it("keeps every value of the target and fills its gaps from the source", () => {
    const target = [entry(1, "Target"), entry(2, null), entry(3, "  ")];
    const source = [entry(1, "Source"), entry(2, "From source"), entry(3, "Also"), entry(4, "New")];
    expect(mergeCustomData(target, source)).toEqual([
      entry(1, "Target"),
      entry(2, "From source"),
      entry(3, "Also"),
      entry(4, "New"),
    ]);
  });

  it("leaves an empty target value empty when the source has nothing either", () => {
    expect(mergeCustomData([entry(1, null)], [entry(1, " "), entry(2, null)])).toEqual([
      entry(1, null),
    ]);
  });

  it("never loses a filled value of either side and never duplicates a field", () => {
    const entries = fc.array(
      fc.record({ field_id: fc.integer({ min: 1, max: 6 }), data: fc.option(fc.string()) }),
      { maxLength: 6 },
    );
    const unique = (list: CustomDataEntry[]) =>
      list.filter((item, index) => list.findIndex((x) => x.field_id === item.field_id) === index);
    fc.assert(
      fc.property(entries, entries, (rawTarget, rawSource) => {
        const target = unique(rawTarget);
        const source = unique(rawSource);
        const merged = mergeCustomData(target, source);
        const ids = merged.map((item) => item.field_id);
        expect(new Set(ids).size).toBe(ids.length);
        const filled = (item?: CustomDataEntry) => (item?.data ?? "").trim() !== "";
        for (const item of target) {
          if (filled(item)) expect(merged).toContainEqual(item);
        }
        for (const item of source) {
          const kept = merged.find((x) => x.field_id === item.field_id);
          if (filled(item)) expect(filled(kept)).toBe(true);
        }
      }),
    );
  });
});

describe("birthdateRangeForAges", () => {
  it("turns an age range into the birthdates of that age today", () => {
    expect(birthdateRangeForAges({ min: 6, max: 8 }, "2025-09-01")).toEqual({
      from: "2016-09-02",
      to: "2019-09-01",
    });
    expect(birthdateRangeForAges({ min: 12 }, "2025-09-01")).toEqual({
      from: null,
      to: "2013-09-01",
    });
    expect(birthdateRangeForAges({}, "2025-09-01")).toEqual({ from: null, to: null });
  });

  it("handles 29 February on either side", () => {
    expect(birthdateRangeForAges({ min: 1, max: 1 }, "2024-02-29")).toEqual({
      from: "2022-03-01",
      to: "2023-02-28",
    });
    expect(birthdateRangeForAges({ min: 1 }, "2025-02-28").to).toBe("2024-02-28");
  });

  it("admits exactly the birthdates whose age in years is within the range", () => {
    const day = fc
      .date({ min: new Date("1990-01-01"), max: new Date("2040-12-31"), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        day,
        day,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (birthdate, today, a, b) => {
          fc.pre(birthdate <= today);
          const min = Math.min(a, b);
          const max = Math.max(a, b);
          const { from, to } = birthdateRangeForAges({ min, max }, today);
          const age = ageInYears(birthdate, new Date(`${today}T12:00:00Z`), "UTC");
          const inRange = birthdate >= from! && birthdate <= to!;
          expect(inRange).toBe(age >= min && age <= max);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("walletAdjustment", () => {
  it("credits and debits the wallet", () => {
    expect(walletAdjustment({ wallet: 1000, direction: "CREDIT", amount: 250 })).toEqual({
      ok: true,
      movement: 250,
      wallet: 1250,
    });
    expect(walletAdjustment({ wallet: 1000, direction: "DEBIT", amount: 1000 })).toEqual({
      ok: true,
      movement: -1000,
      wallet: 0,
    });
  });

  it("refuses a debit beyond the wallet", () => {
    expect(walletAdjustment({ wallet: 999, direction: "DEBIT", amount: 1000 })).toEqual({
      ok: false,
      code: "INSUFFICIENT_WALLET_AMOUNT",
    });
  });

  it("refuses a credit that would take the wallet above its ceiling, whatever it holds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_WALLET_BALANCE }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        (wallet, amount) => {
          const change = walletAdjustment({ wallet, direction: "CREDIT", amount });
          if (wallet + amount > MAX_WALLET_BALANCE) {
            expect(change).toEqual({ ok: false, code: "WALLET_LIMIT_REACHED" });
          } else {
            expect(change).toEqual({ ok: true, movement: amount, wallet: wallet + amount });
          }
        },
      ),
    );
    expect(MAX_WALLET_BALANCE).toBeLessThan(2 ** 31);
  });

  it("throws on an amount that is not a positive whole number", () => {
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      expect(() => walletAdjustment({ wallet: 10, direction: "CREDIT", amount })).toThrow(
        RangeError,
      );
    }
  });
});
