import { describe, expect, it } from "vitest";
import {
  applicableCustomerDiscounts,
  bestCustomerDiscount,
  type CustomerDiscountTerms,
  estimateRegistration,
  priceCart,
} from "../src/pricing/index.ts";

// Rule 6 of packages/domain/src/pricing/index.ts (decision 0100): discounts given to chosen
// customers, their limits, and how they combine with bundles, volume discounts and coupons.

const social: CustomerDiscountTerms = {
  key: "social",
  name: "Tarif social",
  percentage: 20,
  amount: null,
  active: true,
  activity_ids: null,
  valid_from: null,
  valid_until: null,
  ends_on: null,
};

const line = { activityId: 7, today: "2026-11-28" };
const keys = (discounts: CustomerDiscountTerms[]) =>
  applicableCustomerDiscounts(discounts, line).map((choice) => choice.key);

describe("applicableCustomerDiscounts: limits", () => {
  it("keeps an active discount with no limits", () => {
    expect(applicableCustomerDiscounts([social], line)).toEqual([
      { key: "social", name: "Tarif social", percentage: 20, amount: null },
    ]);
  });

  it("drops an inactive discount", () => {
    expect(keys([{ ...social, active: false }])).toEqual([]);
  });

  it.each([
    ["starts tomorrow", { valid_from: "2026-11-29" }, []],
    ["starts today (inclusive)", { valid_from: "2026-11-28" }, ["social"]],
    ["ended yesterday", { valid_until: "2026-11-27" }, []],
    ["ends today (inclusive)", { valid_until: "2026-11-28" }, ["social"]],
    ["the customer's end passed", { ends_on: "2026-11-27" }, []],
    ["the customer's end is today", { ends_on: "2026-11-28" }, ["social"]],
  ])("period: %s", (_name, change, expected) => {
    expect(keys([{ ...social, ...change }])).toEqual(expected);
  });

  it("applies only to the activities it is limited to", () => {
    expect(keys([{ ...social, activity_ids: [7, 9] }])).toEqual(["social"]);
    expect(keys([{ ...social, activity_ids: [9] }])).toEqual([]);
    expect(keys([{ ...social, activity_ids: [] }])).toEqual([]);
  });

  it("refuses days that are not YYYY-MM-DD", () => {
    expect(() => applicableCustomerDiscounts([social], { ...line, today: "28/11/2026" })).toThrow(
      RangeError,
    );
    expect(() => keys([{ ...social, ends_on: "tomorrow" }])).toThrow(RangeError);
  });
});

describe("bestCustomerDiscount", () => {
  const staff = { key: "staff", name: "Famille du personnel", amount: 1500, percentage: null };
  const rate = { key: "social", name: "Tarif social", amount: null, percentage: 12.5 };

  it("an amount is per place", () => {
    expect(bestCustomerDiscount([staff], 10_000, 3)).toEqual({
      key: "staff",
      name: "Famille du personnel",
      amount: 4500,
    });
  });

  it("a percentage is of the line, rounded half away from zero to a cent", () => {
    expect(bestCustomerDiscount([rate], 333, 1)?.amount).toBe(42); // 41.625
    expect(bestCustomerDiscount([rate], 4, 1)?.amount).toBe(1); // 0.5
  });

  it("never takes more than what is left: no negative total", () => {
    expect(bestCustomerDiscount([staff], 1000, 1)?.amount).toBe(1000);
    expect(bestCustomerDiscount([staff], 0, 1)).toBeNull();
  });

  it("the one giving the most applies, discounts never add up; the first on a tie", () => {
    expect(bestCustomerDiscount([staff, rate], 10_000, 1)?.key).toBe("staff"); // 1500 > 1250
    expect(bestCustomerDiscount([staff, rate], 20_000, 1)?.key).toBe("social"); // 2500 > 1500
    expect(bestCustomerDiscount([staff, rate], 8_000, 1)?.key).toBe("staff"); // 1500 > 1000
    const same = { ...rate, key: "other", percentage: 15 };
    expect(bestCustomerDiscount([staff, same], 10_000, 1)?.key).toBe("staff");
  });

  it("refuses a discount with both or neither of amount and percentage", () => {
    expect(() => bestCustomerDiscount([{ ...staff, percentage: 10 }], 100, 1)).toThrow(RangeError);
    expect(() => bestCustomerDiscount([{ ...staff, amount: null }], 100, 1)).toThrow(RangeError);
  });
});

describe("customer discounts among the other reductions", () => {
  const choice = { key: "social", name: "Tarif social", amount: null, percentage: 20 };

  it("comes after the volume discount, on what it left", () => {
    const estimate = estimateRegistration({
      price: 10_000,
      volume: { tiers: [{ min_registrations: 1, percentage: 10 }], registrations: 1 },
      customerDiscounts: [choice],
    });
    expect(estimate.details.volume_discounts_total).toBe(1000);
    expect(estimate.customer_discount).toEqual({
      key: "social",
      name: "Tarif social",
      amount: 1800,
    });
    expect(estimate.price).toBe(7200);
  });

  it("a bundle paying the place leaves only the options to discount", () => {
    const estimate = estimateRegistration({
      price: 10_000,
      options: [{ amount: 500 }],
      bundle: { remaining: 1 },
      customerDiscounts: [{ ...choice, percentage: null, amount: 1200 }],
    });
    expect(estimate.details.bundle_total).toBe(10_000);
    expect(estimate.customer_discount?.amount).toBe(500);
    expect(estimate.price).toBe(0);
  });

  it("the coupon is a percentage of what the customer discount left", () => {
    const cart = priceCart(
      [
        { type: "REGISTRATION", id: 1, price: 10_000, customerDiscounts: [choice] },
        { type: "REGISTRATION", id: 2, price: 5_000, customerDiscounts: [choice] },
        { type: "REGISTRATION", id: 3, price: 3_000 },
        { type: "BUNDLE", price: 2_000 },
      ],
      { coupon: { title: "Noël", label: "NOEL", active: true, percentage: 10 } },
    );
    expect(cart.customer_discounts).toEqual([
      { key: "social", name: "Tarif social", amount: 3000 },
    ]);
    expect(cart.customer_discounts_total).toBe(3000);
    expect(cart.items.map((item) => item.customer_discount?.amount ?? 0)).toEqual([
      2000, 1000, 0, 0,
    ]);
    expect(cart.subtotal).toBe(17_000);
    expect(cart.discounts_total).toBe(1700);
    expect(cart.total).toBe(15_300);
  });

  it("each discount is its own line of the totals", () => {
    const staff = { key: "staff", name: "Famille du personnel", amount: 700, percentage: null };
    const cart = priceCart([
      { type: "REGISTRATION", price: 3_000, customerDiscounts: [choice, staff] },
      { type: "REGISTRATION", price: 10_000, customerDiscounts: [choice, staff] },
      { type: "REGISTRATION", price: 2_000, customerDiscounts: [staff] },
    ]);
    expect(cart.customer_discounts).toEqual([
      { key: "staff", name: "Famille du personnel", amount: 1400 },
      { key: "social", name: "Tarif social", amount: 2000 },
    ]);
    expect(cart.total).toBe(15_000 - 3400);
  });
});
