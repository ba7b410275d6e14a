import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DocumentDateRequirement,
  type DocumentPaymentRequirement,
  type DocumentRegistration,
  documentAvailability,
} from "../src/index.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const PAST_START = "2026-11-16T08:00:00Z";
const PAST_END = "2026-11-20T15:00:00Z";
const FUTURE_START = "2026-12-21T08:00:00Z";
const FUTURE_END = "2026-12-24T15:00:00Z";

function registration(overrides: Partial<DocumentRegistration> = {}): DocumentRegistration {
  return {
    cancelled: false,
    deposit_amount: 5_000,
    total_amount: 16_500,
    paid_amount: 16_500,
    availability: { start_at: PAST_START, end_at: PAST_END },
    ...overrides,
  };
}

const none = { payment_requirement: null, date_requirement: null } as const;

describe("documentAvailability", () => {
  it("is available without requirements, whatever is paid and whenever", () => {
    expect(
      documentAvailability(
        none,
        registration({
          paid_amount: 0,
          availability: { start_at: FUTURE_START, end_at: FUTURE_END },
        }),
        NOW,
      ),
    ).toEqual({ state: "AVAILABLE" });
  });

  it("gives nothing for a cancelled registration, even when everything else is met", () => {
    expect(documentAvailability(none, registration({ cancelled: true }), NOW)).toEqual({
      state: "CANCELLED",
    });
    expect(
      documentAvailability(
        { payment_requirement: "TOTAL", date_requirement: "AVAILABILITY_END" },
        registration({ cancelled: true, paid_amount: 0 }),
        NOW,
      ),
    ).toEqual({ state: "CANCELLED" });
  });

  describe("payment requirement", () => {
    it("DEPOSIT is met once the deposit is paid, and owes the rest of the deposit before", () => {
      const requirements = { payment_requirement: "DEPOSIT", date_requirement: null } as const;
      expect(documentAvailability(requirements, registration({ paid_amount: 5_000 }), NOW)).toEqual(
        { state: "AVAILABLE" },
      );
      expect(documentAvailability(requirements, registration({ paid_amount: 1_500 }), NOW)).toEqual(
        { state: "UNAVAILABLE", amount_owed: 3_500, available_from: null },
      );
    });

    it("DEPOSIT of a registration without deposit is always met", () => {
      const result = documentAvailability(
        { payment_requirement: "DEPOSIT", date_requirement: null },
        registration({ deposit_amount: 0, paid_amount: 0 }),
        NOW,
      );
      expect(result).toEqual({ state: "AVAILABLE" });
    });

    it("TOTAL is met once the total is paid (or more), and owes the rest of the total before", () => {
      const requirements = { payment_requirement: "TOTAL", date_requirement: null } as const;
      expect(
        documentAvailability(requirements, registration({ paid_amount: 16_500 }), NOW),
      ).toEqual({ state: "AVAILABLE" });
      expect(
        documentAvailability(requirements, registration({ paid_amount: 20_000 }), NOW),
      ).toEqual({ state: "AVAILABLE" });
      expect(documentAvailability(requirements, registration({ paid_amount: 5_000 }), NOW)).toEqual(
        { state: "UNAVAILABLE", amount_owed: 11_500, available_from: null },
      );
    });

    it("TOTAL of a free registration is met", () => {
      const result = documentAvailability(
        { payment_requirement: "TOTAL", date_requirement: null },
        registration({ total_amount: 0, deposit_amount: 0, paid_amount: 0 }),
        NOW,
      );
      expect(result).toEqual({ state: "AVAILABLE" });
    });
  });

  describe("date requirement", () => {
    const future = registration({ availability: { start_at: FUTURE_START, end_at: FUTURE_END } });

    it("AVAILABILITY_START is reached once the availability has started", () => {
      const requirements = {
        payment_requirement: null,
        date_requirement: "AVAILABILITY_START",
      } as const;
      expect(documentAvailability(requirements, registration(), NOW)).toEqual({
        state: "AVAILABLE",
      });
      expect(documentAvailability(requirements, future, NOW)).toEqual({
        state: "UNAVAILABLE",
        amount_owed: null,
        available_from: new Date(FUTURE_START),
      });
    });

    it("AVAILABILITY_END waits for the end even when the availability has started", () => {
      const requirements = {
        payment_requirement: null,
        date_requirement: "AVAILABILITY_END",
      } as const;
      const running = registration({
        availability: { start_at: "2026-11-20T08:00:00Z", end_at: "2026-11-24T15:00:00Z" },
      });
      expect(documentAvailability(requirements, running, NOW)).toEqual({
        state: "UNAVAILABLE",
        amount_owed: null,
        available_from: new Date("2026-11-24T15:00:00Z"),
      });
      expect(documentAvailability(requirements, registration(), NOW)).toEqual({
        state: "AVAILABLE",
      });
    });

    it("an instant that is exactly now counts as reached", () => {
      const requirements = {
        payment_requirement: null,
        date_requirement: "AVAILABILITY_END",
      } as const;
      const ending = registration({
        availability: { start_at: PAST_START, end_at: NOW.toISOString() },
      });
      expect(documentAvailability(requirements, ending, NOW)).toEqual({ state: "AVAILABLE" });
      const later = new Date(NOW.getTime() - 1);
      expect(documentAvailability(requirements, ending, later)).toMatchObject({
        state: "UNAVAILABLE",
        available_from: NOW,
      });
    });
  });

  it("gives both the amount owed and the date when both stand in the way", () => {
    const result = documentAvailability(
      { payment_requirement: "TOTAL", date_requirement: "AVAILABILITY_START" },
      registration({
        paid_amount: 5_000,
        availability: { start_at: FUTURE_START, end_at: FUTURE_END },
      }),
      NOW,
    );
    expect(result).toEqual({
      state: "UNAVAILABLE",
      amount_owed: 11_500,
      available_from: new Date(FUTURE_START),
    });
  });

  it("is available exactly when both requirements are met (property)", () => {
    const payments = fc.constantFrom<DocumentPaymentRequirement | null>("DEPOSIT", "TOTAL", null);
    const dates = fc.constantFrom<DocumentDateRequirement | null>(
      "AVAILABILITY_START",
      "AVAILABILITY_END",
      null,
    );
    fc.assert(
      fc.property(
        payments,
        dates,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: 0, max: 10 }),
        (payment, date, deposit, extra, paid, startOffset, length) => {
          const total = deposit + extra;
          const start = new Date(NOW.getTime() + startOffset * 86_400_000);
          const end = new Date(start.getTime() + length * 86_400_000);
          const result = documentAvailability(
            { payment_requirement: payment, date_requirement: date },
            registration({
              deposit_amount: deposit,
              total_amount: total,
              paid_amount: paid,
              availability: { start_at: start, end_at: end },
            }),
            NOW,
          );
          const required = payment === "DEPOSIT" ? deposit : payment === "TOTAL" ? total : 0;
          const at =
            date === "AVAILABILITY_START" ? start : date === "AVAILABILITY_END" ? end : null;
          const paidEnough = paid >= required;
          const reached = at === null || at.getTime() <= NOW.getTime();
          if (paidEnough && reached) {
            expect(result).toEqual({ state: "AVAILABLE" });
          } else {
            expect(result).toEqual({
              state: "UNAVAILABLE",
              amount_owed: paidEnough ? null : required - paid,
              available_from: reached ? null : at,
            });
          }
        },
      ),
    );
  });
});
