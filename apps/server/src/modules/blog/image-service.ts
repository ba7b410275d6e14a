import { articleGallery } from "../images/gallery-queries.ts";
import { galleryConsole } from "../images/gallery-service.ts";
import { requireArticle } from "./console-service.ts";

/** An article's images: the first is its card's cover, the article page shows them all. */
export const blogImagesConsole = galleryConsole({
  link: articleGallery,
  requireOwner: async (context, cuid) => (await requireArticle(context, cuid)).article,
  entity: "blog_article",
});
