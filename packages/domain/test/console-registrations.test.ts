import { describe, expect, it } from "vitest";
import {
  claimWindowEnd,
  estimateRegistration,
  overriddenPlacePricing,
  placePricing,
  refundRefusal,
  registrationPaymentState,
  waitingListState,
} from "../src/index.ts";

const NOW = new Date("2026-06-15T10:00:00.000Z");

describe("placePricing", () => {
  const terms = { price: 10_000, deposit: 3_000, chosenDates: 2, selectableDates: 4, options: [] };

  it("sells the place whole when the activity does not sell dates partially", () => {
    const place = placePricing({ ...terms, partial: false });
    expect(place).toEqual({
      price: 10_000,
      deposit: 3_000,
      dates: null,
      partial: null,
      options: [],
    });
    expect(estimateRegistration(place).price).toBe(10_000);
  });

  it("prorates k / n over the selectable dates with partial registration", () => {
    const place = placePricing({ ...terms, partial: true });
    expect(place.dates).toEqual({ chosen: 2, selectable: 4 });
    expect(estimateRegistration(place).price).toBe(5_000);
  });

  it("never charges more than the whole place when more dates are chosen than are selectable", () => {
    const place = placePricing({ ...terms, partial: true, chosenDates: 5, selectableDates: 4 });
    expect(estimateRegistration(place).price).toBe(10_000);
  });

  it("adds the chosen options", () => {
    const place = placePricing({ ...terms, partial: false, options: [{ amount: 1_500 }] });
    expect(estimateRegistration(place).price).toBe(11_500);
  });
});

describe("overriddenPlacePricing", () => {
  const place = placePricing({
    price: 10_000,
    deposit: 3_000,
    partial: true,
    chosenDates: 1,
    selectableDates: 4,
    options: [{ amount: 1_500 }],
  });

  it("charges exactly the price set, without proration or options", () => {
    expect(estimateRegistration(overriddenPlacePricing(place, 4_200)).price).toBe(4_200);
  });

  it("keeps the deposit, never above the new price", () => {
    expect(overriddenPlacePricing(place, 8_000).deposit).toBe(3_000);
    expect(overriddenPlacePricing(place, 1_000).deposit).toBe(1_000);
    expect(overriddenPlacePricing(place, 0).deposit).toBe(0);
  });

  it("lets a bundle still pay for the place", () => {
    const estimate = estimateRegistration({
      ...overriddenPlacePricing(place, 4_200),
      bundle: { remaining: 1 },
    });
    expect(estimate.price).toBe(0);
  });
});

describe("registrationPaymentState", () => {
  it.each([
    [{ total: 1_000, paid: 0, cancelled: false }, "outstanding"],
    [{ total: 1_000, paid: 400, cancelled: false }, "outstanding"],
    [{ total: 1_000, paid: 1_000, cancelled: false }, "settled"],
    [{ total: 1_000, paid: 1_200, cancelled: false }, "settled"],
    [{ total: 1_000, paid: 0, cancelled: true }, "settled"],
    [{ total: 0, paid: 0, cancelled: false }, "free"],
    [{ total: 0, paid: 0, cancelled: true }, "free"],
  ] as const)("%o is %s", (registration, state) => {
    expect(registrationPaymentState(registration)).toBe(state);
  });
});

describe("refundRefusal", () => {
  it("allows up to what was paid", () => {
    expect(refundRefusal(500, 500)).toBeNull();
    expect(refundRefusal(1, 500)).toBeNull();
  });

  it("refuses more than was paid", () => {
    expect(refundRefusal(501, 500)).toBe("REFUND_ABOVE_PAID");
    expect(refundRefusal(1, 0)).toBe("REFUND_ABOVE_PAID");
    expect(refundRefusal(1, -10)).toBe("REFUND_ABOVE_PAID");
  });
});

describe("waitingListState", () => {
  const later = new Date(NOW.getTime() + 3600_000);
  const earlier = new Date(NOW.getTime() - 1);

  it("is waiting until offered", () => {
    expect(waitingListState({ offer_expires_at: null, registered: false }, NOW)).toBe("waiting");
  });

  it("is offered while the claim window runs, expired from its end on", () => {
    expect(waitingListState({ offer_expires_at: later, registered: false }, NOW)).toBe("offered");
    expect(waitingListState({ offer_expires_at: NOW, registered: false }, NOW)).toBe("expired");
    expect(
      waitingListState({ offer_expires_at: earlier.toISOString(), registered: false }, NOW),
    ).toBe("expired");
  });

  it("is registered once the participant took a place, offered or not", () => {
    expect(waitingListState({ offer_expires_at: later, registered: true }, NOW)).toBe("registered");
    expect(waitingListState({ offer_expires_at: null, registered: true }, NOW)).toBe("registered");
  });
});

describe("claimWindowEnd", () => {
  it("ends the given hours after now", () => {
    expect(claimWindowEnd(NOW, 48).toISOString()).toBe("2026-06-17T10:00:00.000Z");
  });
});
