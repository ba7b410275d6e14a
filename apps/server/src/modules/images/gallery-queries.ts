import {
  activityImages,
  blogArticleImages,
  images,
  resourceGroupImages,
  resourceImages,
  type TenantTx,
} from "@booking/db";
import { type AnyColumn, and, asc, eq, inArray, max, sql } from "@booking/db/orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { positionIn } from "../activities/ordering.ts";

// Activities, blog articles, resources and resource groups show ordered images through one link table each, of the same
// shape: the organiser, the owner's id, the image's id, its position. An uploaded image belongs
// to one owner only.

type GalleryTable =
  | typeof activityImages
  | typeof blogArticleImages
  | typeof resourceImages
  | typeof resourceGroupImages;

/** A gallery's link table with its column naming the owner, and how to write one of its rows. */
export interface GalleryLink<Table extends GalleryTable = GalleryTable> {
  table: Table;
  ownerId: AnyColumn;
  row(
    organiserId: number,
    ownerId: number,
    imageId: number,
    position: number,
  ): PgInsertValue<Table>;
}

export const activityGallery: GalleryLink<typeof activityImages> = {
  table: activityImages,
  ownerId: activityImages.activityId,
  row: (organiserId, activityId, imageId, position) => ({
    organiserId,
    activityId,
    imageId,
    position,
  }),
};

export const articleGallery: GalleryLink<typeof blogArticleImages> = {
  table: blogArticleImages,
  ownerId: blogArticleImages.articleId,
  row: (organiserId, articleId, imageId, position) => ({
    organiserId,
    articleId,
    imageId,
    position,
  }),
};

export const resourceGallery: GalleryLink<typeof resourceImages> = {
  table: resourceImages,
  ownerId: resourceImages.resourceId,
  row: (organiserId, resourceId, imageId, position) => ({
    organiserId,
    resourceId,
    imageId,
    position,
  }),
};

export const resourceGroupGallery: GalleryLink<typeof resourceGroupImages> = {
  table: resourceGroupImages,
  ownerId: resourceGroupImages.groupId,
  row: (organiserId, groupId, imageId, position) => ({ organiserId, groupId, imageId, position }),
};

export type Image = typeof images.$inferSelect;
export type GalleryImage = Image & { ownerId: number; position: number };

const linked = (table: GalleryTable) =>
  and(eq(images.organiserId, table.organiserId), eq(images.id, table.imageId));

/** The images of some owners, each with its owner's id, in their order. */
export async function loadGalleryImages(
  tx: TenantTx,
  link: GalleryLink,
  organiserId: number,
  ownerIds: number[],
): Promise<GalleryImage[]> {
  if (ownerIds.length === 0) return [];
  const { table } = link;
  const rows = await tx
    .select({ image: images, ownerId: sql<number>`${link.ownerId}`, position: table.position })
    .from(table)
    .innerJoin(images, linked(table))
    .where(and(eq(table.organiserId, organiserId), inArray(link.ownerId, ownerIds)))
    .orderBy(asc(table.position), asc(images.id));
  return rows.map((row) => ({ ...row.image, ownerId: row.ownerId, position: row.position }));
}

/** One image of an owner, by its cuid. */
export async function findGalleryImage(
  tx: TenantTx,
  link: GalleryLink,
  organiserId: number,
  ownerId: number,
  cuid: string,
): Promise<Image | null> {
  const { table } = link;
  const [row] = await tx
    .select({ image: images })
    .from(table)
    .innerJoin(images, linked(table))
    .where(
      and(eq(table.organiserId, organiserId), eq(link.ownerId, ownerId), eq(images.cuid, cuid)),
    )
    .limit(1);
  return row?.image ?? null;
}

/** Adds an image after the owner's others. */
export async function insertGalleryImage<Table extends GalleryTable>(
  tx: TenantTx,
  link: GalleryLink<Table>,
  organiserId: number,
  ownerId: number,
  values: Pick<Image, "publicUrl" | "storagePath" | "width" | "height" | "alt">,
): Promise<Image> {
  const table: GalleryTable = link.table;
  const [image] = await tx
    .insert(images)
    .values({ ...values, organiserId })
    .returning();
  const [last] = await tx
    .select({ position: max(table.position) })
    .from(table)
    .where(and(eq(table.organiserId, organiserId), eq(link.ownerId, ownerId)));
  await tx
    .insert(link.table)
    .values(link.row(organiserId, ownerId, image!.id, (last?.position ?? -1) + 1));
  return image!;
}

export async function updateImageAlt(tx: TenantTx, id: number, alt: string | null): Promise<Image> {
  const [row] = await tx.update(images).set({ alt }).where(eq(images.id, id)).returning();
  return row!;
}

export async function unlinkGalleryImage(
  tx: TenantTx,
  link: GalleryLink,
  organiserId: number,
  ownerId: number,
  imageId: number,
): Promise<void> {
  const { table } = link;
  await tx
    .delete(table)
    .where(
      and(
        eq(table.organiserId, organiserId),
        eq(link.ownerId, ownerId),
        eq(table.imageId, imageId),
      ),
    );
}

/**
 * Deletes the uploaded images among `ids` that the gallery no longer shows, and answers their
 * storage paths (their files go once the transaction has committed). Images hosted elsewhere
 * (no storage path: the demo's, imports) stay: other records may show them.
 */
export async function deleteOrphanUploads(
  tx: TenantTx,
  link: GalleryLink,
  organiserId: number,
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { table } = link;
  const rows = await tx
    .delete(images)
    .where(
      and(
        eq(images.organiserId, organiserId),
        inArray(images.id, ids),
        sql`${images.storagePath} is not null`,
        sql`not exists (select 1 from ${table}
          where ${table.organiserId} = ${images.organiserId} and ${table.imageId} = ${images.id})`,
      ),
    )
    .returning({ storagePath: images.storagePath });
  return rows.map((row) => row.storagePath!);
}

export async function reorderGalleryImages(
  tx: TenantTx,
  link: GalleryLink,
  organiserId: number,
  ownerId: number,
  imageIds: number[],
): Promise<void> {
  const { table } = link;
  await tx
    .update(table)
    .set({ position: positionIn(table.imageId, imageIds) })
    .where(
      and(
        eq(table.organiserId, organiserId),
        eq(link.ownerId, ownerId),
        inArray(table.imageId, imageIds),
      ),
    );
}
