import type {
  AdminArticleListItem,
  AdminArticleView,
  adminArticlesQuery,
  articleBody,
} from "@booking/contracts";
import { blogArticles } from "@booking/db";
import { articleStatus, slugCandidate, slugFromTitle } from "@booking/domain/blog";
import { sanitizeHtml } from "@booking/domain/html";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { changedFields } from "../activities/audit-changes.ts";
import { textSearch } from "../activities/text-search.ts";
import {
  articleGallery,
  deleteOrphanUploads,
  type GalleryImage,
  loadGalleryImages,
} from "../images/gallery-queries.ts";
import type { ImageStore } from "../images/storage.ts";
import { adminImageView } from "../images/views.ts";
import {
  type Article,
  deleteArticle,
  findArticle,
  insertArticleUnlessSlugTaken,
  listArticles,
  slugTaken,
  updateArticle,
} from "./queries.ts";

type ArticleInput = z.output<typeof articleBody>;

/** A generated slug is numbered ("-2", "-3"…) while taken; past this many tries, refused. */
const MAX_SLUG_TRIES = 100;

const SLUG_TAKEN = () => validationError({ slug: "SLUG_TAKEN" });

/** The unique index refused the slug (another collaborator took it meanwhile). */
function rethrowTakenSlug(error: unknown): never {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "blog_articles_organiser_id_slug_unique") {
      throw SLUG_TAKEN();
    }
  }
  throw error;
}

/** What the audit log keeps of an article. */
const audited = (article: Article) => ({
  slug: article.slug,
  title: article.title,
  content: article.content,
  published: article.published,
  published_at: article.publishedAt?.toISOString() ?? null,
});

export async function requireArticle(context: ConsoleContext, cuid: string) {
  const found = await findArticle(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("BLOG_ARTICLE_NOT_FOUND");
  return found;
}

function listItem(
  article: Article,
  author: string | null,
  images: GalleryImage[],
  now: Date,
): AdminArticleListItem {
  const cover = images.find((image) => image.ownerId === article.id);
  return {
    id: article.id,
    cuid: article.cuid,
    slug: article.slug,
    title: article.title,
    status: articleStatus(article, now),
    published_at: article.publishedAt?.toISOString() ?? null,
    author,
    thumbnail_url: cover ? adminImageView(cover).thumbnail_url : null,
    updated_at: article.updatedAt.toISOString(),
  };
}

async function articleView(
  context: ConsoleContext,
  article: Article,
  author: string | null,
): Promise<AdminArticleView> {
  const images = await loadGalleryImages(context.db, articleGallery, context.organiser.id, [
    article.id,
  ]);
  return {
    ...listItem(article, author, images, new Date()),
    content: article.content,
    published: article.published,
    images: images.map(adminImageView),
    created_at: article.createdAt.toISOString(),
  };
}

/**
 * Inserts the article under the slug typed (SLUG_TAKEN when another article has it) or, without
 * one, under the title's slug numbered until free. Two collaborators saving the same title at
 * once get two slugs: the insert waits for the other's outcome instead of failing.
 */
async function insertWithSlug(
  context: ConsoleContext,
  input: ArticleInput,
  values: Omit<Parameters<typeof insertArticleUnlessSlugTaken>[2], "slug">,
): Promise<Article> {
  const organiserId = context.organiser.id;
  if (input.slug) {
    const article = await insertArticleUnlessSlugTaken(context.db, organiserId, {
      ...values,
      slug: input.slug,
    });
    if (!article) throw SLUG_TAKEN();
    return article;
  }
  const base = slugFromTitle(input.title);
  for (let attempt = 1; attempt <= MAX_SLUG_TRIES; attempt++) {
    const article = await insertArticleUnlessSlugTaken(context.db, organiserId, {
      ...values,
      slug: slugCandidate(base, attempt),
    });
    if (article) return article;
  }
  throw SLUG_TAKEN();
}

export const blogConsole = {
  async list(context: ConsoleContext, query: z.output<typeof adminArticlesQuery>) {
    const organiserId = context.organiser.id;
    const limit = query.page_size;
    const offset = (query.page_number - 1) * limit;
    const now = new Date();
    const { rows, count } = await listArticles(
      context.db,
      organiserId,
      {
        search: textSearch(query.q, [blogArticles.title, blogArticles.slug]),
        status: query.status,
      },
      `${query.sort.descending ? "-" : ""}${query.sort.key}`,
      { limit, offset },
      now,
    );
    const images = await loadGalleryImages(
      context.db,
      articleGallery,
      organiserId,
      rows.map((row) => row.article.id),
    );
    const data = rows.map((row) => listItem(row.article, row.author, images, now));
    return { data, count, limit, offset };
  },

  async get(context: ConsoleContext, cuid: string): Promise<AdminArticleView> {
    const { article, author } = await requireArticle(context, cuid);
    return articleView(context, article, author);
  },

  /** A new article is a draft: the collaborator publishes it when it is ready. */
  async create(context: ConsoleContext, input: ArticleInput): Promise<AdminArticleView> {
    const article = await insertWithSlug(context, input, {
      title: input.title,
      content: sanitizeHtml(input.content),
      publishedAt: input.published_at ? new Date(input.published_at) : null,
      authorId: context.actor.collaboratorId,
    });
    await context.audit({
      action: "blog_article.created",
      entity: "blog_article",
      entityId: article.cuid,
      after: audited(article),
    });
    const { author } = await requireArticle(context, article.cuid);
    return articleView(context, article, author);
  },

  /**
   * Saves the whole article. A blank slug keeps the current one (its address stays valid); a
   * published article keeps its date when the date is cleared.
   */
  async update(
    context: ConsoleContext,
    cuid: string,
    input: ArticleInput,
  ): Promise<AdminArticleView> {
    const { article, author } = await requireArticle(context, cuid);
    const slug = input.slug ?? article.slug;
    if (
      slug !== article.slug &&
      (await slugTaken(context.db, context.organiser.id, slug, article.id))
    ) {
      throw SLUG_TAKEN();
    }
    const publishedAt = input.published_at
      ? new Date(input.published_at)
      : article.published
        ? article.publishedAt
        : null;
    const updated = await updateArticle(context.db, article.id, {
      slug,
      title: input.title,
      content: sanitizeHtml(input.content),
      publishedAt,
    }).catch(rethrowTakenSlug);
    await context.audit({
      action: "blog_article.updated",
      entity: "blog_article",
      entityId: cuid,
      ...changedFields(audited(article), audited(updated)),
    });
    return articleView(context, updated, author);
  },

  /**
   * Publishing shows the article from its publication date (now when it has none); unpublishing
   * takes it back to a draft, keeping its date.
   */
  async setPublished(
    context: ConsoleContext,
    cuid: string,
    published: boolean,
  ): Promise<AdminArticleView> {
    const { article, author } = await requireArticle(context, cuid);
    const updated =
      article.published === published
        ? article
        : await updateArticle(context.db, article.id, {
            published,
            publishedAt: article.publishedAt ?? (published ? new Date() : null),
          });
    await context.audit({
      action: published ? "blog_article.published" : "blog_article.unpublished",
      entity: "blog_article",
      entityId: cuid,
      before: { published: article.published },
      after: { published, published_at: updated.publishedAt?.toISOString() ?? null },
    });
    return articleView(context, updated, author);
  },

  /** Deletes the article; its uploaded images go with it (their files once committed). */
  async remove(context: ConsoleContext, cuid: string, store: ImageStore): Promise<void> {
    const { article } = await requireArticle(context, cuid);
    const organiserId = context.organiser.id;
    const images = await loadGalleryImages(context.db, articleGallery, organiserId, [article.id]);
    await deleteArticle(context.db, article.id);
    const files = await deleteOrphanUploads(
      context.db,
      articleGallery,
      organiserId,
      images.map((image) => image.id),
    );
    context.afterCommit(async () => {
      for (const file of files) await store.remove(file);
    });
    await context.audit({
      action: "blog_article.deleted",
      entity: "blog_article",
      entityId: cuid,
      before: audited(article),
    });
  },
};
