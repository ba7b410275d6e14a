import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type EstimateDetails,
  estimateRegistration,
  type RegistrationEstimate,
  type RegistrationPricingInput,
  volumeDiscountTier,
} from "../src/index.ts";
import { registrationInput } from "./pricing-arbitraries.ts";

const zero: EstimateDetails = {
  base_price: 0,
  partial_registration_total_fee: 0,
  partial_registration_total_discount: 0,
  options_total: 0,
  bundle_total: 0,
  discounts_total: 0,
  volume_discounts_total: 0,
};

function estimate(
  price: number,
  deposit: number,
  details: Partial<EstimateDetails>,
): RegistrationEstimate {
  return { price, deposit, details: { ...zero, ...details }, customer_discount: null };
}

const partial = { fee_per_date: null };

describe("estimateRegistration: examples", () => {
  it.each<[string, RegistrationPricingInput, RegistrationEstimate]>([
    ["base price", { price: 1000, deposit: 300 }, estimate(1000, 300, { base_price: 1000 })],
    ["zero price", { price: 0, deposit: 0 }, estimate(0, 0, {})],
    [
      "quantity 3",
      { price: 1000, deposit: 300, quantity: 3 },
      estimate(3000, 900, { base_price: 3000 }),
    ],
    [
      "all dates chosen: no proration",
      { price: 1000, dates: { chosen: 3, selectable: 3 }, partial: { fee_per_date: 50 } },
      estimate(1000, 0, { base_price: 1000 }),
    ],
    [
      "1 of 3 dates: 1000 / 3 = 333.33 → 333",
      { price: 1000, deposit: 500, dates: { chosen: 1, selectable: 3 }, partial },
      estimate(333, 333, { base_price: 1000, partial_registration_total_discount: 667 }),
    ],
    [
      "2 of 3 dates: 666.67 → 667",
      { price: 1000, dates: { chosen: 2, selectable: 3 }, partial: {} },
      estimate(667, 0, { base_price: 1000, partial_registration_total_discount: 333 }),
    ],
    [
      "1 of 3 dates, quantity 3: per place 333",
      { price: 1000, quantity: 3, dates: { chosen: 1, selectable: 3 }, partial },
      estimate(999, 0, { base_price: 3000, partial_registration_total_discount: 2001 }),
    ],
    [
      "partial registration off: fewer dates, full price",
      { price: 1000, dates: { chosen: 1, selectable: 3 }, partial: null },
      estimate(1000, 0, { base_price: 1000 }),
    ],
    [
      "partial fee per chosen date",
      { price: 1000, dates: { chosen: 1, selectable: 3 }, partial: { fee_per_date: 50 } },
      estimate(383, 0, {
        base_price: 1000,
        partial_registration_total_discount: 667,
        partial_registration_total_fee: 50,
      }),
    ],
    [
      "partial fee, 2 of 3 dates, quantity 2: fee 50 × 2 × 2",
      {
        price: 1000,
        quantity: 2,
        dates: { chosen: 2, selectable: 3 },
        partial: { fee_per_date: 50 },
      },
      estimate(1534, 0, {
        base_price: 2000,
        partial_registration_total_discount: 666,
        partial_registration_total_fee: 200,
      }),
    ],
    [
      "amount option",
      { price: 1000, options: [{ amount: 250, percentage: null }] },
      estimate(1250, 0, { base_price: 1000, options_total: 250 }),
    ],
    [
      "percentage option on the full price: 12.5 % of 1000",
      { price: 1000, options: [{ percentage: 12.5 }] },
      estimate(1125, 0, { base_price: 1000, options_total: 125 }),
    ],
    [
      "percentage option on a partial registration: 10 % of 333 = 33.3 → 33",
      { price: 1000, dates: { chosen: 1, selectable: 3 }, partial, options: [{ percentage: 10 }] },
      estimate(366, 0, {
        base_price: 1000,
        partial_registration_total_discount: 667,
        options_total: 33,
      }),
    ],
    [
      "two options on a partial registration, quantity 2: (250 + 41.625 → 42) × 2",
      {
        price: 1000,
        quantity: 2,
        dates: { chosen: 1, selectable: 3 },
        partial,
        options: [{ amount: 250 }, { percentage: "12.50" }],
      },
      estimate(1250, 0, {
        base_price: 2000,
        partial_registration_total_discount: 1334,
        options_total: 584,
      }),
    ],
    [
      "bundle covers the registration",
      { price: 1000, deposit: 300, bundle: { remaining: 5 } },
      estimate(0, 0, { base_price: 1000, bundle_total: 1000 }),
    ],
    [
      "bundle does not cover options",
      { price: 1000, options: [{ amount: 200 }], bundle: { remaining: 1 } },
      estimate(200, 0, { base_price: 1000, options_total: 200, bundle_total: 1000 }),
    ],
    [
      "bundle with room for 2 of 3 places: the third is due",
      { price: 1000, deposit: 300, quantity: 3, bundle: { remaining: 2 } },
      estimate(1000, 900, { base_price: 3000, bundle_total: 2000 }),
    ],
    [
      "bundle without room left",
      { price: 1000, bundle: { remaining: 0 } },
      estimate(1000, 0, { base_price: 1000 }),
    ],
    [
      "unlimited bundle, quantity 3",
      { price: 1000, quantity: 3, bundle: { remaining: null } },
      estimate(0, 0, { base_price: 3000, bundle_total: 3000 }),
    ],
    [
      "bundle on a partial registration covers the partial price, not the fee",
      {
        price: 1000,
        dates: { chosen: 1, selectable: 3 },
        partial: { fee_per_date: 50 },
        bundle: { remaining: 1 },
      },
      estimate(50, 0, {
        base_price: 1000,
        partial_registration_total_discount: 667,
        partial_registration_total_fee: 50,
        bundle_total: 333,
      }),
    ],
    [
      "coupon share",
      { price: 1000, deposit: 300, discount: 250 },
      estimate(750, 300, { base_price: 1000, discounts_total: 250 }),
    ],
    [
      "coupon share capped at the price; deposit capped at the price",
      { price: 1000, deposit: 1000, discount: 400 },
      estimate(600, 600, { base_price: 1000, discounts_total: 400 }),
    ],
    [
      "coupon share larger than the price",
      { price: 1000, deposit: 300, discount: 5000 },
      estimate(0, 0, { base_price: 1000, discounts_total: 1000 }),
    ],
  ])("%s", (_name, input, expected) => {
    expect(estimateRegistration(input)).toEqual(expected);
  });
});

describe("volume discounts", () => {
  const tiers = [
    { min_registrations: 3, percentage: 10 },
    { min_registrations: 5, percentage: 20 },
  ];

  it.each([
    [1, 0],
    [2, 0],
    [3, 100],
    [4, 100],
    [5, 200],
    [50, 200],
  ])("%d registrations in the cart → %d off 1000", (registrations, expected) => {
    const result = estimateRegistration({ price: 1000, volume: { tiers, registrations } });
    expect(result.details.volume_discounts_total).toBe(expected);
    expect(result.price).toBe(1000 - expected);
  });

  it("picks the tier with the largest minimum reached, whatever the order", () => {
    expect(volumeDiscountTier([...tiers].reverse(), 6)).toEqual(tiers[1]);
    expect(volumeDiscountTier(tiers, 2)).toBeNull();
    expect(volumeDiscountTier([], 10)).toBeNull();
  });

  it.each<[string, RegistrationPricingInput, number, number]>([
    [
      "amount per place × quantity",
      {
        price: 1000,
        quantity: 3,
        volume: { tiers: [{ min_registrations: 2, amount: 150 }], registrations: 3 },
      },
      450,
      2550,
    ],
    [
      "amount capped at the price",
      {
        price: 1000,
        volume: { tiers: [{ min_registrations: 1, amount: 1500 }], registrations: 1 },
      },
      1000,
      0,
    ],
    [
      "percentage on the price after partial: 12.5 % of 333 = 41.625 → 42",
      {
        price: 1000,
        dates: { chosen: 1, selectable: 3 },
        partial: {},
        volume: { tiers: [{ min_registrations: 1, percentage: 12.5 }], registrations: 1 },
      },
      42,
      291,
    ],
    [
      "nothing on a line a bundle covers",
      {
        price: 1000,
        bundle: { remaining: 1 },
        volume: { tiers: [{ min_registrations: 1, percentage: 50 }], registrations: 1 },
      },
      0,
      0,
    ],
    [
      "before the coupon share",
      {
        price: 1000,
        discount: 100,
        volume: { tiers: [{ min_registrations: 1, percentage: 10 }], registrations: 1 },
      },
      100,
      800,
    ],
  ])("%s", (_name, input, volume, price) => {
    const result = estimateRegistration(input);
    expect(result.details.volume_discounts_total).toBe(volume);
    expect(result.price).toBe(price);
  });
});

describe("estimateRegistration: invalid input", () => {
  it.each<[string, RegistrationPricingInput]>([
    ["negative price", { price: -1 }],
    ["fractional price", { price: 10.5 }],
    ["negative deposit", { price: 1000, deposit: -1 }],
    ["quantity 0", { price: 1000, quantity: 0 }],
    ["fractional quantity", { price: 1000, quantity: 1.5 }],
    ["0 dates chosen", { price: 1000, dates: { chosen: 0, selectable: 3 }, partial }],
    ["more dates than selectable", { price: 1000, dates: { chosen: 4, selectable: 3 }, partial }],
    ["0 selectable dates", { price: 1000, dates: { chosen: 0, selectable: 0 } }],
    ["option with neither", { price: 1000, options: [{}] }],
    ["option with both", { price: 1000, options: [{ amount: 1, percentage: 1 }] }],
    ["option with 3 decimals", { price: 1000, options: [{ percentage: 1.234 }] }],
    [
      "negative fee",
      { price: 1000, dates: { chosen: 1, selectable: 2 }, partial: { fee_per_date: -5 } },
    ],
    ["negative bundle room", { price: 1000, bundle: { remaining: -1 } }],
    ["negative discount", { price: 1000, discount: -1 }],
    [
      "tier minimum 0",
      { price: 1000, volume: { tiers: [{ min_registrations: 0, amount: 1 }], registrations: 1 } },
    ],
  ])("%s throws RangeError", (_name, input) => {
    expect(() => estimateRegistration(input)).toThrow(RangeError);
  });
});

describe("estimateRegistration: properties", () => {
  it("price ≥ 0, 0 ≤ deposit ≤ price, and price is the sum of its details", () => {
    fc.assert(
      fc.property(registrationInput, (input) => {
        const { price, deposit, details } = estimateRegistration(input);
        expect(price).toBeGreaterThanOrEqual(0);
        expect(deposit).toBeGreaterThanOrEqual(0);
        expect(deposit).toBeLessThanOrEqual(price);
        for (const value of Object.values(details)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(price).toBe(
          details.base_price -
            details.partial_registration_total_discount +
            details.partial_registration_total_fee +
            details.options_total -
            details.bundle_total -
            details.volume_discounts_total -
            details.discounts_total,
        );
        expect(details.partial_registration_total_discount).toBeLessThanOrEqual(details.base_price);
      }),
    );
  });
});
