import { locations, resourceGroups, resources, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray } from "@booking/db/orm";

// Reads and writes of the console's resource groups (decision 0071).

export type ResourceGroup = typeof resourceGroups.$inferSelect;
export type ResourceGroupValues = Pick<
  typeof resourceGroups.$inferInsert,
  "name" | "description" | "locationId"
>;

/** The organiser's groups (one by cuid when given), by name, with their location. */
export function findGroups(tx: TenantTx, organiserId: number, cuid?: string) {
  return tx
    .select({
      group: resourceGroups,
      location: { cuid: locations.cuid, title: locations.title },
    })
    .from(resourceGroups)
    .leftJoin(
      locations,
      and(
        eq(locations.organiserId, resourceGroups.organiserId),
        eq(locations.id, resourceGroups.locationId),
      ),
    )
    .where(
      and(
        eq(resourceGroups.organiserId, organiserId),
        cuid === undefined ? undefined : eq(resourceGroups.cuid, cuid),
      ),
    )
    .orderBy(asc(resourceGroups.name), asc(resourceGroups.id));
}

export async function findGroupByCuid(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(resourceGroups)
    .where(and(eq(resourceGroups.organiserId, organiserId), eq(resourceGroups.cuid, cuid)));
  return row ?? null;
}

export async function findGroupById(tx: TenantTx, organiserId: number, id: number) {
  const [row] = await tx
    .select({ cuid: resourceGroups.cuid, name: resourceGroups.name })
    .from(resourceGroups)
    .where(and(eq(resourceGroups.organiserId, organiserId), eq(resourceGroups.id, id)));
  return row ?? null;
}

/** The resources of some groups, by name. */
export function groupResources(tx: TenantTx, organiserId: number, groupIds: number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ groupId: resources.groupId, cuid: resources.cuid, name: resources.name })
    .from(resources)
    .where(and(eq(resources.organiserId, organiserId), inArray(resources.groupId, groupIds)))
    .orderBy(asc(resources.name), asc(resources.id));
}

export async function insertGroup(tx: TenantTx, organiserId: number, values: ResourceGroupValues) {
  const [row] = await tx
    .insert(resourceGroups)
    .values({ organiserId, ...values })
    .returning();
  return row!;
}

export async function updateGroup(tx: TenantTx, id: number, values: ResourceGroupValues) {
  const [row] = await tx
    .update(resourceGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(resourceGroups.id, id))
    .returning();
  return row!;
}

export async function deleteGroup(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(resourceGroups).where(eq(resourceGroups.id, id));
}
