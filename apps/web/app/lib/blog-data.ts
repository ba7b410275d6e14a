import type { BlogArticleView } from "@booking/contracts";
import { articleExcerpt } from "@booking/domain/blog";
import type { ImageData } from "../components/catalogue/detail";
import { imageData } from "./catalogue-data";
import type { Formatters } from "./format";

/** An article's card (/blog, the latest-articles section): plain, formatted data. */
export interface ArticleCardData {
  slug: string;
  title: string;
  /** the publication date, formatted */
  date: string;
  /** ISO, for <time dateTime> */
  dateTime: string;
  /** the content's text, HTML stripped (storefront.md §5) */
  excerpt: string;
  image: ImageData | null;
}

export function articleCard(article: BlogArticleView, format: Formatters): ArticleCardData {
  return {
    slug: article.slug,
    title: article.title,
    date: format.date(article.published_at),
    dateTime: article.published_at,
    excerpt: articleExcerpt(article.content),
    image: imageData(article.images.slice(0, 1))[0] ?? null,
  };
}

/** Where the Atom feed of the blog is served (server route, not a page). */
export const BLOG_FEED_PATH = "/blog/feed.xml";
