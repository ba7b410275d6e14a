import {
  activities,
  categories,
  customerDiscounts,
  discountActivities,
  discountCategories,
  discounts,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, eq, inArray, isNull, sql } from "@booking/db/orm";

// The organiser's customer discounts (decision 0100) and the activities and categories each is
// limited to.

export type DiscountRow = typeof discounts.$inferSelect;
export type DiscountValues = Pick<
  typeof discounts.$inferInsert,
  "name" | "amount" | "percentage" | "validFrom" | "validUntil" | "active"
>;
export type Reference = { id: number; cuid: string; title: string };

const ofOrganiser = (organiserId: number) => eq(discounts.organiserId, organiserId);

export function listDiscounts(tx: TenantTx, organiserId: number): Promise<DiscountRow[]> {
  return tx
    .select()
    .from(discounts)
    .where(ofOrganiser(organiserId))
    .orderBy(asc(discounts.name), asc(discounts.id));
}

export async function findDiscount(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<DiscountRow | null> {
  const query = tx
    .select()
    .from(discounts)
    .where(and(ofOrganiser(organiserId), eq(discounts.cuid, cuid)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function insertDiscount(
  tx: TenantTx,
  organiserId: number,
  values: DiscountValues,
): Promise<DiscountRow> {
  const [row] = await tx
    .insert(discounts)
    .values({ organiserId, ...values })
    .returning();
  return row!;
}

export async function updateDiscount(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: DiscountValues,
): Promise<DiscountRow> {
  const [row] = await tx
    .update(discounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofOrganiser(organiserId), eq(discounts.id, id)))
    .returning();
  return row!;
}

/** Deletes a discount no checkout used (its customers' rows and limits go with it). */
export async function deleteUnappliedDiscount(
  tx: TenantTx,
  organiserId: number,
  id: number,
): Promise<boolean> {
  const rows = await tx
    .delete(discounts)
    .where(and(ofOrganiser(organiserId), eq(discounts.id, id), isNull(discounts.appliedAt)))
    .returning({ id: discounts.id });
  return rows.length > 0;
}

/** Marks the discounts (cuids) a checkout applied: from then on they cannot be deleted. */
export async function markDiscountsApplied(
  tx: TenantTx,
  organiserId: number,
  cuids: string[],
  now: Date,
): Promise<void> {
  if (cuids.length === 0) return;
  await tx
    .update(discounts)
    .set({ appliedAt: now })
    .where(
      and(ofOrganiser(organiserId), inArray(discounts.cuid, cuids), isNull(discounts.appliedAt)),
    );
}

/** The activities and categories of the organiser, by cuid, among `cuids` (unknown ones left out). */
export async function findLimits(
  tx: TenantTx,
  organiserId: number,
  cuids: { activities: string[]; categories: string[] },
) {
  const found = {
    activities:
      cuids.activities.length === 0
        ? []
        : await tx
            .select({ id: activities.id, cuid: activities.cuid })
            .from(activities)
            .where(
              and(
                eq(activities.organiserId, organiserId),
                inArray(activities.cuid, cuids.activities),
              ),
            ),
    categories:
      cuids.categories.length === 0
        ? []
        : await tx
            .select({ id: categories.id, cuid: categories.cuid })
            .from(categories)
            .where(
              and(
                eq(categories.organiserId, organiserId),
                inArray(categories.cuid, cuids.categories),
              ),
            ),
  };
  return found;
}

/** Replaces a discount's limits with these activities and categories (ids of the organiser). */
export async function setLimits(
  tx: TenantTx,
  organiserId: number,
  discountId: number,
  ids: { activities: number[]; categories: number[] },
): Promise<void> {
  const mine = (table: typeof discountActivities | typeof discountCategories) =>
    and(eq(table.organiserId, organiserId), eq(table.discountId, discountId));
  await tx.delete(discountActivities).where(mine(discountActivities));
  await tx.delete(discountCategories).where(mine(discountCategories));
  if (ids.activities.length > 0) {
    await tx
      .insert(discountActivities)
      .values(ids.activities.map((activityId) => ({ organiserId, discountId, activityId })));
  }
  if (ids.categories.length > 0) {
    await tx
      .insert(discountCategories)
      .values(ids.categories.map((categoryId) => ({ organiserId, discountId, categoryId })));
  }
}

/** Each discount's limits (as references) and how many customers hold it, by discount id. */
export async function listDiscountDetails(tx: TenantTx, organiserId: number, ids: number[]) {
  const details = new Map(
    ids.map((id) => [
      id,
      { activities: [] as Reference[], categories: [] as Reference[], customers: 0 },
    ]),
  );
  if (ids.length === 0) return details;
  const limitedActivities = await tx
    .select({
      discountId: discountActivities.discountId,
      id: activities.id,
      cuid: activities.cuid,
      title: activities.title,
    })
    .from(discountActivities)
    .innerJoin(
      activities,
      and(
        eq(activities.organiserId, discountActivities.organiserId),
        eq(activities.id, discountActivities.activityId),
      ),
    )
    .where(
      and(
        eq(discountActivities.organiserId, organiserId),
        inArray(discountActivities.discountId, ids),
      ),
    )
    .orderBy(asc(activities.title));
  const limitedCategories = await tx
    .select({
      discountId: discountCategories.discountId,
      id: categories.id,
      cuid: categories.cuid,
      title: categories.title,
    })
    .from(discountCategories)
    .innerJoin(
      categories,
      and(
        eq(categories.organiserId, discountCategories.organiserId),
        eq(categories.id, discountCategories.categoryId),
      ),
    )
    .where(
      and(
        eq(discountCategories.organiserId, organiserId),
        inArray(discountCategories.discountId, ids),
      ),
    )
    .orderBy(asc(categories.title));
  const holders = await tx
    .select({ discountId: customerDiscounts.discountId, customers: count() })
    .from(customerDiscounts)
    .where(
      and(
        eq(customerDiscounts.organiserId, organiserId),
        inArray(customerDiscounts.discountId, ids),
      ),
    )
    .groupBy(customerDiscounts.discountId);
  for (const { discountId, ...reference } of limitedActivities) {
    details.get(discountId)!.activities.push(reference);
  }
  for (const { discountId, ...reference } of limitedCategories) {
    details.get(discountId)!.categories.push(reference);
  }
  for (const row of holders) details.get(row.discountId)!.customers = row.customers;
  return details;
}

/** The activities and categories a discount may be limited to, by title. */
export async function listLimitChoices(tx: TenantTx, organiserId: number) {
  const activityChoices = await tx
    .select({ cuid: activities.cuid, title: activities.title })
    .from(activities)
    .where(eq(activities.organiserId, organiserId))
    .orderBy(asc(activities.title));
  const categoryChoices = await tx
    .select({ cuid: categories.cuid, title: categories.title })
    .from(categories)
    .where(eq(categories.organiserId, organiserId))
    .orderBy(asc(sql`lower(${categories.title})`));
  return { activities: activityChoices, categories: categoryChoices };
}
