import {
  type AdminImageView,
  IMAGE_UPLOAD,
  type imageBody,
  type OrderBody,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { orderedIds } from "../activities/ordering.ts";
import {
  deleteOrphanUploads,
  findGalleryImage,
  type GalleryLink,
  type Image,
  insertGalleryImage,
  loadGalleryImages,
  reorderGalleryImages,
  unlinkGalleryImage,
  updateImageAlt,
} from "./gallery-queries.ts";
import type { ResizedImage } from "./resize.ts";
import type { ImageStore } from "./storage.ts";
import { adminImageView } from "./views.ts";

export interface GalleryOwner {
  id: number;
  cuid: string;
}

const audited = (image: Image) => ({ url: image.publicUrl, alt: image.alt });

/**
 * The console's use cases of a record's images (an activity's, a blog article's): upload, alt
 * text, removal, order; the first image is the one cards and pages show first. Each change is
 * audited under the owner (`{entity}.image_added`, …).
 */
export function galleryConsole(gallery: {
  link: GalleryLink;
  /** the owner by cuid, or its NOT_FOUND error */
  requireOwner(context: ConsoleContext, cuid: string): Promise<GalleryOwner>;
  /** the audit log's entity of the owner */
  entity: string;
}) {
  const { link, requireOwner, entity } = gallery;
  const audit = (context: ConsoleContext, owner: GalleryOwner, verb: string, change: object) =>
    context.audit({ action: `${entity}.${verb}`, entity, entityId: owner.cuid, ...change });
  const requireImage = async (context: ConsoleContext, ownerId: number, cuid: string) => {
    const image = await findGalleryImage(context.db, link, context.organiser.id, ownerId, cuid);
    if (!image) throw new AppError("IMAGE_NOT_FOUND");
    return image;
  };

  return {
    /**
     * Stores an upload already resized (its files are written before the row; a failure removes
     * them again) after the owner's others, up to IMAGE_UPLOAD.maxImagesPerActivity.
     */
    async add(
      context: ConsoleContext,
      ownerCuid: string,
      upload: ResizedImage,
      store: ImageStore,
    ): Promise<AdminImageView> {
      const owner = await requireOwner(context, ownerCuid);
      const organiserId = context.organiser.id;
      const current = await loadGalleryImages(context.db, link, organiserId, [owner.id]);
      if (current.length >= IMAGE_UPLOAD.maxImagesPerActivity) {
        throw new AppError("IMAGE_LIMIT_REACHED");
      }
      const stored = await store.save(context.organiser.cuid, upload);
      try {
        const image = await insertGalleryImage(context.db, link, organiserId, owner.id, {
          publicUrl: stored.publicUrl,
          storagePath: stored.storagePath,
          width: stored.width,
          height: stored.height,
          alt: null,
        });
        await audit(context, owner, "image_added", { after: audited(image) });
        return adminImageView(image);
      } catch (error) {
        await store.remove(stored.storagePath);
        throw error;
      }
    },

    async update(
      context: ConsoleContext,
      ownerCuid: string,
      imageCuid: string,
      input: z.output<typeof imageBody>,
    ): Promise<AdminImageView> {
      const owner = await requireOwner(context, ownerCuid);
      const image = await requireImage(context, owner.id, imageCuid);
      const updated = await updateImageAlt(context.db, image.id, input.alt);
      await audit(context, owner, "image_updated", {
        before: audited(image),
        after: audited(updated),
      });
      return adminImageView(updated);
    },

    /** Takes the image off its owner; an uploaded image no longer shown is deleted. */
    async remove(
      context: ConsoleContext,
      ownerCuid: string,
      imageCuid: string,
      store: ImageStore,
    ): Promise<void> {
      const owner = await requireOwner(context, ownerCuid);
      const image = await requireImage(context, owner.id, imageCuid);
      const organiserId = context.organiser.id;
      await unlinkGalleryImage(context.db, link, organiserId, owner.id, image.id);
      const files = await deleteOrphanUploads(context.db, link, organiserId, [image.id]);
      context.afterCommit(async () => {
        for (const file of files) await store.remove(file);
      });
      await audit(context, owner, "image_removed", { before: audited(image) });
    },

    async reorder(
      context: ConsoleContext,
      ownerCuid: string,
      input: OrderBody,
    ): Promise<AdminImageView[]> {
      const owner = await requireOwner(context, ownerCuid);
      const organiserId = context.organiser.id;
      const current = await loadGalleryImages(context.db, link, organiserId, [owner.id]);
      const ids = orderedIds(current, input.cuids);
      await reorderGalleryImages(context.db, link, organiserId, owner.id, ids);
      await audit(context, owner, "images_reordered", {
        before: { order: current.map((image) => image.cuid) },
        after: { order: input.cuids },
      });
      const reordered = await loadGalleryImages(context.db, link, organiserId, [owner.id]);
      return reordered.map(adminImageView);
    },
  };
}
