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
import type { ResizedImage } from "../images/resize.ts";
import type { ImageStore } from "../images/storage.ts";
import { adminImageView } from "../images/views.ts";
import { requireArticle } from "./console-service.ts";
import {
  deleteOrphanArticleUploads,
  findArticleImage,
  type Image,
  insertArticleImage,
  reorderArticleImages,
  unlinkArticleImage,
  updateImageAlt,
} from "./image-queries.ts";
import { loadArticleImages } from "./queries.ts";

const audited = (image: Image) => ({ url: image.publicUrl, alt: image.alt });

async function requireImage(context: ConsoleContext, articleId: number, cuid: string) {
  const image = await findArticleImage(context.db, context.organiser.id, articleId, cuid);
  if (!image) throw new AppError("IMAGE_NOT_FOUND");
  return image;
}

/** An article's images, as an activity's: the first is its cover, the page shows them all. */
export const blogImagesConsole = {
  /** Stores an upload already resized at the end, up to IMAGE_UPLOAD.maxImagesPerActivity. */
  async add(
    context: ConsoleContext,
    articleCuid: string,
    upload: ResizedImage,
    store: ImageStore,
  ): Promise<AdminImageView> {
    const { article } = await requireArticle(context, articleCuid);
    const organiserId = context.organiser.id;
    const gallery = await loadArticleImages(context.db, organiserId, [article.id]);
    if (gallery.length >= IMAGE_UPLOAD.maxImagesPerActivity) {
      throw new AppError("IMAGE_LIMIT_REACHED");
    }
    const stored = await store.save(context.organiser.cuid, upload);
    try {
      const image = await insertArticleImage(context.db, organiserId, article.id, {
        publicUrl: stored.publicUrl,
        storagePath: stored.storagePath,
        width: stored.width,
        height: stored.height,
        alt: null,
      });
      await context.audit({
        action: "blog_article.image_added",
        entity: "blog_article",
        entityId: article.cuid,
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
    articleCuid: string,
    imageCuid: string,
    input: z.output<typeof imageBody>,
  ): Promise<AdminImageView> {
    const { article } = await requireArticle(context, articleCuid);
    const image = await requireImage(context, article.id, imageCuid);
    const updated = await updateImageAlt(context.db, image.id, input.alt);
    await context.audit({
      action: "blog_article.image_updated",
      entity: "blog_article",
      entityId: article.cuid,
      before: audited(image),
      after: audited(updated),
    });
    return adminImageView(updated);
  },

  async remove(
    context: ConsoleContext,
    articleCuid: string,
    imageCuid: string,
    store: ImageStore,
  ): Promise<void> {
    const { article } = await requireArticle(context, articleCuid);
    const image = await requireImage(context, article.id, imageCuid);
    const organiserId = context.organiser.id;
    await unlinkArticleImage(context.db, organiserId, article.id, image.id);
    const files = await deleteOrphanArticleUploads(context.db, organiserId, [image.id]);
    context.afterCommit(async () => {
      for (const file of files) await store.remove(file);
    });
    await context.audit({
      action: "blog_article.image_removed",
      entity: "blog_article",
      entityId: article.cuid,
      before: audited(image),
    });
  },

  async reorder(
    context: ConsoleContext,
    articleCuid: string,
    input: OrderBody,
  ): Promise<AdminImageView[]> {
    const { article } = await requireArticle(context, articleCuid);
    const organiserId = context.organiser.id;
    const gallery = await loadArticleImages(context.db, organiserId, [article.id]);
    const ids = orderedIds(gallery, input.cuids);
    await reorderArticleImages(context.db, organiserId, article.id, ids);
    await context.audit({
      action: "blog_article.images_reordered",
      entity: "blog_article",
      entityId: article.cuid,
      before: { order: gallery.map((image) => image.cuid) },
      after: { order: input.cuids },
    });
    const reordered = await loadArticleImages(context.db, organiserId, [article.id]);
    return reordered.map(adminImageView);
  },
};
