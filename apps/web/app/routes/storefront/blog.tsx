import { BLOG_PAGE_SIZE } from "@booking/domain/blog";
import { ArticleGrid } from "../../components/blog/article-card";
import { Breadcrumb } from "../../components/catalogue/detail";
import { PencilIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { articleCard, BLOG_FEED_PATH } from "../../lib/blog-data";
import { buildSeo, seoMeta } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import { storefrontPage } from "../../lib/storefront-page";
import { Pagination } from "../../sections/catalogue/pagination";
import { pageNumber as readPageNumber } from "../../sections/grids/query";
import type { Route } from "./+types/blog";

/** /blog: the published articles, the latest first, 12 per page (storefront.md §2, §9). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, language, format, t } = storefrontPage(context, params);
  const pageNumber = readPageNumber(new URL(request.url));
  const page = await storefront.reader.blogArticles({
    limit: String(BLOG_PAGE_SIZE),
    offset: String((pageNumber - 1) * BLOG_PAGE_SIZE),
  });
  // Past the last page there is no such page (the first page of an empty blog is its empty state).
  if (pageNumber > 1 && page.data.length === 0) notFound();
  const name = storefront.organiser.name;
  return {
    seo: buildSeo({
      request,
      organiserName: name,
      language,
      title: t("blog.title"),
      description: t("blog.meta_description", { name }),
      fallbackDescription: name,
      path: pageNumber > 1 ? `/blog?page_number=${pageNumber}` : "/blog",
    }),
    organiser: name,
    feedTitle: t("blog.feed", { name }),
    articles: page.data.map((article) => articleCard(article, format)),
    page: pageNumber,
    pages: Math.ceil(page.count / BLOG_PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seoMeta(loaderData?.seo),
  ...(loaderData
    ? [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/atom+xml",
          title: loaderData.feedTitle,
          href: BLOG_FEED_PATH,
        },
      ]
    : []),
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { articles, page, pages } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-12">
      <Breadcrumb
        organiser={loaderData.organiser}
        catalogue={null}
        items={[{ label: t("blog.title") }]}
      />
      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-950 md:text-4xl">
          {t("blog.title")}
        </h1>
        <a
          href={BLOG_FEED_PATH}
          className="text-sm font-medium text-accent-ink underline underline-offset-4"
        >
          {t("blog.feed_link")}
        </a>
      </div>
      <div className="mt-8">
        {articles.length > 0 ? (
          <ArticleGrid articles={articles} />
        ) : (
          <div
            className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center"
            data-testid="blog-empty"
          >
            <PencilIcon className="size-8 text-slate-500" />
            <h2 className="text-lg font-semibold text-slate-950">{t("blog.empty_title")}</h2>
            <p className="max-w-md text-slate-700">{t("blog.empty_text")}</p>
          </div>
        )}
      </div>
      <div className="mt-10">
        <Pagination page={page} pages={pages} label={t("blog.pagination")} />
      </div>
    </div>
  );
}
