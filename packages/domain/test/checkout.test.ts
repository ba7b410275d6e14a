import { describe, expect, it } from "vitest";
import {
  expiryOf,
  isVoucherCode,
  membershipPeriod,
  VOUCHER_CODE_ALPHABET,
  voucherCode,
} from "../src/checkout.ts";

describe("voucherCode", () => {
  it("draws 10 characters of the unambiguous alphabet", () => {
    let index = 0;
    const code = voucherCode((size) => index++ % size);
    expect(code).toBe("ABCDEFGHJK");
    expect(isVoucherCode(code)).toBe(true);
    expect(voucherCode((size) => size - 1)).toBe("9999999999");
    for (const ambiguous of ["0", "O", "1", "I", "L"]) {
      expect(VOUCHER_CODE_ALPHABET).not.toContain(ambiguous);
    }
    expect(isVoucherCode("ABCDEFGHJ0")).toBe(false);
    expect(isVoucherCode("ABCDEFGHJ")).toBe(false);
  });
});

describe("expiryOf", () => {
  const now = new Date("2026-03-01T10:00:00Z");
  it("takes the earlier of the duration and the fixed end, null when neither", () => {
    expect(expiryOf(now, null)).toBeNull();
    expect(expiryOf(now, 3600)).toEqual(new Date("2026-03-01T11:00:00Z"));
    const fixed = new Date("2026-03-01T10:30:00Z");
    expect(expiryOf(now, 3600, fixed)).toEqual(fixed);
    expect(expiryOf(now, 60, fixed)).toEqual(new Date("2026-03-01T10:01:00Z"));
    expect(expiryOf(now, null, fixed)).toEqual(fixed);
  });
});

describe("membershipPeriod", () => {
  it("keeps a FIXED period whenever it is bought", () => {
    const fixed = {
      period_type: "FIXED" as const,
      fixed_start_at: new Date("2026-09-01T00:00:00Z"),
      fixed_end_at: new Date("2027-06-30T00:00:00Z"),
    };
    expect(membershipPeriod(fixed, new Date("2026-10-15T00:00:00Z"))).toEqual({
      start_at: fixed.fixed_start_at,
      end_at: fixed.fixed_end_at,
    });
  });

  it("starts a ROLLING period now, in calendar units", () => {
    const now = new Date("2026-01-31T09:00:00Z");
    const rolling = (
      rolling_type: "days" | "weeks" | "months" | "years",
      rolling_duration: number,
    ) => membershipPeriod({ period_type: "ROLLING", rolling_type, rolling_duration }, now).end_at;
    expect(rolling("days", 10)).toEqual(new Date("2026-02-10T09:00:00Z"));
    expect(rolling("weeks", 2)).toEqual(new Date("2026-02-14T09:00:00Z"));
    expect(rolling("months", 1)).toEqual(new Date("2026-02-28T09:00:00Z"));
    expect(rolling("months", 13)).toEqual(new Date("2027-02-28T09:00:00Z"));
    expect(rolling("years", 1)).toEqual(new Date("2027-01-31T09:00:00Z"));
    expect(() => rolling("days", 0)).toThrow(RangeError);
  });
});
