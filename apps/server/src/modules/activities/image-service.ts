import {
  type AdminImageView,
  IMAGE_UPLOAD,
  type imageBody,
  type OrderBody,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { ResizedImage } from "../images/resize.ts";
import type { ImageStore } from "../images/storage.ts";
import { adminImageView } from "../images/views.ts";
import { loadActivityImages } from "./console-queries.ts";
import { requireActivity } from "./console-service.ts";
import {
  deleteOrphanUploads,
  findActivityImage,
  type Image,
  insertActivityImage,
  reorderActivityImages,
  unlinkActivityImage,
  updateImageAlt,
} from "./image-queries.ts";
import { orderedIds } from "./ordering.ts";

const audited = (image: Image) => ({ url: image.publicUrl, alt: image.alt });

async function requireImage(context: ConsoleContext, activityId: number, cuid: string) {
  const image = await findActivityImage(context.db, context.organiser.id, activityId, cuid);
  if (!image) throw new AppError("IMAGE_NOT_FOUND");
  return image;
}

/** An activity's gallery: the first image is the one cards and the activity page show first. */
export const activityImagesConsole = {
  /**
   * Stores an upload already resized (its files are written before the row; a failure removes
   * them again) at the end of the gallery, up to IMAGE_UPLOAD.maxImagesPerActivity.
   */
  async add(
    context: ConsoleContext,
    activityCuid: string,
    upload: ResizedImage,
    store: ImageStore,
  ): Promise<AdminImageView> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const gallery = await loadActivityImages(context.db, organiserId, [activity.id]);
    if (gallery.length >= IMAGE_UPLOAD.maxImagesPerActivity) {
      throw new AppError("IMAGE_LIMIT_REACHED");
    }
    const stored = await store.save(context.organiser.cuid, upload);
    try {
      const image = await insertActivityImage(context.db, organiserId, activity.id, {
        publicUrl: stored.publicUrl,
        storagePath: stored.storagePath,
        width: stored.width,
        height: stored.height,
        alt: null,
      });
      await context.audit({
        action: "activity.image_added",
        entity: "activity",
        entityId: activity.cuid,
        after: audited(image),
      });
      return adminImageView(image);
    } catch (error) {
      await store.remove(stored.storagePath);
      throw error;
    }
  },

  async update(
    context: ConsoleContext,
    activityCuid: string,
    imageCuid: string,
    input: z.output<typeof imageBody>,
  ): Promise<AdminImageView> {
    const activity = await requireActivity(context, activityCuid);
    const image = await requireImage(context, activity.id, imageCuid);
    const updated = await updateImageAlt(context.db, image.id, input.alt);
    await context.audit({
      action: "activity.image_updated",
      entity: "activity",
      entityId: activity.cuid,
      before: audited(image),
      after: audited(updated),
    });
    return adminImageView(updated);
  },

  /** Takes the image off the activity; an uploaded image no activity shows any more is deleted. */
  async remove(
    context: ConsoleContext,
    activityCuid: string,
    imageCuid: string,
    store: ImageStore,
  ): Promise<void> {
    const activity = await requireActivity(context, activityCuid);
    const image = await requireImage(context, activity.id, imageCuid);
    const organiserId = context.organiser.id;
    await unlinkActivityImage(context.db, organiserId, activity.id, image.id);
    const files = await deleteOrphanUploads(context.db, organiserId, [image.id]);
    context.afterCommit(async () => {
      for (const file of files) await store.remove(file);
    });
    await context.audit({
      action: "activity.image_removed",
      entity: "activity",
      entityId: activity.cuid,
      before: audited(image),
    });
  },

  async reorder(
    context: ConsoleContext,
    activityCuid: string,
    input: OrderBody,
  ): Promise<AdminImageView[]> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const gallery = await loadActivityImages(context.db, organiserId, [activity.id]);
    const ids = orderedIds(gallery, input.cuids);
    await reorderActivityImages(context.db, organiserId, activity.id, ids);
    await context.audit({
      action: "activity.images_reordered",
      entity: "activity",
      entityId: activity.cuid,
      before: { order: gallery.map((image) => image.cuid) },
      after: { order: input.cuids },
    });
    const reordered = await loadActivityImages(context.db, organiserId, [activity.id]);
    return reordered.map(adminImageView);
  },
};
