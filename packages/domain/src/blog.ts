/**
 * Rules of the organiser's blog (storefront.md §2 "/blog", §9 "blog list 12; latest articles
 * default 3"): an article's address, whether visitors see it, and its excerpt.
 */

import { htmlToText } from "./html.ts";

/** Articles per page of /blog. */
export const BLOG_PAGE_SIZE = 12;
/** Articles the latest-articles call and section give when not told how many. */
export const LATEST_ARTICLES_DEFAULT = 3;
/** Longest slug: readable in an address, room for a "-2" suffix. */
export const BLOG_SLUG_MAX_LENGTH = 80;
/** Characters of text an excerpt keeps before its ellipsis. */
export const BLOG_EXCERPT_LENGTH = 220;

/** Lower-case letters and digits in groups joined by single hyphens. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The slug a title suggests: accents dropped, anything else than letters and digits turned into
 * single hyphens ("L'été à la ferme !" → "l-ete-a-la-ferme"), cut at a word boundary when long.
 * A title without any letter or digit gives "article".
 */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[æ]/g, "ae")
    .replace(/[œ]/g, "oe")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (words === "") return "article";
  if (words.length <= BLOG_SLUG_MAX_LENGTH) return words;
  const cut = words.slice(0, BLOG_SLUG_MAX_LENGTH + 1);
  const boundary = cut.lastIndexOf("-");
  return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, BLOG_SLUG_MAX_LENGTH)).replace(
    /-+$/,
    "",
  );
}

/**
 * The slugs tried, in order, for an article whose slug is generated: the base, then "-2", "-3"…
 * (the base shortened so that the suffix fits).
 */
export function slugCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base;
  const suffix = `-${attempt}`;
  return `${base.slice(0, BLOG_SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
}

export type ArticleStatus = "DRAFT" | "SCHEDULED" | "PUBLISHED";

/** A draft until published; then scheduled until its publication date, published from it. */
export function articleStatus(
  article: { published: boolean; publishedAt: Date | null },
  now: Date,
): ArticleStatus {
  if (!article.published || article.publishedAt === null) return "DRAFT";
  return article.publishedAt.getTime() > now.getTime() ? "SCHEDULED" : "PUBLISHED";
}

/** The plain text of an article's HTML, cut at a word boundary with an ellipsis when long. */
export function articleExcerpt(html: string, length = BLOG_EXCERPT_LENGTH): string {
  const text = htmlToText(html);
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const boundary = cut.lastIndexOf(" ");
  return `${(boundary > length / 2 ? cut.slice(0, boundary) : cut.slice(0, length)).replace(/[\s,;:.!?-]+$/, "")}…`;
}
