import { describe, expect, it } from "vitest";
import { PAYMENT_DELAY_DAYS, paymentDueDay } from "../src/payment-deadline.ts";

const BRUSSELS = "Europe/Brussels";

describe("paymentDueDay (bank transfer deadline of an order)", () => {
  it("gives the spec's 30 days from the day the order was placed", () => {
    expect(PAYMENT_DELAY_DAYS).toBe(30);
    expect(paymentDueDay("2026-11-27T10:00:00Z", null, BRUSSELS)).toBe("2026-12-27");
    expect(paymentDueDay("2026-11-27T10:00:00Z", "2027-03-01T08:00:00Z", BRUSSELS)).toBe(
      "2026-12-27",
    );
  });

  it("counts days in the organiser's time zone", () => {
    // 23:30 UTC on 27 November is already 28 November in Brussels.
    expect(paymentDueDay("2026-11-27T23:30:00Z", null, BRUSSELS)).toBe("2026-12-28");
    expect(paymentDueDay("2026-11-27T23:30:00Z", null, "UTC")).toBe("2026-12-27");
  });

  it("is due the day before the first activity starts when that comes first", () => {
    expect(paymentDueDay("2026-11-27T10:00:00Z", "2026-12-07T08:00:00Z", BRUSSELS)).toBe(
      "2026-12-06",
    );
  });

  it("is never before the day the order was placed", () => {
    expect(paymentDueDay("2026-11-27T07:00:00Z", "2026-11-27T13:00:00Z", BRUSSELS)).toBe(
      "2026-11-27",
    );
    expect(paymentDueDay("2026-11-27T10:00:00Z", "2026-11-28T08:00:00Z", BRUSSELS)).toBe(
      "2026-11-27",
    );
  });
});
