import { activityImages, images, type TenantTx } from "@booking/db";
import { and, eq, inArray, max, sql } from "@booking/db/orm";
import { positionIn } from "./ordering.ts";

export type Image = typeof images.$inferSelect;

/** One image of an activity, by its cuid. */
export async function findActivityImage(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  cuid: string,
): Promise<Image | null> {
  const [row] = await tx
    .select({ image: images })
    .from(activityImages)
    .innerJoin(
      images,
      and(
        eq(images.organiserId, activityImages.organiserId),
        eq(images.id, activityImages.imageId),
      ),
    )
    .where(
      and(
        eq(activityImages.organiserId, organiserId),
        eq(activityImages.activityId, activityId),
        eq(images.cuid, cuid),
      ),
    )
    .limit(1);
  return row?.image ?? null;
}

/** Adds an image at the end of the activity's gallery. */
export async function insertActivityImage(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  values: Pick<Image, "publicUrl" | "storagePath" | "width" | "height" | "alt">,
): Promise<Image> {
  const [image] = await tx
    .insert(images)
    .values({ ...values, organiserId })
    .returning();
  const [last] = await tx
    .select({ position: max(activityImages.position) })
    .from(activityImages)
    .where(
      and(eq(activityImages.organiserId, organiserId), eq(activityImages.activityId, activityId)),
    );
  await tx.insert(activityImages).values({
    organiserId,
    activityId,
    imageId: image!.id,
    position: (last?.position ?? -1) + 1,
  });
  return image!;
}

export async function updateImageAlt(tx: TenantTx, id: number, alt: string | null): Promise<Image> {
  const [row] = await tx.update(images).set({ alt }).where(eq(images.id, id)).returning();
  return row!;
}

export async function unlinkActivityImage(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  imageId: number,
): Promise<void> {
  await tx
    .delete(activityImages)
    .where(
      and(
        eq(activityImages.organiserId, organiserId),
        eq(activityImages.activityId, activityId),
        eq(activityImages.imageId, imageId),
      ),
    );
}

/**
 * Deletes the uploaded images among `ids` that no activity shows any more, and answers their
 * storage paths (their files go once the transaction has committed). Images hosted elsewhere
 * (no storage path) stay: other entities may show them.
 */
export async function deleteOrphanUploads(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .delete(images)
    .where(
      and(
        eq(images.organiserId, organiserId),
        inArray(images.id, ids),
        sql`${images.storagePath} is not null`,
        sql`not exists (select 1 from ${activityImages}
          where ${activityImages.organiserId} = ${images.organiserId}
            and ${activityImages.imageId} = ${images.id})`,
      ),
    )
    .returning({ storagePath: images.storagePath });
  return rows.map((row) => row.storagePath!);
}

export async function reorderActivityImages(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  imageIds: number[],
): Promise<void> {
  await tx
    .update(activityImages)
    .set({ position: positionIn(activityImages.imageId, imageIds) })
    .where(
      and(
        eq(activityImages.organiserId, organiserId),
        eq(activityImages.activityId, activityId),
        inArray(activityImages.imageId, imageIds),
      ),
    );
}
