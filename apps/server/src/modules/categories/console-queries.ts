import { activityCategories, categories, categoryGroups, type TenantTx } from "@booking/db";
import { and, asc, count, eq, inArray, max } from "@booking/db/orm";
import { positionIn } from "../activities/ordering.ts";

export type CategoryGroup = typeof categoryGroups.$inferSelect;
export type Category = typeof categories.$inferSelect;

/** Every group with its categories and how many activities each category files, in order. */
export async function listGroupsWithCategories(tx: TenantTx, organiserId: number) {
  const groups = await tx
    .select()
    .from(categoryGroups)
    .where(eq(categoryGroups.organiserId, organiserId))
    .orderBy(asc(categoryGroups.order), asc(categoryGroups.id));
  const rows = await tx
    .select()
    .from(categories)
    .where(eq(categories.organiserId, organiserId))
    .orderBy(asc(categories.order), asc(categories.id));
  const filed = await tx
    .select({ categoryId: activityCategories.categoryId, n: count() })
    .from(activityCategories)
    .where(eq(activityCategories.organiserId, organiserId))
    .groupBy(activityCategories.categoryId);
  const activitiesOf = new Map(filed.map((row) => [row.categoryId, row.n]));
  return groups.map((group) => ({
    group,
    categories: rows
      .filter((category) => category.groupId === group.id)
      .map((category) => ({ category, activities: activitiesOf.get(category.id) ?? 0 })),
  }));
}

export async function findGroup(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(categoryGroups)
    .where(and(eq(categoryGroups.organiserId, organiserId), eq(categoryGroups.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function findCategory(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select({ category: categories, group: categoryGroups })
    .from(categories)
    .innerJoin(
      categoryGroups,
      and(
        eq(categoryGroups.organiserId, categories.organiserId),
        eq(categoryGroups.id, categories.groupId),
      ),
    )
    .where(and(eq(categories.organiserId, organiserId), eq(categories.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** The position after the last group (new groups go last). */
export async function nextGroupOrder(tx: TenantTx, organiserId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(categoryGroups.order) })
    .from(categoryGroups)
    .where(eq(categoryGroups.organiserId, organiserId));
  return (row?.last ?? -1) + 1;
}

/** The position after the group's last category. */
export async function nextCategoryOrder(
  tx: TenantTx,
  organiserId: number,
  groupId: number,
): Promise<number> {
  const [row] = await tx
    .select({ last: max(categories.order) })
    .from(categories)
    .where(and(eq(categories.organiserId, organiserId), eq(categories.groupId, groupId)));
  return (row?.last ?? -1) + 1;
}

export async function insertGroup(
  tx: TenantTx,
  values: typeof categoryGroups.$inferInsert,
): Promise<CategoryGroup> {
  const [row] = await tx.insert(categoryGroups).values(values).returning();
  return row!;
}

export async function updateGroup(
  tx: TenantTx,
  id: number,
  values: Pick<CategoryGroup, "title" | "scope">,
): Promise<CategoryGroup> {
  const [row] = await tx
    .update(categoryGroups)
    .set(values)
    .where(eq(categoryGroups.id, id))
    .returning();
  return row!;
}

export async function countGroupCategories(tx: TenantTx, organiserId: number, groupId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(categories)
    .where(and(eq(categories.organiserId, organiserId), eq(categories.groupId, groupId)));
  return row?.n ?? 0;
}

export async function deleteGroup(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(categoryGroups).where(eq(categoryGroups.id, id));
}

export async function insertCategory(
  tx: TenantTx,
  values: typeof categories.$inferInsert,
): Promise<Category> {
  const [row] = await tx.insert(categories).values(values).returning();
  return row!;
}

export async function updateCategory(
  tx: TenantTx,
  id: number,
  values: Partial<Pick<Category, "title" | "groupId" | "order">>,
): Promise<Category> {
  const [row] = await tx.update(categories).set(values).where(eq(categories.id, id)).returning();
  return row!;
}

export async function countCategoryActivities(tx: TenantTx, organiserId: number, id: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(activityCategories)
    .where(
      and(eq(activityCategories.organiserId, organiserId), eq(activityCategories.categoryId, id)),
    );
  return row?.n ?? 0;
}

/** Deletes a category; the activities and availabilities filed under it lose it (cascade). */
export async function deleteCategory(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, id));
}

/** The organiser's groups, or one group's categories, as id and cuid (to check a new order). */
export async function groupIds(tx: TenantTx, organiserId: number) {
  return tx
    .select({ id: categoryGroups.id, cuid: categoryGroups.cuid })
    .from(categoryGroups)
    .where(eq(categoryGroups.organiserId, organiserId));
}

export async function reorderGroups(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(categoryGroups)
    .set({ order: positionIn(categoryGroups.id, ids) })
    .where(and(eq(categoryGroups.organiserId, organiserId), inArray(categoryGroups.id, ids)));
}

export async function reorderCategories(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(categories)
    .set({ order: positionIn(categories.id, ids) })
    .where(and(eq(categories.organiserId, organiserId), inArray(categories.id, ids)));
}

export async function categoryIdsOfGroup(tx: TenantTx, organiserId: number, groupId: number) {
  return tx
    .select({ id: categories.id, cuid: categories.cuid })
    .from(categories)
    .where(and(eq(categories.organiserId, organiserId), eq(categories.groupId, groupId)));
}

/** Category ids by cuid, among the organiser's (unknown cuids are absent from the map). */
export async function categoryIdsByCuid(tx: TenantTx, organiserId: number, cuids: string[]) {
  if (cuids.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: categories.id, cuid: categories.cuid })
    .from(categories)
    .where(and(eq(categories.organiserId, organiserId), inArray(categories.cuid, cuids)));
  return new Map(rows.map((row) => [row.cuid, row.id]));
}
