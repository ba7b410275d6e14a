import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { images } from "./catalogue.ts";
import { collaborators } from "./collaborators.ts";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/**
 * An article of the organiser's blog (storefront.md §3 "Blog article"). Visitors see it once it
 * is published and its publication date has come (a later date schedules it).
 */
export const blogArticles = pgTable(
  "blog_articles",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    /** The article's address under /blog, unique per organiser. */
    slug: text().notNull(),
    title: text().notNull(),
    /** Sanitised HTML. */
    content: text().notNull().default(""),
    /** False: a draft, whatever its date. */
    published: boolean().notNull().default(false),
    /** When visitors may see it; set when it is first published without a date. */
    publishedAt: timestamptz(),
    /** The collaborator who wrote it; kept (null) when they leave the platform. */
    authorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("blog_articles", t),
    // Also the index of the storefront's look-up by slug; a race for a slug creates one article.
    unique("blog_articles_organiser_id_slug_unique").on(t.organiserId, t.slug),
    check("blog_articles_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "blog_articles_published_has_date",
      sql`not ${t.published} or ${t.publishedAt} is not null`,
    ),
    // The storefront's list: latest publication first.
    index("blog_articles_organiser_id_published_at_idx").on(t.organiserId, t.publishedAt),
  ],
);

/** Ordered images of an article: the first is its cover on the cards. */
export const blogArticleImages = pgTable(
  "blog_article_images",
  {
    organiserId: organiserId(),
    articleId: integer().notNull(),
    imageId: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "blog_article_images_pkey",
      columns: [t.organiserId, t.articleId, t.imageId],
    }),
    tenantForeignKey(
      "blog_article_images_article_fk",
      { organiserId: t.organiserId, column: t.articleId },
      blogArticles,
      "cascade",
    ),
    tenantForeignKey(
      "blog_article_images_image_fk",
      { organiserId: t.organiserId, column: t.imageId },
      images,
      "cascade",
    ),
    index("blog_article_images_image_id_idx").on(t.imageId),
  ],
);
