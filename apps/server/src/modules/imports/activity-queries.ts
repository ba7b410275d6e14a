import type { TenantTx } from "@booking/db";
import { activities, activityCategories, categories } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import type { ActivityValues, ExistingActivity } from "@booking/domain";

/** The organiser's categories, by which a file names them. */
export async function findCategoryNames(
  tx: TenantTx,
  organiserId: number,
): Promise<{ id: number; title: string }[]> {
  return tx
    .select({ id: categories.id, title: categories.title })
    .from(categories)
    .where(eq(categories.organiserId, organiserId))
    .orderBy(categories.id);
}

/** Every activity of the organiser with its categories' ids (a catalogue is small). */
export async function findExistingActivities(
  tx: TenantTx,
  organiserId: number,
): Promise<ExistingActivity[]> {
  const rows = await tx
    .select({
      id: activities.id,
      externalId: activities.externalId,
      title: activities.title,
      description: activities.description,
      ageMinimum: activities.ageMinimum,
      ageMaximum: activities.ageMaximum,
      price: activities.defaultPrice,
    })
    .from(activities)
    .where(eq(activities.organiserId, organiserId))
    .orderBy(activities.id);
  const links = await tx
    .select({
      activityId: activityCategories.activityId,
      categoryId: activityCategories.categoryId,
    })
    .from(activityCategories)
    .where(eq(activityCategories.organiserId, organiserId));
  return rows.map((row) => ({
    ...row,
    categoryIds: links.filter((l) => l.activityId === row.id).map((l) => l.categoryId),
  }));
}

const columns = (values: ActivityValues) => ({
  externalId: values.externalId,
  title: values.title,
  description: values.description,
  ageMinimum: values.ageMinimum,
  ageMaximum: values.ageMaximum,
  defaultPrice: values.price,
});

/** Inserts the activities (unpublished, as the console creates them); their ids in order. */
export async function insertActivities(
  tx: TenantTx,
  organiserId: number,
  values: readonly ActivityValues[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await tx
    .insert(activities)
    .values(values.map((value) => ({ organiserId, ...columns(value) })))
    .returning({ id: activities.id });
  return rows.map((row) => row.id);
}

export async function updateImportedActivity(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: ActivityValues,
): Promise<void> {
  await tx
    .update(activities)
    .set(columns(values))
    .where(and(eq(activities.organiserId, organiserId), eq(activities.id, id)));
}

/** Links activities to categories, leaving links already there. */
export async function linkActivityCategories(
  tx: TenantTx,
  organiserId: number,
  links: readonly { activityId: number; categoryId: number }[],
): Promise<void> {
  if (links.length === 0) return;
  await tx
    .insert(activityCategories)
    .values(links.map((link) => ({ organiserId, ...link })))
    .onConflictDoNothing();
}
