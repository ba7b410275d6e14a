import type { ArticleCardData } from "../../lib/blog-data";
import { ImageIcon } from "../icons";
import { LocalizedLink } from "../localized-link";

/**
 * An article as a card: image (or a plain tile), title, date and excerpt; the whole card is
 * one link to the article, named by its title.
 */
export function ArticleCard({
  article,
  headingLevel = "h2",
}: {
  article: ArticleCardData;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent-ink"
      data-testid="article-card"
    >
      {article.image ? (
        <img
          src={article.image.url}
          alt={article.image.alt}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full bg-slate-100 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex aspect-[3/2] w-full items-center justify-center bg-slate-100 text-slate-400"
        >
          <ImageIcon className="size-8" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <time dateTime={article.dateTime} className="text-sm text-slate-600">
          {article.date}
        </time>
        <Heading className="text-lg font-semibold leading-snug text-slate-950 break-words">
          <LocalizedLink
            to={`/blog/${article.slug}`}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl group-hover:underline"
          >
            {article.title}
          </LocalizedLink>
        </Heading>
        {article.excerpt ? (
          <p className="line-clamp-3 text-sm leading-relaxed text-slate-700">{article.excerpt}</p>
        ) : null}
      </div>
    </article>
  );
}

/** Cards in a grid: one column on phones, two on tablets, three on desktops. */
export function ArticleGrid({
  articles,
  headingLevel,
}: {
  articles: ArticleCardData[];
  headingLevel?: "h2" | "h3";
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-grid">
      {articles.map((article) => (
        <li key={article.slug}>
          <ArticleCard article={article} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
