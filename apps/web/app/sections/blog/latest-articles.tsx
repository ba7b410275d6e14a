import { ArticleGrid } from "../../components/blog/article-card";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import type { ArticleCardData } from "../../lib/blog-data";
import { defineElement } from "../types";

/**
 * The blog's latest published articles as cards, with a link to /blog (storefront.md §9: 3 by
 * default). Renders nothing while the blog has no article.
 */
export const blogLatestArticlesSection = defineElement<
  "section:blog-latest-articles",
  ArticleCardData[]
>({
  key: "section:blog-latest-articles",
  Component: ({ settings, data }) => {
    const { t } = useTranslation();
    if (data.length === 0) return null;
    return (
      <section
        className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-14"
        aria-label={settings.title ? undefined : t("blog.latest")}
        data-testid="latest-articles"
      >
        {settings.title ? (
          <h2 className="mb-6 text-2xl font-bold tracking-tight text-slate-950 md:text-3xl">
            {settings.title}
          </h2>
        ) : null}
        <ArticleGrid articles={data} headingLevel={settings.title ? "h3" : "h2"} />
        <p className="mt-6">
          <LocalizedLink
            to="/blog"
            className="font-semibold text-accent-ink underline underline-offset-4"
          >
            {t("blog.all_articles")}
          </LocalizedLink>
        </p>
      </section>
    );
  },
});
