import { activities, catalogActivities, catalogs, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray, max } from "@booking/db/orm";
import { positionIn } from "../activities/ordering.ts";
import { folded } from "../catalogue/queries.ts";

export type Catalog = typeof catalogs.$inferSelect;
export type CatalogActivity = { catalogId: number; cuid: string; title: string };
type CatalogValues = { name: string; description: string | null };

/** Staff's order, then by name for catalogs made before there was one. */
const catalogOrder = [asc(catalogs.order), asc(folded(catalogs.name)), asc(catalogs.id)];

export async function listCatalogs(tx: TenantTx, organiserId: number): Promise<Catalog[]> {
  return tx
    .select()
    .from(catalogs)
    .where(eq(catalogs.organiserId, organiserId))
    .orderBy(...catalogOrder);
}

/** A new catalog goes last. */
export async function nextCatalogOrder(tx: TenantTx, organiserId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(catalogs.order) })
    .from(catalogs)
    .where(eq(catalogs.organiserId, organiserId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function reorderCatalogs(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(catalogs)
    .set({ order: positionIn(catalogs.id, ids) })
    .where(and(eq(catalogs.organiserId, organiserId), inArray(catalogs.id, ids)));
}

export async function findCatalog(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.organiserId, organiserId), eq(catalogs.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** The activities held by some catalogs, in each catalog's order. */
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
    .orderBy(asc(catalogActivities.position), asc(folded(activities.title)), asc(activities.id));
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
  values: CatalogValues & { order: number },
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

/** Replaces the activities a catalog holds, placed in the order of `activityIds`. */
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
    .values(
      activityIds.map((activityId, position) => ({ organiserId, catalogId, activityId, position })),
    );
}

/** Its links to activities go with it (cascade). */
export async function deleteCatalog(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(catalogs).where(eq(catalogs.id, id));
}
