/**
 * Price of one registration line (storefront.md §3 "Estimate"): see the rules in `index.ts`.
 */

import {
  type AppliedCustomerDiscount,
  bestCustomerDiscount,
  type CustomerDiscountChoice,
} from "./customer-discount.ts";
import { assertAmount, fractionOf, percentageOf, sumAmounts, toBasisPoints } from "./rounding.ts";

/**
 * A price given either as an amount (minor units) or as a percentage (up to 2 decimals), the
 * shape of option prices, coupons and volume-discount tiers: exactly one of the two is set.
 */
export type AmountOrPercentage = {
  amount?: number | null;
  percentage?: number | string | null;
};

/** Organiser configuration of partial registrations; null when partial registration is off. */
export type PartialRegistrationConfig = {
  /** Minor units added per chosen date when the customer takes fewer than all the dates. */
  fee_per_date?: number | null;
};

/** A volume-discount tier: reached when the cart holds at least `min_registrations`. */
export type VolumeDiscountTier = AmountOrPercentage & { min_registrations: number };

export type RegistrationPricingInput = {
  /** Availability price of one registration for all its dates, minor units. */
  price: number;
  /** Availability deposit of one registration, minor units; default 0. */
  deposit?: number;
  /** Number of places (positive integer); default 1. */
  quantity?: number;
  /** Dates chosen out of the selectable ones; omitted or null means all of them. */
  dates?: { chosen: number; selectable: number } | null;
  /** Partial registration configuration; null or omitted: no proration, the full price. */
  partial?: PartialRegistrationConfig | null;
  /** Chosen option prices, each per place. */
  options?: readonly AmountOrPercentage[];
  /** A customer bundle used for this line; `remaining` null is unlimited capacity. */
  bundle?: { remaining: number | null } | null;
  /** Volume-discount tiers and the number of registrations (places) in the cart. */
  volume?: { tiers: readonly VolumeDiscountTier[]; registrations: number } | null;
  /** The customer's discounts that apply to this line (`applicableCustomerDiscounts`). */
  customerDiscounts?: readonly CustomerDiscountChoice[];
  /** This line's share of the cart coupon (priceCart sets it); capped at what is left. */
  discount?: number;
};

/**
 * The pricing of one place that does not depend on the rest of the cart (no bundle, volume
 * discount or coupon): what a cart item keeps so that the cart can price it again with them.
 */
export type PlacePricing = Pick<
  RegistrationPricingInput,
  "price" | "deposit" | "dates" | "partial" | "options"
>;

/** The estimate's details (storefront.md §3), all integer minor units for the whole line. */
export type EstimateDetails = {
  base_price: number;
  partial_registration_total_fee: number;
  partial_registration_total_discount: number;
  options_total: number;
  bundle_total: number;
  discounts_total: number;
  volume_discounts_total: number;
};

export type RegistrationEstimate = {
  /**
   * What the line costs: base − partial discount + partial fee + options − bundle − volume −
   * customer discount − discounts.
   */
  price: number;
  /** Availability deposit × quantity, never above `price`. */
  deposit: number;
  details: EstimateDetails;
  /** The customer discount the line got (rule 6), outside the spec's `details`; else null. */
  customer_discount: AppliedCustomerDiscount | null;
};

export function assertCount(value: number, name: string, minimum: number): void {
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw new RangeError(`${name} must be an integer of at least ${minimum}: ${value}`);
  }
}

/** Checks that exactly one of amount and percentage is set. */
export function choiceKind(choice: AmountOrPercentage, what: string): "amount" | "percentage" {
  const hasAmount = choice.amount !== null && choice.amount !== undefined;
  const hasPercentage = choice.percentage !== null && choice.percentage !== undefined;
  if (hasAmount === hasPercentage) {
    throw new RangeError(`${what} needs exactly one of amount and percentage`);
  }
  if (hasAmount) {
    assertAmount(choice.amount as number, `${what} amount`);
    return "amount";
  }
  toBasisPoints(choice.percentage as number | string);
  return "percentage";
}

/** The amount of `choice` on `base`: its amount, or its percentage of `base` (rounding rule). */
export function amountOrPercentageOf(choice: AmountOrPercentage, base: number): number {
  return choiceKind(choice, "Price") === "amount"
    ? (choice.amount as number)
    : percentageOf(base, choice.percentage as number | string);
}

/**
 * The tier reached by `registrations`: the one with the largest `min_registrations` not above it
 * (the first listed on a tie), or null.
 */
export function volumeDiscountTier<T extends VolumeDiscountTier>(
  tiers: readonly T[],
  registrations: number,
): T | null {
  assertCount(registrations, "Registrations", 0);
  let best: T | null = null;
  for (const tier of tiers) {
    assertCount(tier.min_registrations, "min_registrations", 1);
    choiceKind(tier, "Volume discount");
    if (tier.min_registrations <= registrations) {
      if (best === null || tier.min_registrations > best.min_registrations) best = tier;
    }
  }
  return best;
}

/** Price, deposit and details of one registration line (see the rules in `index.ts`). */
export function estimateRegistration(input: RegistrationPricingInput): RegistrationEstimate {
  const { price } = input;
  const quantity = input.quantity ?? 1;
  const unitDeposit = input.deposit ?? 0;
  assertAmount(price, "price");
  assertAmount(unitDeposit, "deposit");
  assertCount(quantity, "quantity", 1);
  const times = (amount: number) => fractionOf(amount, quantity, 1);

  // Partial registration, per place.
  let unitPrice = price;
  let unitFee = 0;
  if (input.dates) {
    const { chosen, selectable } = input.dates;
    assertCount(selectable, "Selectable dates", 1);
    assertCount(chosen, "Chosen dates", 1);
    if (chosen > selectable) throw new RangeError("More dates chosen than selectable");
    if (input.partial && chosen < selectable) {
      unitPrice = fractionOf(price, chosen, selectable);
      const feePerDate = input.partial.fee_per_date ?? 0;
      assertAmount(feePerDate, "fee_per_date");
      unitFee = fractionOf(feePerDate, chosen, 1);
    }
  }

  // Options, per place, a percentage being of the price after partial registration.
  const unitOptions = sumAmounts(
    (input.options ?? []).map((option) => amountOrPercentageOf(option, unitPrice)),
  );

  const base_price = times(price);
  const partial_registration_total_discount = times(price - unitPrice);
  const partial_registration_total_fee = times(unitFee);
  const options_total = times(unitOptions);

  // Bundle: covers the price after partial of as many places as it has room for.
  let bundle_total = 0;
  if (input.bundle) {
    const { remaining } = input.bundle;
    if (remaining !== null) assertCount(remaining, "Bundle remaining", 0);
    const covered = remaining === null ? quantity : Math.min(quantity, remaining);
    bundle_total = fractionOf(unitPrice, covered, 1);
  }

  let left = sumAmounts([
    base_price - partial_registration_total_discount,
    partial_registration_total_fee,
    options_total,
    -bundle_total,
  ]);

  // Volume discount: the reached tier on this line, capped at what is left.
  let volume_discounts_total = 0;
  const tier = input.volume
    ? volumeDiscountTier(input.volume.tiers, input.volume.registrations)
    : null;
  if (tier) {
    volume_discounts_total =
      choiceKind(tier, "Volume discount") === "amount"
        ? times(tier.amount as number)
        : percentageOf(left, tier.percentage as number | string);
    volume_discounts_total = Math.min(volume_discounts_total, left);
  }
  left -= volume_discounts_total;

  const customer_discount = bestCustomerDiscount(input.customerDiscounts ?? [], left, quantity);
  left -= customer_discount?.amount ?? 0;

  const discount = input.discount ?? 0;
  assertAmount(discount, "discount");
  const discounts_total = Math.min(discount, left);
  left -= discounts_total;

  return {
    price: left,
    deposit: Math.min(times(unitDeposit), left),
    details: {
      base_price,
      partial_registration_total_fee,
      partial_registration_total_discount,
      options_total,
      bundle_total,
      discounts_total,
      volume_discounts_total,
    },
    customer_discount,
  };
}
