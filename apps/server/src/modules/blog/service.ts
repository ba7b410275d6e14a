import type { BlogArticlesQuery, BlogArticleView, SitemapEntry } from "@booking/contracts";
import { articleExcerpt } from "@booking/domain/blog";
import { sanitizeHtml } from "@booking/domain/html";
import { Feed } from "feed";
import type { ServiceContext } from "../../http/service-context.ts";
import { articleGallery, type GalleryImage, loadGalleryImages } from "../images/gallery-queries.ts";
import {
  type Article,
  findVisibleArticle,
  listVisibleArticles,
  sitemapArticles,
} from "./queries.ts";

/** Articles the feed carries: the latest ones. */
const FEED_SIZE = 20;

function articleView(article: Article, images: GalleryImage[]): BlogArticleView {
  return {
    id: article.id,
    cuid: article.cuid,
    slug: article.slug,
    title: article.title,
    content: article.content,
    images: images
      .filter((image) => image.ownerId === article.id)
      .map((image) => ({ id: image.id, public_url: image.publicUrl, alt: image.alt })),
    // Visible articles always have one (the query asks that it has come).
    published_at: article.publishedAt!.toISOString(),
    created_at: article.createdAt.toISOString(),
    updated_at: article.updatedAt.toISOString(),
  };
}

/**
 * GET /api/blog/articles: the visible articles (published, their date come), the latest first.
 */
export async function listBlogArticles(context: ServiceContext, query: BlogArticlesQuery) {
  const { db, organiser } = context;
  const { rows, count } = await listVisibleArticles(db, organiser.id, new Date(), query);
  const images = await loadGalleryImages(
    db,
    articleGallery,
    organiser.id,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => articleView(row, images)),
    count,
    limit: query.limit,
    offset: query.offset,
  };
}

/** A visible article by slug or cuid; null for a draft, a scheduled one or another's. */
export async function getBlogArticle(
  context: ServiceContext,
  slugOrCuid: string,
): Promise<BlogArticleView | null> {
  const { db, organiser } = context;
  const article = await findVisibleArticle(db, organiser.id, slugOrCuid, new Date());
  if (!article) return null;
  return articleView(
    article,
    await loadGalleryImages(db, articleGallery, organiser.id, [article.id]),
  );
}

/** The blog's paths for the sitemap: the list, and each visible article. */
export async function blogSitemapEntries(context: ServiceContext): Promise<SitemapEntry[]> {
  const rows = await sitemapArticles(context.db, context.organiser.id, new Date());
  const entries = rows.map((row) => ({
    path: `/blog/${row.slug}`,
    updated_at: row.updatedAt.toISOString(),
  }));
  return [
    {
      path: "/blog",
      updated_at: entries[0]?.updated_at ?? context.organiser.updatedAt.toISOString(),
    },
    ...entries,
  ];
}

/**
 * The Atom feed of the latest visible articles, with absolute links under `origin` in the
 * organiser's language. Content is the stored (sanitised) HTML, sanitised again with its site
 * links made absolute, since a feed reader reads it elsewhere.
 */
export async function blogFeed(context: ServiceContext, origin: string): Promise<string> {
  const { organiser } = context;
  const { data } = await listBlogArticles(context, { limit: FEED_SIZE, offset: 0 });
  const language = organiser.language;
  const site = `${origin}/${language}`;
  /** A site path under the language prefix (as the pages link it), on the site's origin. */
  const siteLink = (href: string) => {
    if (!href.startsWith("/")) return href;
    const prefixed = href === `/${language}` || href.startsWith(`/${language}/`);
    return `${origin}${prefixed ? href : `/${language}${href}`}`;
  };
  const feed = new Feed({
    id: `${site}/blog`,
    title: `${organiser.name} · Blog`,
    link: `${site}/blog`,
    language: organiser.language,
    updated: data[0] ? new Date(data[0].updated_at) : organiser.updatedAt,
    generator: false,
    feedLinks: { atom: `${origin}/blog/feed.xml` },
    copyright: organiser.name,
  });
  for (const article of data) {
    const link = `${site}/blog/${article.slug}`;
    const cover = article.images[0];
    feed.addItem({
      id: link,
      title: article.title,
      link,
      date: new Date(article.updated_at),
      published: new Date(article.published_at),
      description: articleExcerpt(article.content),
      content: sanitizeHtml(article.content, { mapHref: siteLink }),
      ...(cover ? { image: new URL(cover.public_url, origin).href } : {}),
    });
  }
  return feed.atom1();
}
