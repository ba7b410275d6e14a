/**
 * Totals of a cart at checkout (storefront.md §3 Coupon, Service fees; §4 Checkout; §9): see the
 * rules in `index.ts`.
 */

import type { AppliedCustomerDiscount } from "./customer-discount.ts";
import {
  type AmountOrPercentage,
  amountOrPercentageOf,
  type EstimateDetails,
  estimateRegistration,
  type RegistrationPricingInput,
  type VolumeDiscountTier,
} from "./registration.ts";
import { allocateLargestRemainder, assertAmount, percentageOf, sumAmounts } from "./rounding.ts";

export type CartItemId = number | string;

/** A registration line, priced by {@link estimateRegistration} (volume and coupon set here). */
export type RegistrationCartItem = Omit<RegistrationPricingInput, "volume" | "discount"> & {
  type: "REGISTRATION";
  id?: CartItemId;
};

/**
 * One unit of a bundle, membership or voucher (one entry per unit of quantity), or a resource
 * booking (the booker's share of its price): priced as they are. A registration request is one
 * too, at 0: its price is set on approval, and it is no registration for volume discounts.
 */
export type ProductCartItem = {
  type: "BUNDLE" | "MEMBERSHIP" | "VOUCHER" | "BOOKING" | "REGISTRATION_REQUEST";
  id?: CartItemId;
  /** Unit price, minor units. */
  price: number;
};

export type CartItemInput = RegistrationCartItem | ProductCartItem;

/** A coupon attached to the cart (storefront.md §3). */
export type CouponInput = AmountOrPercentage & {
  title: string;
  label: string;
  active: boolean;
  /** Minor units the cart total (before the coupon) must reach; default 0. */
  min_total_amount?: number | null;
};

export type CouponNotAppliedReason = "INACTIVE" | "MINIMUM_NOT_REACHED";

export type CouponResult =
  | { applied: true; title: string; label: string; discount: number }
  | { applied: false; title: string; label: string; reason: CouponNotAppliedReason };

/** Customer service fees (billing customers_service_fee_amount / _percentage). */
export type ServiceFeesInput = { amount?: number | null; percentage?: number | string | null };

export type PriceCartOptions = {
  coupon?: CouponInput | null;
  /** Customer wallet balance, minor units; default 0 (not used). */
  wallet?: number;
  serviceFees?: ServiceFeesInput | null;
  /** Volume-discount tiers of the organiser, counted on the cart's registration places. */
  volumeDiscounts?: readonly VolumeDiscountTier[];
};

export type PricedCartItem = {
  type: CartItemInput["type"];
  id?: CartItemId;
  /** Price before the coupon. */
  subtotal: number;
  /** The coupon share of this item. */
  discount: number;
  /** subtotal − discount: the items' totals sum to the cart total. */
  total: number;
  /** Deposit of the item (registrations only), never above `total`. */
  deposit: number;
  /** The estimate details of a registration (discounts_total is the coupon share), else null. */
  details: EstimateDetails | null;
  /** The customer discount a registration got (rule 6), else null. */
  customer_discount: AppliedCustomerDiscount | null;
};

export type CartPrice = {
  items: PricedCartItem[];
  /** Number of registration places in the cart (the volume-discount count). */
  registrations: number;
  /** Sum of the item prices before the coupon (after volume and customer discounts). */
  subtotal: number;
  /** Σ registration bundle_totals: the part of the registrations paid by customer bundles. */
  bundle_total: number;
  volume_discounts_total: number;
  /** Each customer discount the registrations got, with the sum of what it took off. */
  customer_discounts: AppliedCustomerDiscount[];
  customer_discounts_total: number;
  coupon: CouponResult | null;
  /** The coupon discount. */
  discounts_total: number;
  /** subtotal − discounts_total = Σ item totals. */
  total: number;
  /** min(wallet, total). */
  wallet_use: number;
  /** amount + percentage % of (total − wallet_use), 0 when the total is 0. */
  service_fees: number;
  /** max(0, total − wallet_use + service_fees). */
  payable: number;
  /** Σ item deposits (each capped at its item total, so never above the total). */
  deposit: number;
  /** What a deposit payment asks now: min(deposit, payable). */
  deposit_payable: number;
};

function couponDiscount(coupon: CouponInput, subtotal: number): CouponResult {
  const { title, label } = coupon;
  const minimum = coupon.min_total_amount ?? 0;
  assertAmount(minimum, "min_total_amount");
  // Validate the amount/percentage shape even when the coupon does not apply.
  const discount = Math.min(amountOrPercentageOf(coupon, subtotal), subtotal);
  if (!coupon.active) return { applied: false, title, label, reason: "INACTIVE" };
  if (subtotal < minimum) return { applied: false, title, label, reason: "MINIMUM_NOT_REACHED" };
  return { applied: true, title, label, discount };
}

/** Every figure of a cart: item totals, coupon, wallet use, service fees, payable and deposit. */
export function priceCart(
  items: readonly CartItemInput[],
  options: PriceCartOptions = {},
): CartPrice {
  const wallet = options.wallet ?? 0;
  assertAmount(wallet, "wallet");
  const tiers = options.volumeDiscounts ?? [];
  const registrations = sumAmounts(
    items.map((item) => (item.type === "REGISTRATION" ? (item.quantity ?? 1) : 0)),
  );
  const volume = tiers.length > 0 ? { tiers, registrations } : null;

  const registrationInput = (item: RegistrationCartItem, discount: number) => {
    const { type: _type, id: _id, ...rest } = item;
    return { ...rest, volume, discount };
  };
  const subtotals = items.map((item) => {
    if (item.type === "REGISTRATION") return estimateRegistration(registrationInput(item, 0)).price;
    assertAmount(item.price, "price");
    return item.price;
  });
  const subtotal = sumAmounts(subtotals);

  const coupon = options.coupon ? couponDiscount(options.coupon, subtotal) : null;
  const discounts_total = coupon?.applied ? coupon.discount : 0;
  const shares = allocateLargestRemainder(discounts_total, subtotals);

  let volume_discounts_total = 0;
  let bundle_total = 0;
  const customerDiscounts = new Map<string, AppliedCustomerDiscount>();
  const priced: PricedCartItem[] = items.map((item, index) => {
    const itemSubtotal = subtotals[index] as number;
    const discount = shares[index] as number;
    const id = item.id === undefined ? {} : { id: item.id };
    if (item.type === "REGISTRATION") {
      const estimate = estimateRegistration(registrationInput(item, discount));
      volume_discounts_total += estimate.details.volume_discounts_total;
      bundle_total += estimate.details.bundle_total;
      const applied = estimate.customer_discount;
      if (applied) {
        const sum = customerDiscounts.get(applied.key);
        customerDiscounts.set(applied.key, {
          ...applied,
          amount: (sum?.amount ?? 0) + applied.amount,
        });
      }
      return {
        type: item.type,
        ...id,
        subtotal: itemSubtotal,
        discount,
        total: estimate.price,
        deposit: estimate.deposit,
        details: estimate.details,
        customer_discount: applied,
      };
    }
    const total = itemSubtotal - discount;
    return {
      type: item.type,
      ...id,
      subtotal: itemSubtotal,
      discount,
      total,
      deposit: 0,
      details: null,
      customer_discount: null,
    };
  });

  const total = subtotal - discounts_total;
  const wallet_use = Math.min(wallet, total);

  let service_fees = 0;
  if (options.serviceFees && total > 0) {
    const amount = options.serviceFees.amount ?? 0;
    assertAmount(amount, "service fee amount");
    const percentage = options.serviceFees.percentage ?? 0;
    service_fees = sumAmounts([amount, percentageOf(total - wallet_use, percentage)]);
  }

  const payable = Math.max(0, sumAmounts([total, -wallet_use, service_fees]));
  const deposit = Math.min(sumAmounts(priced.map((item) => item.deposit)), total);
  const customer_discounts = [...customerDiscounts.values()];

  return {
    items: priced,
    registrations,
    subtotal,
    bundle_total,
    volume_discounts_total,
    customer_discounts,
    customer_discounts_total: sumAmounts(customer_discounts.map((applied) => applied.amount)),
    coupon,
    discounts_total,
    total,
    wallet_use,
    service_fees,
    payable,
    deposit,
    deposit_payable: Math.min(deposit, payable),
  };
}
