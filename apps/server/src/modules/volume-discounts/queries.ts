import { type TenantTx, volumeDiscounts } from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";

// The organiser's volume-discount tiers (decision 0092), by threshold.

export type VolumeDiscountRow = typeof volumeDiscounts.$inferSelect;
export type VolumeDiscountValues = Pick<
  typeof volumeDiscounts.$inferInsert,
  "minRegistrations" | "amount" | "percentage" | "active"
>;

const ofOrganiser = (organiserId: number) => eq(volumeDiscounts.organiserId, organiserId);

export function listVolumeDiscounts(tx: TenantTx, organiserId: number) {
  return tx
    .select()
    .from(volumeDiscounts)
    .where(ofOrganiser(organiserId))
    .orderBy(asc(volumeDiscounts.minRegistrations), asc(volumeDiscounts.id));
}

export async function findVolumeDiscount(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<VolumeDiscountRow | null> {
  const [row] = await tx
    .select()
    .from(volumeDiscounts)
    .where(and(ofOrganiser(organiserId), eq(volumeDiscounts.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function insertVolumeDiscount(
  tx: TenantTx,
  organiserId: number,
  values: VolumeDiscountValues,
): Promise<VolumeDiscountRow> {
  const [row] = await tx
    .insert(volumeDiscounts)
    .values({ organiserId, ...values })
    .returning();
  return row!;
}

export async function updateVolumeDiscount(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: VolumeDiscountValues,
): Promise<VolumeDiscountRow> {
  const [row] = await tx
    .update(volumeDiscounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofOrganiser(organiserId), eq(volumeDiscounts.id, id)))
    .returning();
  return row!;
}

export async function deleteVolumeDiscount(
  tx: TenantTx,
  organiserId: number,
  id: number,
): Promise<void> {
  await tx.delete(volumeDiscounts).where(and(ofOrganiser(organiserId), eq(volumeDiscounts.id, id)));
}
