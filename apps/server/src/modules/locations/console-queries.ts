import { availabilities, locations, resources, type TenantTx } from "@booking/db";
import { and, asc, count, eq, inArray, sql } from "@booking/db/orm";
import { textSearch } from "../activities/text-search.ts";
import { folded } from "../catalogue/queries.ts";

export type Location = typeof locations.$inferSelect;
export type LocationValues = Omit<
  typeof locations.$inferInsert,
  "id" | "cuid" | "organiserId" | "createdAt" | "updatedAt"
>;

/** How many availabilities are held at each of some locations. */
export async function availabilityCounts(
  tx: TenantTx,
  organiserId: number,
  locationIds: number[],
): Promise<Map<number, number>> {
  if (locationIds.length === 0) return new Map();
  const rows = await tx
    .select({ locationId: availabilities.locationId, n: count() })
    .from(availabilities)
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        inArray(availabilities.locationId, locationIds),
      ),
    )
    .groupBy(availabilities.locationId);
  return new Map(rows.map((row) => [row.locationId!, row.n]));
}

export async function listLocations(
  tx: TenantTx,
  organiserId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(locations.organiserId, organiserId),
    textSearch(search, [locations.title, locations.name, locations.street, locations.city]),
  );
  const rows = await tx
    .select()
    .from(locations)
    .where(where)
    .orderBy(asc(folded(locations.title)), asc(locations.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(locations).where(where);
  return { rows, count: total?.n ?? 0 };
}

export async function findLocation(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.organiserId, organiserId), eq(locations.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function insertLocation(
  tx: TenantTx,
  organiserId: number,
  values: LocationValues,
): Promise<Location> {
  const [row] = await tx
    .insert(locations)
    .values({ ...values, organiserId })
    .returning();
  return row!;
}

export async function updateLocation(
  tx: TenantTx,
  id: number,
  values: LocationValues,
): Promise<Location> {
  const [row] = await tx.update(locations).set(values).where(eq(locations.id, id)).returning();
  return row!;
}

/** Whether availabilities or resources are held at the location (they keep it as a reference). */
export async function locationInUse(tx: TenantTx, organiserId: number, id: number) {
  const [used] = await tx
    .execute<{ used: boolean }>(sql`
    select exists(
      select 1 from ${availabilities}
      where ${availabilities.organiserId} = ${organiserId} and ${availabilities.locationId} = ${id}
    ) or exists(
      select 1 from ${resources}
      where ${resources.organiserId} = ${organiserId} and ${resources.locationId} = ${id}
    ) as used`)
    .then((result) => result.rows);
  return used?.used ?? false;
}

export async function deleteLocation(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(locations).where(eq(locations.id, id));
}
