import { bundleActivities, bundles, type coupons, queryPrepared, type TenantTx } from "@booking/db";
import { and, eq, inArray } from "@booking/db/orm";
import type { CustomerDiscountTerms } from "@booking/domain";

// What cart pricing reads besides the items (docs/decisions/0009-cart-pricing.md): the customer's
// wallet, bundles and discounts (decision 0100), the cart's coupon, the organiser's active
// volume-discount tiers, and the terms of the bundles that may pay for registrations.

export type VolumeDiscountRow = {
  minRegistrations: number;
  amount: number | null;
  percentage: number | null;
};

export type UsableCustomerBundle = {
  id: number;
  bundleId: number;
  participantId: number | null;
  /** capacity − used; null is unlimited. */
  remaining: number | null;
  expiresAt: Date | null;
};

/** A coupon as cart pricing and the cart view read it. */
export type CouponTerms = Pick<
  typeof coupons.$inferSelect,
  "id" | "code" | "title" | "label" | "active" | "amount" | "percentage" | "minTotalAmount"
>;

/** What pricing a customer's cart reads besides its items, in one statement. */
export type CustomerPricing = {
  /** The wallet balance, minor units (0 when the customer is not found). */
  wallet: number;
  /** Whom to confirm a processed cart to: null for an anonymised (or unknown) customer. */
  contact: { firstname: string; lastname: string; email: string; phone: string } | null;
  /** The cart's coupon, when it has one. */
  coupon: CouponTerms | null;
  /** The organiser's active volume-discount tiers, by threshold. */
  tiers: VolumeDiscountRow[];
  /** The customer's bundles that can still pay for a registration at `now`, oldest first. */
  bundles: UsableCustomerBundle[];
  /** The active discounts given to the customer, oldest given first (limits not checked yet). */
  discounts: CustomerDiscountTerms[];
};

type CustomerPricingRow = {
  id: number;
  wallet: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  active: boolean;
  coupon: CouponTerms | null;
  tiers: VolumeDiscountRow[];
  bundles: Array<Omit<UsableCustomerBundle, "expiresAt"> & { expiresAt: string | null }>;
  discounts: Array<CustomerDiscountTerms & { limited: boolean }>;
};

/**
 * $1 organiser, $2 customer (`many`: customers, an array, in id order), $3 coupon (or null),
 * $4 now; `lock`: FOR UPDATE of its rows.
 */
const customerPricingText = (
  lock: boolean,
  many = false,
) => `select c.id, c.wallet_amount as wallet, c.firstname,
       c.lastname, c.email, c.phone, c.anonymised_at is null as active,
       (select json_build_object(
                 'id', k.id, 'code', k.code, 'title', k.title, 'label', k.label,
                 'active', k.active, 'amount', k.amount, 'percentage', k.percentage,
                 'minTotalAmount', k.min_total_amount)
          from coupons k
         where k.organiser_id = c.organiser_id and k.id = $3::int) as coupon,
       (select coalesce(json_agg(json_build_object(
                 'minRegistrations', v.min_registrations, 'amount', v.amount,
                 'percentage', v.percentage) order by v.min_registrations, v.id), '[]')
          from volume_discounts v
         where v.organiser_id = c.organiser_id and v.active) as tiers,
       (select coalesce(json_agg(json_build_object(
                 'id', b.id, 'bundleId', b.bundle_id, 'participantId', b.participant_id,
                 'remaining', b.capacity - b.used, 'expiresAt', b.expires_at) order by b.id), '[]')
          from (select * from customer_bundles b
                 where b.organiser_id = c.organiser_id and b.customer_id = c.id
                   and (b.capacity is null or b.used < b.capacity)
                   and (b.expires_at is null or b.expires_at > $4) and b.refunded_at is null
                 ${lock ? "for update" : ""}) b) as bundles,
       (select coalesce(json_agg(json_build_object(
                 'key', d.cuid, 'name', d.name, 'amount', d.amount, 'percentage', d.percentage,
                 'active', d.active, 'valid_from', d.valid_from, 'valid_until', d.valid_until,
                 'ends_on', g.ends_on,
                 'limited', exists (select from discount_activities x
                                     where x.organiser_id = d.organiser_id and x.discount_id = d.id)
                         or exists (select from discount_categories x
                                     where x.organiser_id = d.organiser_id and x.discount_id = d.id),
                 'activity_ids', (select json_agg(l.activity_id) from (
                     select x.activity_id from discount_activities x
                      where x.organiser_id = d.organiser_id and x.discount_id = d.id
                     union
                     select ac.activity_id from discount_categories x
                       join activity_categories ac on ac.organiser_id = x.organiser_id
                                                  and ac.category_id = x.category_id
                      where x.organiser_id = d.organiser_id and x.discount_id = d.id) l))
                 order by g.id), '[]')
          from customer_discounts g
          join discounts d on d.organiser_id = g.organiser_id and d.id = g.discount_id
         where g.organiser_id = c.organiser_id and g.customer_id = c.id and d.active) as discounts
  from customers c
 where c.organiser_id = $1 and ${many ? "c.id = any($2::int[]) order by c.id" : "c.id = $2"}
 ${lock ? "for update of c" : ""}`;

const CUSTOMER_PRICING = {
  read: customerPricingText(false),
  lock: customerPricingText(true),
  lockMany: customerPricingText(true, true),
};

function customerPricingOf(row: CustomerPricingRow): CustomerPricing {
  return {
    wallet: row.wallet,
    contact: row.active
      ? { firstname: row.firstname, lastname: row.lastname, email: row.email, phone: row.phone }
      : null,
    coupon: row.coupon,
    tiers: row.tiers,
    bundles: row.bundles.map((bundle) => ({
      ...bundle,
      expiresAt: bundle.expiresAt === null ? null : new Date(bundle.expiresAt),
    })),
    // Limited to activities, or to categories that hold none: it applies to nothing.
    discounts: row.discounts.map(({ limited, ...discount }) => ({
      ...discount,
      activity_ids: limited ? (discount.activity_ids ?? []) : null,
    })),
  };
}

/**
 * Everything cart pricing reads of the customer and the organiser, in ONE statement (an
 * organiser without volume discounts and a customer without bundles cost no extra round trip):
 * the wallet, the contact of the confirmation, the coupon `couponId` (when not null), the active
 * volume-discount tiers, the customer's bundles with room left (unlimited or used <
 * capacity), not expired at `now` and not refunded, and the active discounts given to the
 * customer with the activities each is limited to.
 *
 * With `lock` (checkout), the customer's row and those bundles are locked (`FOR UPDATE`) until
 * the transaction ends: checkout uses the wallet and the bundles' room it counted.
 */
export async function findCustomerPricing(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  options: { couponId: number | null; now: Date; lock?: boolean },
): Promise<CustomerPricing> {
  const mode = options.lock ? "lock" : "read";
  const [row] = await queryPrepared<CustomerPricingRow>(
    tx,
    `cart_customer_pricing_${mode}`,
    CUSTOMER_PRICING[mode],
    [organiserId, customerId, options.couponId, options.now],
  );
  return row ? customerPricingOf(row) : NO_CUSTOMER;
}

const NO_CUSTOMER: CustomerPricing = {
  wallet: 0,
  contact: null,
  coupon: null,
  tiers: [],
  bundles: [],
  discounts: [],
};

/**
 * `findCustomerPricing` of many customers without coupon, locked (a batch of carts converted at
 * once: the console's places), in ONE statement: their rows are locked in id order, the order
 * of two such batches.
 */
export async function lockCustomersPricing(
  tx: TenantTx,
  organiserId: number,
  customerIds: number[],
  now: Date,
): Promise<Map<number, CustomerPricing>> {
  const ids = [...new Set(customerIds)].sort((a, b) => a - b);
  const rows = await queryPrepared<CustomerPricingRow>(
    tx,
    "cart_customers_pricing_lock",
    CUSTOMER_PRICING.lockMany,
    [organiserId, ids, null, now],
  );
  const found = new Map(rows.map((row) => [row.id, customerPricingOf(row)] as const));
  return new Map(ids.map((id) => [id, found.get(id) ?? NO_CUSTOMER] as const));
}

export type BundleTerms = {
  id: number;
  capacity: number | null;
  duration: number | null;
  expiresAt: Date | null;
  /** The activities among those asked that the bundle pays registrations of. */
  activityIds: number[];
};

/**
 * Some bundles with their validity terms and the activities (among `activityIds`) whose
 * registrations they pay for.
 */
export async function listBundleTerms(
  tx: TenantTx,
  organiserId: number,
  bundleIds: number[],
  activityIds: number[],
): Promise<Map<number, BundleTerms>> {
  if (bundleIds.length === 0 || activityIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: bundles.id,
      capacity: bundles.capacity,
      duration: bundles.duration,
      expiresAt: bundles.expiresAt,
      activityId: bundleActivities.activityId,
    })
    .from(bundles)
    .innerJoin(
      bundleActivities,
      and(
        eq(bundleActivities.organiserId, bundles.organiserId),
        eq(bundleActivities.bundleId, bundles.id),
        inArray(bundleActivities.activityId, activityIds),
      ),
    )
    .where(and(eq(bundles.organiserId, organiserId), inArray(bundles.id, bundleIds)));
  const terms = new Map<number, BundleTerms>();
  for (const { activityId, ...bundle } of rows) {
    const entry = terms.get(bundle.id) ?? { ...bundle, activityIds: [] };
    entry.activityIds.push(activityId);
    terms.set(bundle.id, entry);
  }
  return terms;
}
