import { blogArticleImages, images, type TenantTx } from "@booking/db";
import { and, eq, inArray, max, sql } from "@booking/db/orm";
import { positionIn } from "../activities/ordering.ts";

export type Image = typeof images.$inferSelect;

/** One image of an article, by its cuid. */
export async function findArticleImage(
  tx: TenantTx,
  organiserId: number,
  articleId: number,
  cuid: string,
): Promise<Image | null> {
  const [row] = await tx
    .select({ image: images })
    .from(blogArticleImages)
    .innerJoin(
      images,
      and(
        eq(images.organiserId, blogArticleImages.organiserId),
        eq(images.id, blogArticleImages.imageId),
      ),
    )
    .where(
      and(
        eq(blogArticleImages.organiserId, organiserId),
        eq(blogArticleImages.articleId, articleId),
        eq(images.cuid, cuid),
      ),
    )
    .limit(1);
  return row?.image ?? null;
}

/** Adds an image after the article's others. */
export async function insertArticleImage(
  tx: TenantTx,
  organiserId: number,
  articleId: number,
  values: Pick<Image, "publicUrl" | "storagePath" | "width" | "height" | "alt">,
): Promise<Image> {
  const [image] = await tx
    .insert(images)
    .values({ ...values, organiserId })
    .returning();
  const [last] = await tx
    .select({ position: max(blogArticleImages.position) })
    .from(blogArticleImages)
    .where(
      and(
        eq(blogArticleImages.organiserId, organiserId),
        eq(blogArticleImages.articleId, articleId),
      ),
    );
  await tx.insert(blogArticleImages).values({
    organiserId,
    articleId,
    imageId: image!.id,
    position: (last?.position ?? -1) + 1,
  });
  return image!;
}

export async function updateImageAlt(tx: TenantTx, id: number, alt: string | null): Promise<Image> {
  const [row] = await tx.update(images).set({ alt }).where(eq(images.id, id)).returning();
  return row!;
}

export async function unlinkArticleImage(
  tx: TenantTx,
  organiserId: number,
  articleId: number,
  imageId: number,
): Promise<void> {
  await tx
    .delete(blogArticleImages)
    .where(
      and(
        eq(blogArticleImages.organiserId, organiserId),
        eq(blogArticleImages.articleId, articleId),
        eq(blogArticleImages.imageId, imageId),
      ),
    );
}

/**
 * Deletes the uploaded images among `ids` that no article shows any more and answers their
 * storage paths (their files go once the transaction has committed). Images hosted elsewhere
 * (no storage path: the demo's) stay.
 */
export async function deleteOrphanArticleUploads(
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
        sql`not exists (select 1 from ${blogArticleImages}
          where ${blogArticleImages.organiserId} = ${images.organiserId}
            and ${blogArticleImages.imageId} = ${images.id})`,
      ),
    )
    .returning({ storagePath: images.storagePath });
  return rows.map((row) => row.storagePath!);
}

export async function reorderArticleImages(
  tx: TenantTx,
  organiserId: number,
  articleId: number,
  imageIds: number[],
): Promise<void> {
  await tx
    .update(blogArticleImages)
    .set({ position: positionIn(blogArticleImages.imageId, imageIds) })
    .where(
      and(
        eq(blogArticleImages.organiserId, organiserId),
        eq(blogArticleImages.articleId, articleId),
        inArray(blogArticleImages.imageId, imageIds),
      ),
    );
}
