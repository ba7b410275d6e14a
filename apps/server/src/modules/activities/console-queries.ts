import {
  activities,
  activityCategories,
  activityOptions,
  activityQuestions,
  attendanceBillingConfigurations,
  availabilities,
  categories,
  registrationRequests,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "@booking/db/orm";
import { folded } from "../catalogue/queries.ts";
import { activityCategoryLink, listLinkedCategories } from "../categories/category-links.ts";
import { textSearch } from "./text-search.ts";

export type Activity = typeof activities.$inferSelect;
export type ActivityValues = Omit<
  typeof activities.$inferInsert,
  "id" | "cuid" | "organiserId" | "published" | "createdAt" | "updatedAt"
>;

export interface ActivityListFilters {
  search: string | undefined;
  categoryCuid: string | undefined;
  published: boolean | undefined;
}

/** Titles sort as people read them: accents and case aside ("Éveil" among the E). */
const titleKey = folded(activities.title);

const SORTS: Record<string, SQL[]> = {
  title: [asc(titleKey), asc(activities.id)],
  "-title": [desc(titleKey), desc(activities.id)],
  updated_at: [asc(activities.updatedAt), asc(activities.id)],
  "-updated_at": [desc(activities.updatedAt), desc(activities.id)],
  created_at: [asc(activities.createdAt), asc(activities.id)],
  "-created_at": [desc(activities.createdAt), desc(activities.id)],
};

export async function listActivities(
  tx: TenantTx,
  organiserId: number,
  filters: ActivityListFilters,
  sort: string,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(activities.organiserId, organiserId),
    textSearch(filters.search, [activities.title]),
    filters.published === undefined ? undefined : eq(activities.published, filters.published),
    filters.categoryCuid
      ? inArray(
          activities.id,
          tx
            .select({ id: activityCategories.activityId })
            .from(activityCategories)
            .innerJoin(
              categories,
              and(
                eq(categories.organiserId, activityCategories.organiserId),
                eq(categories.id, activityCategories.categoryId),
              ),
            )
            .where(
              and(
                eq(activityCategories.organiserId, organiserId),
                eq(categories.cuid, filters.categoryCuid),
              ),
            ),
        )
      : undefined,
  );
  const rows = await tx
    .select()
    .from(activities)
    .where(where)
    .orderBy(...(SORTS[sort] ?? SORTS.title!))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(activities).where(where);
  return { rows, count: total?.n ?? 0 };
}

/** How many availabilities each activity has, and when the next one not yet started begins. */
export async function availabilitySummaries(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<Map<number, { count: number; nextStartAt: Date | null }>> {
  if (activityIds.length === 0) return new Map();
  const rows = await tx
    .select({
      activityId: availabilities.activityId,
      count: count(),
      nextStartAt:
        sql<Date | null>`min(${availabilities.startAt}) filter (where ${availabilities.startAt} > now())`.mapWith(
          availabilities.startAt,
        ),
    })
    .from(availabilities)
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        inArray(availabilities.activityId, activityIds),
      ),
    )
    .groupBy(availabilities.activityId);
  return new Map(rows.map((row) => [row.activityId, row]));
}

export async function findActivity(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), eq(activities.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** How many options, questions and availabilities an activity has. */
export async function activityCounts(tx: TenantTx, organiserId: number, activityId: number) {
  const counted = (
    table: typeof activityOptions | typeof activityQuestions | typeof availabilities,
  ) =>
    sql`(select count(*)::int from ${table}
      where ${table.organiserId} = ${organiserId} and ${table.activityId} = ${activityId})`;
  const result = await tx.execute<{ options: number; questions: number; availabilities: number }>(
    sql`select ${counted(activityOptions)} as options, ${counted(activityQuestions)} as questions,
      ${counted(availabilities)} as availabilities`,
  );
  return result.rows[0] ?? { options: 0, questions: 0, availabilities: 0 };
}

export type CategoryRef = {
  activityId: number;
  cuid: string;
  title: string;
  group: { cuid: string; title: string };
};

/** The categories of some activities, by group then category order. */
export async function loadActivityCategories(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<CategoryRef[]> {
  const rows = await listLinkedCategories(tx, activityCategoryLink, organiserId, activityIds);
  return rows.map(({ ownerId, ...category }) => ({ activityId: ownerId, ...category }));
}

export async function insertActivity(
  tx: TenantTx,
  organiserId: number,
  values: ActivityValues,
): Promise<Activity> {
  const [row] = await tx
    .insert(activities)
    .values({ ...values, organiserId })
    .returning();
  return row!;
}

export async function updateActivity(
  tx: TenantTx,
  id: number,
  values: Partial<ActivityValues> & { published?: boolean },
): Promise<Activity> {
  const [row] = await tx.update(activities).set(values).where(eq(activities.id, id)).returning();
  return row!;
}

/**
 * Whether anything keeps a reference to the activity: its availabilities (and through them the
 * registrations), registration requests, attendance billing.
 */
export async function activityInUse(tx: TenantTx, organiserId: number, activityId: number) {
  const referencedBy = (
    table:
      | typeof availabilities
      | typeof registrationRequests
      | typeof attendanceBillingConfigurations,
  ) =>
    sql`exists(select 1 from ${table}
      where ${table.organiserId} = ${organiserId} and ${table.activityId} = ${activityId})`;
  const result = await tx.execute<{ used: boolean }>(
    sql`select ${referencedBy(availabilities)} or ${referencedBy(registrationRequests)}
      or ${referencedBy(attendanceBillingConfigurations)} as used`,
  );
  return result.rows[0]?.used ?? false;
}

/** Deletes the activity; its options, questions, category and image links go with it. */
export async function deleteActivity(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(activities).where(eq(activities.id, id));
}
