import { activities, catalogActivities, catalogs, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray } from "@booking/db/orm";
import { folded } from "../catalogue/queries.ts";

export type Catalog = typeof catalogs.$inferSelect;
export type CatalogActivity = { catalogId: number; cuid: string; title: string };
type CatalogValues = { name: string; description: string | null };

export async function listCatalogs(tx: TenantTx, organiserId: number): Promise<Catalog[]> {
  return tx
    .select()
    .from(catalogs)
    .where(eq(catalogs.organiserId, organiserId))
    .orderBy(asc(folded(catalogs.name)), asc(catalogs.id));
}

export async function findCatalog(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.organiserId, organiserId), eq(catalogs.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** The activities held by some catalogs, by title. */
export async function activitiesOfCatalogs(
  tx: TenantTx,
  organiserId: number,
  catalogIds: number[],
): Promise<CatalogActivity[]> {
  if (catalogIds.length === 0) return [];
  return tx
    .select({
      catalogId: catalogActivities.catalogId,
      cuid: activities.cuid,
      title: activities.title,
    })
    .from(catalogActivities)
    .innerJoin(activities, eq(activities.id, catalogActivities.activityId))
    .where(
      and(
        eq(catalogActivities.organiserId, organiserId),
        inArray(catalogActivities.catalogId, catalogIds),
      ),
    )
    .orderBy(asc(folded(activities.title)), asc(activities.id));
}

/** The ids of the organiser's activities among some cuids. */
export async function activityIdsByCuid(tx: TenantTx, organiserId: number, cuids: string[]) {
  if (cuids.length === 0) return [];
  return tx
    .select({ id: activities.id, cuid: activities.cuid })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), inArray(activities.cuid, cuids)));
}

export async function insertCatalog(
  tx: TenantTx,
  organiserId: number,
  values: CatalogValues,
): Promise<Catalog> {
  const [row] = await tx
    .insert(catalogs)
    .values({ ...values, organiserId })
    .returning();
  return row!;
}

export async function updateCatalog(
  tx: TenantTx,
  id: number,
  values: CatalogValues,
): Promise<Catalog> {
  const [row] = await tx.update(catalogs).set(values).where(eq(catalogs.id, id)).returning();
  return row!;
}

/** Replaces the activities a catalog holds. */
export async function setCatalogActivities(
  tx: TenantTx,
  organiserId: number,
  catalogId: number,
  activityIds: number[],
): Promise<void> {
  await tx.delete(catalogActivities).where(eq(catalogActivities.catalogId, catalogId));
  if (activityIds.length === 0) return;
  await tx
    .insert(catalogActivities)
    .values(activityIds.map((activityId) => ({ organiserId, catalogId, activityId })));
}

/** Its links to activities go with it (cascade). */
export async function deleteCatalog(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(catalogs).where(eq(catalogs.id, id));
}
