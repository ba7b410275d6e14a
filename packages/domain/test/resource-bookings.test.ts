import { describe, expect, it } from "vitest";
import {
  bookingPeriodCheck,
  bookingShareAmountDue,
  bookingShares,
  maskEmail,
} from "../src/resource-bookings.ts";

const now = new Date("2026-11-27T10:00:00Z");
const start = new Date("2026-11-28T09:00:00Z");
const hour = (h: number) => new Date(start.getTime() + h * 3_600_000);
const slot = {
  start_at: start,
  prices: [
    { duration: 3600, amount: 2000 },
    { duration: 7200, amount: 3600 },
  ],
};
const check = (overrides: Partial<Parameters<typeof bookingPeriodCheck>[0]> = {}) =>
  bookingPeriodCheck({
    start_at: start,
    end_at: hour(1),
    slot,
    rules: { days_ahead: null },
    closures: [],
    now,
    ...overrides,
  });

describe("bookingPeriodCheck", () => {
  it("prices a period by its slot's duration", () => {
    expect(check()).toEqual({ refusal: null, price: { duration: 3600, amount: 2000 } });
    expect(check({ end_at: hour(2) }).price).toEqual({ duration: 7200, amount: 3600 });
  });

  it("refuses what is not a slot, not one of its durations, past, too far or closed", () => {
    expect(check({ slot: null }).refusal).toBe("BOOKING_SLOT_NOT_FOUND");
    expect(check({ start_at: hour(0.5), end_at: hour(1.5) }).refusal).toBe(
      "BOOKING_SLOT_NOT_FOUND",
    );
    expect(check({ end_at: hour(1.5) }).refusal).toBe("BOOKING_PRICE_MISMATCH");
    expect(check({ now: hour(0) }).refusal).toBe("BOOKING_IN_PAST");
    expect(check({ rules: { days_ahead: 0 } }).refusal).toBe("BOOKING_TOO_FAR_AHEAD");
    expect(check({ rules: { days_ahead: 1 } }).refusal).toBeNull();
    expect(check({ closures: [{ start_at: hour(0.5), end_at: hour(3) }] }).refusal).toBe(
      "BOOKING_RESOURCE_CLOSED",
    );
    // A closure that ends when the booking starts does not overlap it.
    expect(check({ closures: [{ start_at: hour(-2), end_at: hour(0) }] }).refusal).toBeNull();
  });
});

describe("bookingShares", () => {
  it("puts the whole price on the booker unless split, then equal shares summing to it", () => {
    expect(bookingShares(2000, 2, false)).toEqual([2000, 0]);
    expect(bookingShares(2000, 2, true)).toEqual([1000, 1000]);
    expect(bookingShares(1000, 3, true)).toEqual([334, 333, 333]);
    expect(bookingShares(0, 1, true)).toEqual([0]);
    expect(bookingShares(500, 0, true)).toEqual([]);
  });

  it("owes what is left of a share, never below 0", () => {
    expect(bookingShareAmountDue({ total: 1000, paid: 400 })).toBe(600);
    expect(bookingShareAmountDue({ total: 1000, paid: 1200 })).toBe(0);
  });
});

describe("maskEmail", () => {
  it("keeps the first letters and the domain's ending only", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j•••@e•••.com");
    expect(maskEmail("x@localhost")).toBe("x•••@l•••");
    expect(maskEmail("not-an-email")).toBe("•••");
  });
});
