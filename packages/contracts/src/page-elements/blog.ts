import { z } from "zod";
import { BLOG_LATEST_DEFAULT } from "../blog.ts";
import { optionalText } from "./primitives.ts";

/** Most articles the latest-articles section shows (one page of /blog). */
export const LATEST_ARTICLES_MAX = 12;

/**
 * The latest published articles of the blog as cards, with a link to /blog (storefront.md §9
 * "latest articles default 3"). Without a title the section shows none.
 */
export const blogLatestArticlesSettings = z.object({
  title: optionalText(),
  count: z
    .int("INVALID_TYPE")
    .min(1, "TOO_SMALL")
    .max(LATEST_ARTICLES_MAX, "TOO_BIG")
    .default(BLOG_LATEST_DEFAULT),
});
export type BlogLatestArticlesSettings = z.output<typeof blogLatestArticlesSettings>;
