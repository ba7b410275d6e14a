import {
  activityCategories,
  availabilityCategories,
  categories,
  categoryGroups,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray } from "@booking/db/orm";
import type { AnyPgColumn, PgInsertValue } from "drizzle-orm/pg-core";

// Activities and availabilities are filed under categories through one link table each, of the
// same shape: the organiser, the owner's id, the category's id.

type LinkTable = typeof activityCategories | typeof availabilityCategories;

/** A link table with its column naming the owner, and how to write one of its rows. */
interface CategoryLink<Table extends LinkTable> {
  table: Table;
  ownerId: AnyPgColumn<{ data: number }>;
  row(organiserId: number, ownerId: number, categoryId: number): PgInsertValue<Table>;
}
type AnyCategoryLink =
  | CategoryLink<typeof activityCategories>
  | CategoryLink<typeof availabilityCategories>;

export const activityCategoryLink: CategoryLink<typeof activityCategories> = {
  table: activityCategories,
  ownerId: activityCategories.activityId,
  row: (organiserId, activityId, categoryId) => ({ organiserId, activityId, categoryId }),
};

export const availabilityCategoryLink: CategoryLink<typeof availabilityCategories> = {
  table: availabilityCategories,
  ownerId: availabilityCategories.availabilityId,
  row: (organiserId, availabilityId, categoryId) => ({ organiserId, availabilityId, categoryId }),
};

/** The categories of some owners, each with its owner's id, by group then category order. */
export async function listLinkedCategories(
  tx: TenantTx,
  link: AnyCategoryLink,
  organiserId: number,
  ownerIds: number[],
) {
  if (ownerIds.length === 0) return [];
  const { table, ownerId } = link;
  return tx
    .select({
      ownerId,
      cuid: categories.cuid,
      title: categories.title,
      group: { cuid: categoryGroups.cuid, title: categoryGroups.title },
    })
    .from(table)
    .innerJoin(
      categories,
      and(eq(categories.organiserId, table.organiserId), eq(categories.id, table.categoryId)),
    )
    .innerJoin(
      categoryGroups,
      and(
        eq(categoryGroups.organiserId, categories.organiserId),
        eq(categoryGroups.id, categories.groupId),
      ),
    )
    .where(and(eq(table.organiserId, organiserId), inArray(ownerId, ownerIds)))
    .orderBy(asc(categoryGroups.order), asc(categories.order), asc(categories.id));
}

/** Files one owner under exactly these categories. */
export async function replaceLinkedCategories<Table extends LinkTable>(
  tx: TenantTx,
  link: CategoryLink<Table>,
  organiserId: number,
  ownerId: number,
  categoryIds: number[],
): Promise<void> {
  const { table } = link;
  await tx.delete(table).where(and(eq(table.organiserId, organiserId), eq(link.ownerId, ownerId)));
  if (categoryIds.length === 0) return;
  await tx
    .insert(link.table)
    .values(categoryIds.map((categoryId) => link.row(organiserId, ownerId, categoryId)));
}
