import {
  bundleActivities,
  bundles,
  customerBundles,
  type TenantTx,
  volumeDiscounts,
} from "@booking/db";
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "@booking/db/orm";

// What cart pricing reads besides the items (docs/decisions/0009-cart-pricing.md): the organiser's
// active volume-discount tiers and the bundles that may pay for registrations.

export type VolumeDiscountRow = {
  minRegistrations: number;
  amount: number | null;
  percentage: number | null;
};

/** The organiser's active volume-discount tiers, by threshold. */
export function listActiveVolumeDiscounts(
  tx: TenantTx,
  organiserId: number,
): Promise<VolumeDiscountRow[]> {
  return tx
    .select({
      minRegistrations: volumeDiscounts.minRegistrations,
      amount: volumeDiscounts.amount,
      percentage: volumeDiscounts.percentage,
    })
    .from(volumeDiscounts)
    .where(and(eq(volumeDiscounts.organiserId, organiserId), eq(volumeDiscounts.active, true)))
    .orderBy(asc(volumeDiscounts.minRegistrations), asc(volumeDiscounts.id));
}

export type UsableCustomerBundle = {
  id: number;
  bundleId: number;
  participantId: number | null;
  /** capacity − used; null is unlimited. */
  remaining: number | null;
  expiresAt: Date | null;
};

/**
 * The customer's bundles that can still pay for a registration at `now`: room left (unlimited
 * or used < capacity) and not expired, oldest first. With `lock`, their rows are locked
 * (`FOR UPDATE`) until the transaction ends: checkout counts their room and then uses it.
 */
export async function listUsableCustomerBundles(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<UsableCustomerBundle[]> {
  const query = tx
    .select({
      id: customerBundles.id,
      bundleId: customerBundles.bundleId,
      participantId: customerBundles.participantId,
      // integer − integer: an int4, which node-postgres reads as a number (null stays null).
      remaining: sql<number | null>`${customerBundles.capacity} - ${customerBundles.used}`,
      expiresAt: customerBundles.expiresAt,
    })
    .from(customerBundles)
    .where(
      and(
        eq(customerBundles.organiserId, organiserId),
        eq(customerBundles.customerId, customerId),
        or(isNull(customerBundles.capacity), lt(customerBundles.used, customerBundles.capacity)),
        or(isNull(customerBundles.expiresAt), gt(customerBundles.expiresAt, now)),
      ),
    )
    .orderBy(asc(customerBundles.id));
  return options.lock ? query.for("update") : query;
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
