import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CartItemInput,
  type CouponInput,
  type PriceCartOptions,
  priceCart,
} from "../src/index.ts";
import { choice, money, percentage, registrationInput } from "./pricing-arbitraries.ts";

const registration = (price: number, extra: Partial<CartItemInput> = {}): CartItemInput =>
  ({ type: "REGISTRATION", price, ...extra }) as CartItemInput;
const bundle = (price: number): CartItemInput => ({ type: "BUNDLE", price });
const membership = (price: number): CartItemInput => ({ type: "MEMBERSHIP", price });
const voucher = (price: number): CartItemInput => ({ type: "VOUCHER", price });

const coupon = (fields: Partial<CouponInput>): CouponInput => ({
  title: "Spring",
  label: "SPRING",
  active: true,
  ...fields,
});

/** The cart-level figures of a result (items left out). */
function figures(items: readonly CartItemInput[], options: PriceCartOptions = {}) {
  const {
    items: _items,
    coupon: _coupon,
    registrations: _count,
    ...rest
  } = priceCart(items, options);
  return rest;
}

describe("priceCart: totals", () => {
  it("sums the items when nothing applies", () => {
    const result = priceCart([registration(1000, { id: 7 }), bundle(5000), membership(2000)]);
    expect(result.items.map((item) => [item.type, item.total])).toEqual([
      ["REGISTRATION", 1000],
      ["BUNDLE", 5000],
      ["MEMBERSHIP", 2000],
    ]);
    expect(result.items[0]?.id).toBe(7);
    expect("id" in (result.items[1] ?? {})).toBe(false);
    expect(result.items[0]?.details?.base_price).toBe(1000);
    expect(result.items[1]?.details).toBeNull();
    expect(result.coupon).toBeNull();
    expect(result.registrations).toBe(1);
    expect(figures([registration(1000), bundle(5000), membership(2000)])).toEqual({
      subtotal: 8000,
      bundle_total: 0,
      volume_discounts_total: 0,
      customer_discounts: [],
      customer_discounts_total: 0,
      discounts_total: 0,
      total: 8000,
      wallet_use: 0,
      service_fees: 0,
      payable: 8000,
      deposit: 0,
      deposit_payable: 0,
    });
  });

  it("an empty cart is 0 everywhere", () => {
    const result = priceCart([], {
      coupon: coupon({ percentage: 10 }),
      wallet: 500,
      serviceFees: { amount: 50, percentage: 2 },
    });
    expect(result.total).toBe(0);
    expect(result.wallet_use).toBe(0);
    expect(result.service_fees).toBe(0);
    expect(result.payable).toBe(0);
    expect(result.coupon).toEqual({ applied: true, title: "Spring", label: "SPRING", discount: 0 });
  });

  it("zero prices", () => {
    const result = priceCart([registration(0), voucher(0)], { serviceFees: { amount: 50 } });
    expect(result.total).toBe(0);
    expect(result.service_fees).toBe(0);
    expect(result.payable).toBe(0);
  });
});

describe("priceCart: coupon", () => {
  const items = [registration(1000), bundle(5000), membership(2000)];

  it.each<[string, Partial<CouponInput>, number, number[]]>([
    ["10 % of 8000, shared exactly", { percentage: 10 }, 800, [900, 4500, 1800]],
    ["12.34 % of 8000 = 987.2 → 987", { percentage: 12.34 }, 987, [877, 4383, 1753]],
    ["amount 1000", { amount: 1000 }, 1000, [875, 4375, 1750]],
    ["100 %", { percentage: 100 }, 8000, [0, 0, 0]],
    ["150 % is capped at the total", { percentage: 150 }, 8000, [0, 0, 0]],
    ["amount larger than the total", { amount: 10000 }, 8000, [0, 0, 0]],
    ["minimum reached exactly", { amount: 800, min_total_amount: 8000 }, 800, [900, 4500, 1800]],
  ])("%s", (_name, fields, discount, totals) => {
    const result = priceCart(items, { coupon: coupon(fields) });
    expect(result.coupon).toEqual({ applied: true, title: "Spring", label: "SPRING", discount });
    expect(result.discounts_total).toBe(discount);
    expect(result.total).toBe(8000 - discount);
    expect(result.items.map((item) => item.total)).toEqual(totals);
    expect(result.items.map((item) => item.discount + item.total)).toEqual([1000, 5000, 2000]);
    expect(result.items[0]?.details?.discounts_total).toBe(result.items[0]?.discount);
  });

  it("largest remainder: 100 over three items of 1000 → 34, 33, 33", () => {
    const result = priceCart([registration(1000), voucher(1000), voucher(1000)], {
      coupon: coupon({ amount: 100 }),
    });
    expect(result.items.map((item) => item.discount)).toEqual([34, 33, 33]);
    expect(result.items.map((item) => item.total)).toEqual([966, 967, 967]);
    expect(result.total).toBe(2900);
  });

  it.each<[string, Partial<CouponInput>, string]>([
    ["inactive", { percentage: 10, active: false }, "INACTIVE"],
    ["below the minimum", { amount: 500, min_total_amount: 8001 }, "MINIMUM_NOT_REACHED"],
    [
      "inactive and below the minimum",
      { amount: 500, active: false, min_total_amount: 9000 },
      "INACTIVE",
    ],
  ])("%s: applies nothing and says why", (_name, fields, reason) => {
    const result = priceCart(items, { coupon: coupon(fields) });
    expect(result.coupon).toEqual({ applied: false, title: "Spring", label: "SPRING", reason });
    expect(result.discounts_total).toBe(0);
    expect(result.total).toBe(8000);
    expect(result.items.map((item) => item.discount)).toEqual([0, 0, 0]);
  });

  it("the minimum is checked against the total after volume discounts", () => {
    const result = priceCart([registration(1000), registration(1000)], {
      volumeDiscounts: [{ min_registrations: 2, percentage: 10 }],
      coupon: coupon({ amount: 100, min_total_amount: 2000 }),
    });
    expect(result.subtotal).toBe(1800);
    expect(result.coupon).toMatchObject({ applied: false, reason: "MINIMUM_NOT_REACHED" });
  });

  it("rejects a coupon with both or neither of amount and percentage", () => {
    expect(() => priceCart(items, { coupon: coupon({}) })).toThrow(RangeError);
    expect(() => priceCart(items, { coupon: coupon({ amount: 1, percentage: 1 }) })).toThrow(
      RangeError,
    );
    expect(() => priceCart(items, { coupon: coupon({ amount: -1 }) })).toThrow(RangeError);
  });
});

describe("priceCart: wallet, service fees, payable", () => {
  const items = [registration(3000)];

  it.each<
    [string, PriceCartOptions, { wallet_use: number; service_fees: number; payable: number }]
  >([
    ["no wallet, no fees", {}, { wallet_use: 0, service_fees: 0, payable: 3000 }],
    [
      "wallet below the total",
      { wallet: 1000 },
      { wallet_use: 1000, service_fees: 0, payable: 2000 },
    ],
    [
      "wallet larger than the total",
      { wallet: 10000 },
      { wallet_use: 3000, service_fees: 0, payable: 0 },
    ],
    [
      "fees: 30 + 1.5 % × (3000 − 1000) = 60",
      { wallet: 1000, serviceFees: { amount: 30, percentage: 1.5 } },
      { wallet_use: 1000, service_fees: 60, payable: 2060 },
    ],
    [
      "fees with the wallet covering everything: the fixed amount",
      { wallet: 10000, serviceFees: { amount: 50, percentage: 2 } },
      { wallet_use: 3000, service_fees: 50, payable: 50 },
    ],
    [
      "percentage fees only: 2.5 % of 1010 = 25.25 → 25",
      { wallet: 1990, serviceFees: { percentage: 2.5 } },
      { wallet_use: 1990, service_fees: 25, payable: 1035 },
    ],
    [
      "2.5 % of 1020 = 25.5 → 26 (half away from zero)",
      { wallet: 1980, serviceFees: { percentage: "2.50" } },
      { wallet_use: 1980, service_fees: 26, payable: 1046 },
    ],
    [
      "billing defaults (0, 0)",
      { serviceFees: { amount: 0, percentage: 0 } },
      { wallet_use: 0, service_fees: 0, payable: 3000 },
    ],
  ])("%s", (_name, options, expected) => {
    expect(priceCart(items, options)).toMatchObject({ total: 3000, ...expected });
  });

  it("no fees when a 100 % coupon brings the total to 0", () => {
    const result = priceCart(items, {
      coupon: coupon({ percentage: 100 }),
      wallet: 500,
      serviceFees: { amount: 50, percentage: 2 },
    });
    expect(result).toMatchObject({ total: 0, wallet_use: 0, service_fees: 0, payable: 0 });
  });

  it("rejects a negative wallet or fee", () => {
    expect(() => priceCart(items, { wallet: -1 })).toThrow(RangeError);
    expect(() => priceCart(items, { serviceFees: { amount: -1 } })).toThrow(RangeError);
    expect(() => priceCart(items, { serviceFees: { percentage: -1 } })).toThrow(RangeError);
  });
});

describe("priceCart: deposits", () => {
  const items = [registration(1000, { deposit: 300, quantity: 2 }), voucher(2000)];

  it.each<[string, PriceCartOptions, { total: number; deposit: number; deposit_payable: number }]>([
    ["item deposits", {}, { total: 4000, deposit: 600, deposit_payable: 600 }],
    [
      "50 % coupon: registration total 1000 still above its deposit",
      { coupon: coupon({ percentage: 50 }) },
      { total: 2000, deposit: 600, deposit_payable: 600 },
    ],
    [
      "90 % coupon: deposit capped at the registration total 200",
      { coupon: coupon({ percentage: 90 }) },
      { total: 400, deposit: 200, deposit_payable: 200 },
    ],
    [
      "wallet covering everything: nothing payable",
      { wallet: 5000 },
      { total: 4000, deposit: 600, deposit_payable: 0 },
    ],
    [
      "wallet leaving less than the deposit",
      { wallet: 3500 },
      { total: 4000, deposit: 600, deposit_payable: 500 },
    ],
  ])("%s", (_name, options, expected) => {
    expect(priceCart(items, options)).toMatchObject(expected);
  });

  it("products carry no deposit", () => {
    expect(priceCart([bundle(1000)]).items[0]?.deposit).toBe(0);
  });
});

describe("priceCart: registrations", () => {
  it("prices each registration line with its estimate", () => {
    const result = priceCart([
      registration(1000, {
        quantity: 3,
        dates: { chosen: 1, selectable: 3 },
        partial: {},
        options: [{ percentage: 10 }],
      }),
      registration(1000, { bundle: { remaining: 1 }, options: [{ amount: 200 }] }),
    ]);
    expect(result.items[0]?.details).toEqual({
      base_price: 3000,
      partial_registration_total_fee: 0,
      partial_registration_total_discount: 2001,
      options_total: 99,
      bundle_total: 0,
      discounts_total: 0,
      volume_discounts_total: 0,
    });
    expect(result.items.map((item) => item.total)).toEqual([1098, 200]);
    expect(result.bundle_total).toBe(1000);
    expect(result.total).toBe(1298);
  });

  it("counts registration places for volume discounts; products get none", () => {
    const result = priceCart(
      [registration(1000), registration(1000, { quantity: 2 }), bundle(5000)],
      { volumeDiscounts: [{ min_registrations: 3, percentage: 10 }] },
    );
    expect(result.registrations).toBe(3);
    expect(result.items.map((item) => item.details?.volume_discounts_total ?? null)).toEqual([
      100,
      200,
      null,
    ]);
    expect(result.volume_discounts_total).toBe(300);
    expect(result.subtotal).toBe(7700);
    expect(result.total).toBe(7700);
  });

  it("no tier reached below the minimum", () => {
    const result = priceCart([registration(1000, { quantity: 2 })], {
      volumeDiscounts: [{ min_registrations: 3, amount: 100 }],
    });
    expect(result.volume_discounts_total).toBe(0);
    expect(result.total).toBe(2000);
  });
});

const item: fc.Arbitrary<CartItemInput> = fc.oneof(
  registrationInput.map(({ volume: _volume, discount: _discount, ...rest }) => ({
    type: "REGISTRATION" as const,
    ...rest,
  })),
  fc
    .tuple(fc.constantFrom("BUNDLE" as const, "MEMBERSHIP" as const, "VOUCHER" as const), money)
    .map(([type, price]) => ({ type, price })),
);

const options: fc.Arbitrary<PriceCartOptions> = fc.record({
  coupon: fc.option(
    fc
      .tuple(choice, fc.boolean(), fc.option(fc.integer({ min: 0, max: 3_000_000 })))
      .map(([price, active, min_total_amount]) => ({
        title: "T",
        label: "L",
        active,
        min_total_amount,
        ...price,
      })),
  ),
  wallet: fc.oneof(fc.constant(0), money, fc.integer({ min: 0, max: 20_000_000 })),
  serviceFees: fc.option(
    fc.record({ amount: fc.option(money), percentage: fc.option(percentage) }),
  ),
  volumeDiscounts: fc.array(
    fc
      .tuple(fc.integer({ min: 1, max: 10 }), choice)
      .map(([min_registrations, price]) => ({ min_registrations, ...price })),
    { maxLength: 3 },
  ),
});

describe("priceCart: properties", () => {
  it("totals never negative, items sum to the total, deposit ≤ total, wallet and payable bounds", () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), options, (items, opts) => {
        const result = priceCart(items, opts);
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        for (const priced of result.items) {
          expect(priced.total).toBeGreaterThanOrEqual(0);
          expect(priced.discount).toBeGreaterThanOrEqual(0);
          expect(priced.subtotal - priced.discount).toBe(priced.total);
          expect(priced.deposit).toBeGreaterThanOrEqual(0);
          expect(priced.deposit).toBeLessThanOrEqual(priced.total);
        }
        expect(sum(result.items.map((priced) => priced.total))).toBe(result.total);
        expect(sum(result.items.map((priced) => priced.subtotal))).toBe(result.subtotal);
        expect(sum(result.items.map((priced) => priced.discount))).toBe(result.discounts_total);
        expect(result.total).toBe(result.subtotal - result.discounts_total);
        expect(sum(result.items.map((priced) => priced.details?.bundle_total ?? 0))).toBe(
          result.bundle_total,
        );
        for (const value of [
          result.subtotal,
          result.total,
          result.discounts_total,
          result.wallet_use,
          result.service_fees,
          result.payable,
          result.deposit,
          result.deposit_payable,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(result.deposit).toBeLessThanOrEqual(result.total);
        expect(result.deposit_payable).toBeLessThanOrEqual(result.payable);
        expect(result.wallet_use).toBeLessThanOrEqual(opts.wallet ?? 0);
        expect(result.wallet_use).toBeLessThanOrEqual(result.total);
        expect(result.wallet_use).toBe(Math.min(opts.wallet ?? 0, result.total));
        if (result.total === 0) expect(result.service_fees).toBe(0);
        expect(result.payable).toBe(result.total - result.wallet_use + result.service_fees);
        if (result.coupon?.applied === false) expect(result.discounts_total).toBe(0);
      }),
    );
  });
});
