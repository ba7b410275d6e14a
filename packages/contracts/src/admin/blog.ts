import { z } from "zod";
import { LIMITS, listEnvelope, requiredText } from "../common.ts";
import { adminImageView } from "./activities.ts";
import { instantValue } from "./availabilities.ts";
import { cuidValue, richText } from "./catalogue-fields.ts";
import { adminListQuery, listSort } from "./list-query.ts";

/**
 * The blog in the console (/api/admin/blog/articles, permissions `blog.articles.*`): articles
 * with their slug, rich content (stored sanitised), images, publication date and draft state.
 */

export const ARTICLE_STATUSES = ["DRAFT", "SCHEDULED", "PUBLISHED"] as const;
export type ArticleStatusValue = (typeof ARTICLE_STATUSES)[number];

/** The slug's rule (packages/domain blog.ts, and the table's check): words of a-z0-9 and hyphens. */
export const ARTICLE_SLUG = { maxLength: 80, pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/ } as const;

export const adminArticleListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  published_at: z.string().nullable(),
  author: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminArticleListItem = z.infer<typeof adminArticleListItem>;
export const adminArticleList = listEnvelope(adminArticleListItem);

export const ARTICLE_SORTS = ["published_at", "title", "updated_at"] as const;

/** GET /api/admin/blog/articles */
export const adminArticlesQuery = adminListQuery.extend({
  status: z.enum(ARTICLE_STATUSES, { error: "INVALID_CHOICE" }).optional(),
  sort: listSort(ARTICLE_SORTS, "-published_at" as (typeof ARTICLE_SORTS)[number]),
});

export const adminArticleView = adminArticleListItem.extend({
  content: z.string(),
  published: z.boolean(),
  images: z.array(adminImageView),
  created_at: z.string(),
});
export type AdminArticleView = z.infer<typeof adminArticleView>;

/** A slug typed by hand: lower-cased and checked; blank means "from the title". */
const slugValue = z
  .string("INVALID_TYPE")
  .trim()
  .toLowerCase()
  .max(ARTICLE_SLUG.maxLength, "TOO_LONG")
  .refine((value) => value === "" || ARTICLE_SLUG.pattern.test(value), "INVALID_FORMAT")
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/admin/blog/articles, PUT /api/admin/blog/articles/:cuid (the whole article). */
export const articleBody = z.object({
  title: requiredText(LIMITS.shortText),
  /** null or blank: made from the title (numbered when taken) */
  slug: slugValue,
  content: richText.default(""),
  /** when visitors may see it once published; null: when it is published */
  published_at: instantValue.nullable().default(null),
});
export type ArticleBody = z.input<typeof articleBody>;

/** PUT /api/admin/blog/articles/:cuid/published */
export const articlePublishedBody = z.object({ published: z.boolean("INVALID_TYPE") });

export const articleParams = z.object({ cuid: cuidValue });
export const articleImageParams = z.object({ cuid: cuidValue, image: cuidValue });
