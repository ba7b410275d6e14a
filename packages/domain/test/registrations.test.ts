import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type PaymentAmounts,
  type PaymentBadge,
  type PlacePricing,
  paymentBadge,
  priceRegistrationEdit,
  REVIEW_SCORES,
  type RegistrationBadgeInput,
  type RegistrationListBadge,
  type RegistrationState,
  registrationActions,
  registrationListBadges,
  registrationStart,
  reviewVisibility,
} from "../src/index.ts";

const NOW = new Date("2026-06-15T10:00:00.000Z");
const at = (hours: number) => new Date(NOW.getTime() + hours * 3600_000);

describe("paymentBadge", () => {
  it.each<[string, PaymentAmounts, PaymentBadge | null]>([
    ["nothing to pay", { total: 0, paid: 0, deposit: 0 }, null],
    ["nothing to pay, something paid", { total: 0, paid: 500 }, null],
    ["paid in full", { total: 1000, paid: 1000, deposit: 300 }, { kind: "complete" }],
    ["paid more than the total", { total: 1000, paid: 1200 }, { kind: "complete" }],
    [
      "deposit paid",
      { total: 1000, paid: 300, deposit: 300 },
      { kind: "deposited", outstanding: 700 },
    ],
    [
      "more than the deposit",
      { total: 1000, paid: 600, deposit: 300 },
      { kind: "deposited", outstanding: 400 },
    ],
    [
      "below the deposit",
      { total: 1000, paid: 299, deposit: 300 },
      { kind: "outstanding", outstanding: 701 },
    ],
    [
      "nothing paid, deposit asked",
      { total: 1000, paid: 0, deposit: 300 },
      { kind: "outstanding", outstanding: 1000 },
    ],
    [
      "no deposit (type without one): outstanding until paid in full",
      { total: 1000, paid: 600 },
      { kind: "outstanding", outstanding: 400 },
    ],
    [
      "a deposit of 0 is no deposit",
      { total: 1000, paid: 0, deposit: 0 },
      { kind: "outstanding", outstanding: 1000 },
    ],
    [
      "deposit null is no deposit",
      { total: 1000, paid: 10, deposit: null },
      { kind: "outstanding", outstanding: 990 },
    ],
  ])("%s", (_name, amounts, expected) => {
    expect(paymentBadge(amounts)).toEqual(expected);
  });

  it("outstanding is always total − paid, above 0 and at most the total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (total, paid, deposit) => {
          const badge = paymentBadge({ total, paid, deposit: Math.min(deposit, total) });
          if (paid >= total) {
            expect(badge).toEqual({ kind: "complete" });
            return;
          }
          expect(badge).not.toBeNull();
          expect(badge!.kind).not.toBe("complete");
          const { outstanding } = badge as { outstanding: number };
          expect(outstanding).toBe(total - paid);
          expect(outstanding).toBeGreaterThan(0);
          expect(outstanding).toBeLessThanOrEqual(total);
        },
      ),
    );
  });
});

describe("registrationListBadges", () => {
  const base: RegistrationBadgeInput = {
    total_amount: 1000,
    paid_amount: 0,
    cancelled: false,
    bundle_id: null,
  };
  it.each<[string, Partial<RegistrationBadgeInput>, RegistrationListBadge[]]>([
    ["outstanding (yellow) when total is above paid", {}, ["outstanding"]],
    ["outstanding with a deposit paid", { paid_amount: 300 }, ["outstanding"]],
    ["complete (green) when paid", { paid_amount: 1000 }, ["complete"]],
    ["complete when overpaid", { paid_amount: 1500 }, ["complete"]],
    ["nothing when the total is 0", { total_amount: 0 }, []],
    ["cancelled (red), without payment badge", { cancelled: true }, ["cancelled"]],
    ["cancelled and paid: cancelled only", { cancelled: true, paid_amount: 1000 }, ["cancelled"]],
    ["bundle (blue) when a bundle paid", { total_amount: 0, bundle_id: 7 }, ["bundle"]],
    [
      "bundle with options still owed",
      { total_amount: 500, bundle_id: 7 },
      ["outstanding", "bundle"],
    ],
    ["cancelled bundle registration", { cancelled: true, bundle_id: 7 }, ["cancelled", "bundle"]],
  ])("%s", (_name, overrides, expected) => {
    expect(registrationListBadges({ ...base, ...overrides })).toEqual(expected);
  });
});

describe("registrationStart", () => {
  it("is the first registered date, whatever the order", () => {
    expect(
      registrationStart([{ start_at: at(48) }, { start_at: at(24) }, { start_at: at(72) }], at(1)),
    ).toEqual(at(24));
  });
  it("is the availability's start without dates", () => {
    expect(registrationStart([], "2026-07-01T08:00:00Z")).toEqual(new Date("2026-07-01T08:00:00Z"));
  });
});

describe("registrationActions", () => {
  const state = (overrides: Partial<RegistrationState> = {}): RegistrationState => ({
    cancelled: false,
    registered_dates: [{ start_at: at(24) }, { start_at: at(48) }],
    availability_dates: [{ start_at: at(24) }, { start_at: at(48) }, { start_at: at(72) }],
    availability_start_at: at(24),
    ...overrides,
  });

  it("allows the cancel and the edit before the start, not the review yet", () => {
    expect(registrationActions(state(), NOW)).toEqual({
      cancel: null,
      edit: null,
      review: "not_started",
    });
  });

  it("allows the review from the first registered date's start (exactly now included)", () => {
    expect(registrationActions(state({ registered_dates: [{ start_at: NOW }] }), NOW).review).toBe(
      null,
    );
    expect(
      registrationActions(state({ registered_dates: [{ start_at: at(0.01) }] }), NOW).review,
    ).toBe("not_started");
    expect(
      registrationActions(state({ registered_dates: [], availability_start_at: at(-1) }), NOW)
        .review,
    ).toBe(null);
  });

  it("refuses everything once cancelled", () => {
    expect(registrationActions(state({ cancelled: true }), NOW)).toEqual({
      cancel: "cancelled",
      edit: "cancelled",
      review: "cancelled",
    });
  });

  it("refuses the cancel once the first registered date has started (exactly now included)", () => {
    expect(registrationActions(state({ registered_dates: [{ start_at: NOW }] }), NOW).cancel).toBe(
      "started",
    );
    expect(
      registrationActions(
        state({ registered_dates: [{ start_at: at(-1) }, { start_at: at(5) }] }),
        NOW,
      ).cancel,
    ).toBe("started");
    expect(
      registrationActions(state({ registered_dates: [{ start_at: at(0.01) }] }), NOW).cancel,
    ).toBeNull();
  });

  it("uses the availability's start for a registration without dates", () => {
    expect(
      registrationActions(state({ registered_dates: [], availability_start_at: at(-2) }), NOW)
        .cancel,
    ).toBe("started");
  });

  it("keeps the edit while a date of the availability is ahead, even once started", () => {
    const started = state({
      registered_dates: [{ start_at: at(-24) }],
      availability_dates: [{ start_at: at(-24) }, { start_at: at(24) }],
    });
    expect(registrationActions(started, NOW)).toEqual({
      cancel: "started",
      edit: null,
      review: null,
    });
  });

  it("refuses the edit once every date has started", () => {
    const ended = state({
      registered_dates: [{ start_at: at(-48) }],
      availability_dates: [{ start_at: at(-48) }, { start_at: NOW }],
    });
    expect(registrationActions(ended, NOW)).toEqual({
      cancel: "started",
      edit: "ended",
      review: null,
    });
    expect(registrationActions(state({ availability_dates: [] }), NOW).edit).toBe("ended");
  });
});

describe("reviews", () => {
  it("offers the scores from 5 down to 1", () => {
    expect(REVIEW_SCORES).toEqual([5, 4, 3, 2, 1]);
  });
  it("is public by default and unlocked for a new review", () => {
    expect(reviewVisibility(null)).toEqual({ public: true, locked: false });
  });
  it("is the opposite of private and locked for an existing one", () => {
    expect(reviewVisibility({ private: true })).toEqual({ public: false, locked: true });
    expect(reviewVisibility({ private: false })).toEqual({ public: true, locked: true });
  });
});

describe("priceRegistrationEdit", () => {
  const whole: PlacePricing = {
    price: 12_000,
    deposit: 3_000,
    dates: null,
    partial: null,
    options: [],
  };
  const partial: PlacePricing = {
    price: 10_000,
    deposit: 2_000,
    dates: { chosen: 5, selectable: 5 },
    partial: {},
    options: [],
  };

  it("changes nothing when nothing that is priced changes", () => {
    expect(
      priceRegistrationEdit({
        total: 12_000,
        place: whole,
        covered: false,
        chosenDates: 2,
        options: [],
      }),
    ).toEqual({ total: 12_000, deposit: 3_000, difference: 0, place: whole });
  });

  it("sells a place whole whatever its dates without partial registration", () => {
    const result = priceRegistrationEdit({
      total: 12_000,
      place: whole,
      covered: false,
      chosenDates: 1,
      options: [],
    });
    expect(result.total).toBe(12_000);
  });

  it("prorates the dates with partial registration (k of the n selectable when bought)", () => {
    const fewer = priceRegistrationEdit({
      total: 10_000,
      place: partial,
      covered: false,
      chosenDates: 3,
      options: [],
    });
    expect(fewer).toEqual({
      total: 6_000,
      deposit: 2_000,
      difference: -4_000,
      place: { ...partial, dates: { chosen: 3, selectable: 5 } },
    });
    // Back to all five from three: the full price again.
    const back = priceRegistrationEdit({
      total: fewer.total,
      place: fewer.place,
      covered: false,
      chosenDates: 5,
      options: [],
    });
    expect(back.total).toBe(10_000);
  });

  it("prices more dates than were selectable when bought as all of them", () => {
    const result = priceRegistrationEdit({
      total: 10_000,
      place: partial,
      covered: false,
      chosenDates: 6,
      options: [],
    });
    expect(result.total).toBe(10_000);
    expect(result.place.dates).toEqual({ chosen: 6, selectable: 6 });
  });

  it("keeps the discounts received: only the difference moves the total", () => {
    // Bought at 12 000 with a 10 % coupon share: 10 800. An option of 1 500 is added.
    const result = priceRegistrationEdit({
      total: 10_800,
      place: whole,
      covered: false,
      chosenDates: 1,
      options: [{ amount: 1_500 }],
    });
    expect(result.total).toBe(12_300);
    expect(result.difference).toBe(1_500);
    // Taken off again: back to what was paid for the place.
    const removed = priceRegistrationEdit({
      total: result.total,
      place: result.place,
      covered: false,
      chosenDates: 1,
      options: [],
    });
    expect(removed.total).toBe(10_800);
  });

  it("prices a percentage option on the place price after proration", () => {
    const result = priceRegistrationEdit({
      total: 10_000,
      place: partial,
      covered: false,
      chosenDates: 4,
      options: [{ percentage: "10" }],
    });
    // 10 000 × 4 / 5 = 8 000, + 10 % = 8 800.
    expect(result.total).toBe(8_800);
  });

  it("keeps a bundle's coverage: only options are due", () => {
    const result = priceRegistrationEdit({
      total: 0,
      place: partial,
      covered: true,
      chosenDates: 2,
      options: [{ amount: 700 }],
    });
    expect(result.total).toBe(700);
    expect(result.deposit).toBe(700);
  });

  it("never goes below 0 and keeps the deposit within the total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 3 }),
        fc.boolean(),
        (total, selectable, chosen, amounts, covered) => {
          const place: PlacePricing = {
            price: 10_000,
            deposit: 2_500,
            dates: { chosen: selectable, selectable },
            partial: {},
            options: [],
          };
          const result = priceRegistrationEdit({
            total,
            place,
            covered,
            chosenDates: chosen,
            options: amounts.map((amount) => ({ amount })),
          });
          expect(result.total).toBeGreaterThanOrEqual(0);
          expect(result.deposit).toBeGreaterThanOrEqual(0);
          expect(result.deposit).toBeLessThanOrEqual(result.total);
          expect(result.difference).toBe(result.total - total);
        },
      ),
    );
  });
});
