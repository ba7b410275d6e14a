import type { CartTotals, EstimateView } from "@booking/contracts";

/**
 * The lines of a price breakdown as a parent reads them: each amount with its sign, so that what
 * a bundle, a discount or the wallet takes off reads as taken off ("− 148 €"), never as a second
 * price beside the first. `key` names the line's label (translated by the page).
 */
export interface PriceLine {
  key: string;
  amount: number;
  /** taken off what comes before it */
  deduction: boolean;
  /** a total the lines above add up to */
  total?: boolean;
  /** the name of the customer discount the line is (decision 0100) */
  name?: string;
}

type EstimateDetail = keyof EstimateView["details"];

/** What an estimate's details take off its base price (storefront.md §3 "Estimate"). */
const ESTIMATE_DEDUCTIONS: ReadonlySet<EstimateDetail> = new Set([
  "partial_registration_total_discount",
  "bundle_total",
  "volume_discounts_total",
  "discounts_total",
]);

/** In the order the price is built (packages/domain pricing, steps 1–6). */
const ESTIMATE_ORDER: readonly EstimateDetail[] = [
  "base_price",
  "partial_registration_total_discount",
  "partial_registration_total_fee",
  "options_total",
  "bundle_total",
  "volume_discounts_total",
  "discounts_total",
];

/**
 * The add form's estimate below its price: the non-zero details in the order the price is built,
 * deductions signed, so that a registration a bundle pays for in full reads "Base price 148 € /
 * Paid by your bundle − 148 €" under "Estimated price 0 €". Nothing when the base price is all
 * there is (it would repeat the price).
 */
export function estimateLines(
  estimate: Pick<EstimateView, "details"> & Partial<Pick<EstimateView, "customer_discount">>,
): PriceLine[] {
  const lines: PriceLine[] = ESTIMATE_ORDER.filter((key) => estimate.details[key] !== 0).map(
    (key) => ({ key, amount: estimate.details[key], deduction: ESTIMATE_DEDUCTIONS.has(key) }),
  );
  // The customer's discount comes after the volume discount and before the coupon (rule 6).
  const discount = estimate.customer_discount;
  if (discount && discount.amount > 0) {
    const at = lines.findIndex((line) => line.key === "discounts_total");
    const line = { key: "customer_discount", amount: discount.amount, deduction: true };
    lines.splice(at < 0 ? lines.length : at, 0, { ...line, name: discount.name });
  }
  return lines.length === 1 && lines[0]?.key === "base_price" ? [] : lines;
}

/**
 * The checkout summary (storefront.md §9: wallet use = min(balance, total)). Before the subtotal,
 * when bundles, volume or customer discounts paid for part of the items, the items' own price and
 * what each took off (each customer discount its own named line), so that the subtotal reads as what remains. After the total, the wallet's part
 * as its own line and the balance it leaves, then the fees and what is left to pay.
 */
export function cartSummaryLines(totals: CartTotals): PriceLine[] {
  const lines: PriceLine[] = [];
  const reductions =
    totals.bundle_total + totals.volume_discounts_total + totals.customer_discounts_total;
  if (reductions > 0) {
    lines.push({ key: "items", amount: totals.subtotal + reductions, deduction: false });
    if (totals.bundle_total > 0) {
      lines.push({ key: "bundles", amount: totals.bundle_total, deduction: true });
    }
    if (totals.volume_discounts_total > 0) {
      lines.push({
        key: "volume_discounts",
        amount: totals.volume_discounts_total,
        deduction: true,
      });
    }
    for (const { name, amount } of totals.customer_discounts) {
      lines.push({ key: "customer_discount", amount, deduction: true, name });
    }
  }
  lines.push({ key: "subtotal", amount: totals.subtotal, deduction: false });
  if (totals.coupon?.applied && totals.discounts_total > 0) {
    lines.push({ key: "coupon", amount: totals.discounts_total, deduction: true });
  }
  lines.push({ key: "total", amount: totals.total, deduction: false, total: true });
  if (totals.wallet.use > 0) {
    lines.push({ key: "wallet", amount: totals.wallet.use, deduction: true });
    lines.push({
      key: "wallet_left",
      amount: totals.wallet.balance - totals.wallet.use,
      deduction: false,
    });
  }
  if (totals.service_fees > 0) {
    lines.push({ key: "service_fees", amount: totals.service_fees, deduction: false });
  }
  lines.push({ key: "payable", amount: totals.payable, deduction: false, total: true });
  if (totals.deposit > 0) {
    lines.push({ key: "deposit", amount: totals.deposit_payable, deduction: false });
  }
  return lines;
}
