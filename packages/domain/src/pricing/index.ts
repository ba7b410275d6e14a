/**
 * Pricing of the cart (storefront.md §3 Estimate, Coupon, Service fees; §4 Dates, Checkout; §9;
 * platform-and-account.md §3.2 billing customers_service_fee_*). Pure functions, no I/O; every
 * amount is an integer of minor units (≥ 0, safe integer), anything else throws RangeError.
 * Decision record: docs/decisions/0007-pricing.md.
 *
 * ROUNDING — one rule everywhere. A fraction of an amount (a percentage, k of n dates) is the
 * exact rational computed with integers (BigInt) and rounded once, half away from zero, to a
 * minor unit: 12.5 % of 333 = 41.625 → 42, 1000 × 1/3 = 333.33… → 333, 2000 × 1/3 → 667,
 * 50 % of 1 = 0.5 → 1. Percentages have at most 2 decimals (numeric(5,2)) and are read as basis
 * points from their decimal text (`toBasisPoints`), never multiplied as floats. An amount split
 * over several items (the coupon) uses the largest-remainder method, so parts sum to the whole.
 *
 * REGISTRATION LINE (`estimateRegistration`). A line of quantity q is q identical places: the
 * per-place figures below are computed once and multiplied by q.
 * 1. base_price = availability price × q.
 * 2. Partial registration, only when `partial` is configured (not null) and the customer chose
 *    k < n of the selectable dates: place price = round(price × k / n);
 *    partial_registration_total_discount = (price − place price) × q; when the organiser sets
 *    `partial.fee_per_date`, partial_registration_total_fee = fee_per_date × k × q. All dates
 *    chosen, or partial registration off (`partial` null: the availability is sold whole), the
 *    place price is the price and both figures are 0.
 * 3. Options, per place: an amount, or a percentage of the place price after step 2 (rounded per
 *    place); options_total = Σ × q.
 * 4. Bundle: a customer bundle with room covers min(q, remaining) places (all of them when its
 *    capacity is unlimited); bundle_total = covered places × place price after step 2. It covers
 *    the registration price only: options and the partial fee stay due, and so do the places
 *    beyond its room (the "part not covered").
 * 5. Volume discount: the organiser's tiers `{ min_registrations, amount | percentage }`; the tier
 *    reached is the one with the largest min_registrations not above the number of registration
 *    places in the cart (Σ quantities). It is not a cart-level pot shared out: each registration
 *    line takes it on its own amount left after step 4 — a percentage of that amount, or the
 *    amount per place × q — capped at that amount. So a line's estimate is the same alone (given
 *    the cart's count) as in the cart, and bundles, memberships and vouchers get none.
 * 6. Customer discount (decision 0100): among the discounts the customer holds that apply to
 *    the line (`applicableCustomerDiscounts`: active, inside their period on the organiser's
 *    day, not ended for this customer, limited to no other activity), the one giving the most
 *    (`bestCustomerDiscount`): an amount per place × q, or a percentage of what is left after
 *    step 5 (rounding rule), capped at it. Customer discounts never add up with each other; they
 *    come after bundles and volume discounts and before the coupon, which is a percentage of
 *    what the customer discount left. Outside `details` (the spec's list): `customer_discount`.
 * 7. discounts_total: the line's share of the cart coupon (set by `priceCart`), capped.
 * price = base − partial discount + partial fee + options − bundle − volume − customer discount
 * − discounts (≥ 0);
 * deposit = availability deposit × q, never above price.
 *
 * CART (`priceCart`). Items: registration lines, and one entry per unit of bundle, membership or
 * voucher at its unit price.
 * - subtotal = Σ item prices (registrations after volume discounts).
 * - Coupon: inactive → not applied, reason INACTIVE; subtotal < min_total_amount → not applied,
 *   MINIMUM_NOT_REACHED (checked in that order). Otherwise a percentage of the subtotal (rounding
 *   rule) or the amount, capped at the subtotal (100 % or a larger amount makes it 0). It is
 *   shared across all items proportionally to their subtotals by the largest-remainder method.
 * - total = subtotal − coupon = Σ item totals (exactly).
 * - wallet_use = min(wallet, total).
 * - service_fees = amount + round(percentage % × (total − wallet_use)); 0 when the total is 0.
 *   When the wallet covers everything the fixed amount is still due.
 * - payable = max(0, total − wallet_use + service_fees).
 * - deposit = Σ item deposits (each ≤ its item total, so ≤ total); deposit_payable =
 *   min(deposit, payable), the amount an IMMEDIATE_DEPOSIT payment asks.
 * - bundle_total = Σ registration bundle_totals; volume_discounts_total likewise;
 *   customer_discounts: per customer discount (in the order the items first got it), the sum
 *   the lines got, and customer_discounts_total their sum.
 *
 * BUNDLE COVERAGE (`allocateBundleCoverage`): which customer bundle pays for which registration
 * place. A bundle covers a place when it is valid (expires_at null or after now), covers the
 * place's activity, belongs to the place's participant or to the whole family (participant
 * null), and has room (remaining = capacity − used > 0, or unlimited). Places are served in the
 * order given (the cart's order: earlier items first, so adding an item never takes a bundle
 * from an item already in the cart); each takes the covering bundle that ends first (no end
 * last, then the order given) and uses one of its registrations. A covered place is priced with
 * `bundle: { remaining: 1 }` (step 4 of the registration line).
 */

export * from "./bundle-coverage.ts";
export * from "./cart.ts";
export * from "./customer-discount.ts";
export * from "./registration.ts";
export * from "./rounding.ts";
