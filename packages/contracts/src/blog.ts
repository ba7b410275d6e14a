import { z } from "zod";
import { imageView } from "./catalogue.ts";
import { listEnvelope } from "./common.ts";

/**
 * The storefront's blog (storefront.md §3 "Blog article", §7 `GET /api/blog/articles`): only
 * articles that are published and whose publication date has come.
 */

/** `limit` when the call does not say (§9 "latest articles default 3"). */
export const BLOG_LATEST_DEFAULT = 3;
/** Most articles one call answers. */
export const BLOG_MAX_LIMIT = 50;

const whole = (min: number, max: number) =>
  z.coerce.number("INVALID_TYPE").int("INVALID_TYPE").min(min, "TOO_SMALL").max(max, "TOO_BIG");

/** GET /api/blog/articles: the latest first. */
export const blogArticlesQuery = z.object({
  limit: whole(1, BLOG_MAX_LIMIT).default(BLOG_LATEST_DEFAULT),
  offset: whole(0, 1_000_000).default(0),
});
export type BlogArticlesQuery = z.output<typeof blogArticlesQuery>;

export const blogArticleView = z.object({
  id: z.int(),
  cuid: z.string(),
  slug: z.string(),
  title: z.string(),
  /** sanitised HTML */
  content: z.string(),
  images: z.array(imageView),
  published_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogArticleView = z.infer<typeof blogArticleView>;
export const blogArticleList = listEnvelope(blogArticleView);

/** GET /api/blog/articles/:article: by slug or cuid. */
export const blogArticleParams = z.object({
  article: z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(100, "TOO_LONG"),
});
