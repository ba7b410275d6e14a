import {
  allocateBundleCoverage,
  applicableCustomerDiscounts,
  type CartItemInput,
  type CartPrice,
  type CoverageBundle,
  type CoveragePlace,
  type CustomerDiscountChoice,
  estimateRegistration,
  expiryOf,
  localDay,
  type PlacePricing,
  type ProductCartItem,
  priceCart,
  type RegistrationEstimate,
  type VolumeDiscountTier,
} from "@booking/domain";
import type { ServiceContext } from "../../http/service-context.ts";
import { type BundleTerms, type CustomerPricing, listBundleTerms } from "./pricing-queries.ts";
import type { CartItemRow } from "./queries.ts";

// The one pricing of a cart (docs/decisions/0009-cart-pricing.md), shared by the estimate, the
// cart view and checkout: each registration item is priced again from the pricing of its place
// stored when it was added, with what depends on the rest of the cart — the organiser's active
// volume-discount tiers and the customer bundles that pay for it — then `priceCart` adds the
// coupon, the wallet and the service fees.

/** What pays for a registration item: a bundle the customer owns, or a bundle item of the cart. */
export type BundleUse = { customerBundleId: number } | { bundleItemId: number };

/** A cart item as pricing reads it: the row's priced columns, and the activity of a registration. */
export type PricingRow = {
  item: Pick<
    CartItemRow,
    "id" | "type" | "participantId" | "bundleId" | "price" | "deposit" | "payload"
  >;
  activity: { id: number } | null;
};

type Discounts = { tiers: VolumeDiscountTier[]; bundles: CoverageBundle<BundleUse>[] };

const isProduct = (item: PricingRow["item"]) =>
  item.type === "BUNDLE" ||
  item.type === "VOUCHER" ||
  item.type === "MEMBERSHIP" ||
  item.type === "BOOKING" ||
  item.type === "REGISTRATION_REQUEST";

const unique = (values: number[]) => [...new Set(values)];

/** The registration places of the rows a bundle may pay for, in the rows' order. */
function placesOf(rows: readonly PricingRow[]): CoveragePlace<number>[] {
  return rows.flatMap(({ item, activity }) =>
    item.type === "REGISTRATION" && activity && item.participantId !== null
      ? [{ key: item.id, activity_id: activity.id, participant_id: item.participantId }]
      : [],
  );
}

/**
 * The terms of the bundles that may pay for registrations of `activityIds` in the carts of
 * `customers` (their own bundles, then the carts' bundle items), read once for all of them; no
 * statement when there is no such bundle or no registration.
 */
export async function loadBundleTerms(
  context: Pick<ServiceContext, "db" | "organiser">,
  customers: readonly CustomerPricing[],
  rows: readonly PricingRow[],
  activityIds: number[],
): Promise<Map<number, BundleTerms>> {
  if (!rows.some((row) => !isProduct(row.item)) && activityIds.length === 0) return new Map();
  return listBundleTerms(
    context.db,
    context.organiser.id,
    unique([
      ...customers.flatMap((customer) => customer.bundles.map((bundle) => bundle.bundleId)),
      ...rows.flatMap((row) =>
        row.item.type === "BUNDLE" && row.item.bundleId !== null ? [row.item.bundleId] : [],
      ),
    ]),
    activityIds,
  );
}

/**
 * The active volume-discount tiers and the bundles that may pay for registrations of a cart
 * (`terms`: `loadBundleTerms`; none when there is no registration): the customer's own bundles
 * with room (`customer.bundles`, read and locked by `findCustomerPricing`), then the cart's bundle
 * items — valid from now as checkout will make them, with their whole capacity.
 */
function discountsOf(
  customer: CustomerPricing,
  rows: readonly PricingRow[],
  activityIds: number[],
  terms: Map<number, BundleTerms>,
  now: Date,
): Discounts {
  if (!rows.some((row) => !isProduct(row.item)) && activityIds.length === 0) {
    return { tiers: [], bundles: [] };
  }
  const tiers = customer.tiers.map((tier) => ({
    min_registrations: tier.minRegistrations,
    amount: tier.amount,
    percentage: tier.percentage,
  }));
  const bundles: CoverageBundle<BundleUse>[] = [];
  for (const bundle of customer.bundles) {
    const bundleTerms = terms.get(bundle.bundleId);
    if (!bundleTerms) continue;
    bundles.push({
      key: { customerBundleId: bundle.id },
      activity_ids: bundleTerms.activityIds,
      participant_id: bundle.participantId,
      remaining: bundle.remaining,
      expires_at: bundle.expiresAt,
    });
  }
  for (const { item } of rows) {
    if (item.type !== "BUNDLE" || item.bundleId === null) continue;
    const bundleTerms = terms.get(item.bundleId);
    if (!bundleTerms) continue;
    bundles.push({
      key: { bundleItemId: item.id },
      activity_ids: bundleTerms.activityIds,
      participant_id: item.participantId,
      remaining: bundleTerms.capacity === null ? null : Math.max(0, bundleTerms.capacity),
      expires_at: expiryOf(now, bundleTerms.duration, bundleTerms.expiresAt),
    });
  }
  return { tiers, bundles };
}

/**
 * The pricing of one place of a registration item: stored when it was added; an item without
 * it (added before it was stored, or a registration request or booking) is its stored price.
 */
function placePricing(item: PricingRow["item"]): PlacePricing {
  return item.payload.pricing ?? { price: item.price, deposit: item.deposit };
}

/**
 * The discounts given to the customer that apply to a registration of `activity` on the
 * organiser's day (decision 0100): none without any, so most customers cost nothing more.
 */
function customerDiscountsFor(
  context: Pick<ServiceContext, "organiser">,
  customer: CustomerPricing,
  activity: { id: number } | null,
  now: Date,
): CustomerDiscountChoice[] {
  if (customer.discounts.length === 0 || activity === null) return [];
  const today = localDay(now, context.organiser.timezone);
  return applicableCustomerDiscounts(customer.discounts, { activityId: activity.id, today });
}

export type CartPricing = {
  price: CartPrice;
  /** The bundle paying for each covered registration item, by item id. */
  coverage: Map<number, BundleUse>;
};

/**
 * Every figure of a cart by `priceCart`: registration items (one place each) priced from their
 * stored place pricing with the bundle covering them and the reached volume-discount tier;
 * bundles, vouchers and memberships at their price; the coupon, the wallet (`wallet`: the
 * balance, or less when the caller caps it) and the organiser's service fees. `customer` is
 * what `findCustomerPricing` read (with its locks, at checkout). The priced items keep the order
 * and ids of `rows`.
 */
export async function priceCartRows(
  context: ServiceContext,
  rows: readonly PricingRow[],
  options: { customer: CustomerPricing; wallet: number; now: Date },
): Promise<CartPricing> {
  const terms = await loadBundleTerms(
    context,
    [options.customer],
    rows,
    unique(placesOf(rows).map((place) => place.activity_id)),
  );
  return priceRows(context, rows, { ...options, terms });
}

/**
 * `priceCartRows` with the bundles' terms already read (`loadBundleTerms`, once for many carts:
 * the console's batch of places prices each of its carts here).
 */
export function priceRows(
  context: Pick<ServiceContext, "organiser">,
  rows: readonly PricingRow[],
  options: {
    customer: CustomerPricing;
    wallet: number;
    now: Date;
    terms: Map<number, BundleTerms>;
  },
): CartPricing {
  const { customer, now } = options;
  const { coupon } = customer;
  const places = placesOf(rows);
  const activityIds = unique(places.map((place) => place.activity_id));
  const discounts = discountsOf(customer, rows, activityIds, options.terms, now);
  const coverage = allocateBundleCoverage(places, discounts.bundles, now);
  const lines: CartItemInput[] = rows.map(({ item, activity }) =>
    isProduct(item)
      ? { type: item.type as ProductCartItem["type"], id: item.id, price: item.price }
      : {
          type: "REGISTRATION",
          id: item.id,
          ...placePricing(item),
          quantity: 1,
          bundle: coverage.has(item.id) ? { remaining: 1 } : null,
          customerDiscounts: customerDiscountsFor(context, customer, activity, now),
        },
  );
  const { billing } = context.organiser;
  const price = priceCart(lines, {
    coupon: coupon
      ? {
          title: coupon.title,
          label: coupon.label,
          active: coupon.active,
          amount: coupon.amount,
          percentage: coupon.percentage,
          min_total_amount: coupon.minTotalAmount,
        }
      : null,
    wallet: options.wallet,
    serviceFees: {
      amount: billing.customers_service_fee_amount ?? 0,
      percentage: billing.customers_service_fee_percentage ?? 0,
    },
    volumeDiscounts: discounts.tiers,
  });
  return { price, coverage };
}

/**
 * The estimate of `quantity` places of a registration joining the customer's cart (`rows`, its
 * live items): the bundles left after the cart's registrations took theirs pay for as many of
 * its places as they have room for, and the tier reached by the cart's registrations plus these
 * places applies (no coupon share: the estimate is before the coupon).
 */
export async function estimateInCart(
  context: ServiceContext,
  input: {
    customer: CustomerPricing;
    rows: readonly PricingRow[];
    activityId: number;
    participantId: number;
    pricing: PlacePricing;
    quantity: number;
    now: Date;
  },
): Promise<RegistrationEstimate> {
  const { rows, quantity, now } = input;
  const places = placesOf(rows);
  const activityIds = unique([...places.map((place) => place.activity_id), input.activityId]);
  const terms = await loadBundleTerms(context, [input.customer], rows, activityIds);
  const discounts = discountsOf(input.customer, rows, activityIds, terms, now);
  // New places after the cart's: their keys (negative) cannot be an item id.
  const added = Array.from({ length: quantity }, (_, index) => ({
    key: -1 - index,
    activity_id: input.activityId,
    participant_id: input.participantId,
  }));
  const coverage = allocateBundleCoverage([...places, ...added], discounts.bundles, now);
  const covered = added.filter((place) => coverage.has(place.key)).length;
  const registrations = rows.filter((row) => !isProduct(row.item)).length + quantity;
  return estimateRegistration({
    ...input.pricing,
    quantity,
    bundle: covered > 0 ? { remaining: covered } : null,
    volume: discounts.tiers.length > 0 ? { tiers: discounts.tiers, registrations } : null,
    customerDiscounts: customerDiscountsFor(context, input.customer, { id: input.activityId }, now),
  });
}
