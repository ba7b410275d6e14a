import type { CartTotals } from "@booking/contracts";
import { describe, expect, it } from "vitest";
import { cartSummaryLines, estimateLines } from "../app/lib/price-lines";

const totals = (over: Partial<CartTotals>): CartTotals => ({
  subtotal: 6000,
  bundle_total: 0,
  discounts_total: 0,
  volume_discounts_total: 0,
  customer_discounts: [],
  customer_discounts_total: 0,
  coupon: null,
  total: 6000,
  wallet: { balance: 0, use: 0 },
  service_fees: 0,
  payable: 6000,
  deposit: 0,
  deposit_payable: 0,
  items_count: 2,
  ...over,
});

const shown = (lines: ReturnType<typeof cartSummaryLines>) =>
  lines.map((line) => `${line.key} ${line.deduction ? "−" : ""}${line.amount}`);

describe("cartSummaryLines (checkout summary, storefront.md §9)", () => {
  it("shows what a bundle pays as taken off the items' price, the subtotal being what remains", () => {
    // A 148 € camp paid by the pack and a 60 € class: the subtotal is 60 €.
    expect(shown(cartSummaryLines(totals({ bundle_total: 14800 })))).toEqual([
      "items 20800",
      "bundles −14800",
      "subtotal 6000",
      "total 6000",
      "payable 6000",
    ]);
  });

  it("shows the wallet as its own line with the balance it leaves", () => {
    const lines = cartSummaryLines(totals({ wallet: { balance: 1500, use: 1500 }, payable: 4500 }));
    expect(shown(lines)).toEqual([
      "subtotal 6000",
      "total 6000",
      "wallet −1500",
      "wallet_left 0",
      "payable 4500",
    ]);
    const covered = cartSummaryLines(totals({ wallet: { balance: 10000, use: 6000 }, payable: 0 }));
    expect(shown(covered)).toContain("wallet_left 4000");
  });

  it("signs the coupon and keeps volume discounts apart from bundles", () => {
    const lines = cartSummaryLines(
      totals({
        volume_discounts_total: 600,
        discounts_total: 1000,
        total: 5000,
        payable: 5000,
        coupon: { applied: true, title: "Été", label: "−10 €", discount: 1000 },
      }),
    );
    expect(shown(lines)).toEqual([
      "items 6600",
      "volume_discounts −600",
      "subtotal 6000",
      "coupon −1000",
      "total 5000",
      "payable 5000",
    ]);
  });
});

describe("estimateLines (add form estimate)", () => {
  const details = {
    base_price: 14800,
    partial_registration_total_fee: 0,
    partial_registration_total_discount: 0,
    options_total: 0,
    bundle_total: 0,
    discounts_total: 0,
    volume_discounts_total: 0,
  };

  it("shows a bundle paying the base price as a deduction", () => {
    expect(estimateLines({ details: { ...details, bundle_total: 14800 } })).toEqual([
      { key: "base_price", amount: 14800, deduction: false },
      { key: "bundle_total", amount: 14800, deduction: true },
    ]);
  });

  it("shows nothing when the base price is all there is", () => {
    expect(estimateLines({ details })).toEqual([]);
  });

  it("keeps the order the price is built in, options added and discounts taken off", () => {
    const lines = estimateLines({
      details: { ...details, options_total: 1500, partial_registration_total_discount: 2000 },
    });
    expect(lines.map((line) => [line.key, line.deduction])).toEqual([
      ["base_price", false],
      ["partial_registration_total_discount", true],
      ["options_total", false],
    ]);
  });
});

describe("customer discounts (decision 0100)", () => {
  it("shows each customer discount as its own named line taken off the items' price", () => {
    const lines = cartSummaryLines(
      totals({
        customer_discounts: [{ name: "Tarif social", amount: 1200 }],
        customer_discounts_total: 1200,
      }),
    );
    expect(shown(lines).slice(0, 3)).toEqual([
      "items 7200",
      "customer_discount −1200",
      "subtotal 6000",
    ]);
    expect(lines[1]?.name).toBe("Tarif social");
  });

  it("puts the estimate's customer discount after the volume discount, before the coupon", () => {
    const lines = estimateLines({
      details: {
        base_price: 10000,
        partial_registration_total_fee: 0,
        partial_registration_total_discount: 0,
        options_total: 0,
        bundle_total: 0,
        discounts_total: 0,
        volume_discounts_total: 1000,
      },
      customer_discount: { name: "Tarif social", amount: 1800 },
    });
    expect(lines.map((line) => [line.key, line.amount, line.name])).toEqual([
      ["base_price", 10000, undefined],
      ["volume_discounts_total", 1000, undefined],
      ["customer_discount", 1800, "Tarif social"],
    ]);
  });
});
