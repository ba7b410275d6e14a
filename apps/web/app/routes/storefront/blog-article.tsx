import { ImageCarousel } from "../../components/blog/image-carousel";
import {
  Breadcrumb,
  DetailTitle,
  JsonLd,
  richTextClasses,
} from "../../components/catalogue/detail";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import { descriptionHtml, imageData, orNotFound } from "../../lib/catalogue-data";
import { seoMeta, serializeJsonLd } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import { detailPageBase, storefrontPage } from "../../lib/storefront-page";
import type { Route } from "./+types/blog-article";

/** Longest slug or cuid looked up; anything longer is no article. */
const MAX_KEY_LENGTH = 100;

/**
 * /blog/{article} by slug (or cuid): breadcrumb, title, date, image carousel, HTML content
 * (storefront.md §2). Drafts and articles whose date has not come are not found.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = storefrontPage(context, params);
  if (params.article.length > MAX_KEY_LENGTH) notFound();
  const article = await orNotFound(page.storefront.reader.blogArticle(params.article));
  const base = detailPageBase(page, request, {
    title: article.title,
    description: article.content,
    fallbackDescription: article.title,
    path: `/blog/${article.slug}`,
    image: article.images[0] ?? null,
    type: "article",
  });
  // schema.org BlogPosting: search engines show the article's date and image.
  const jsonLd = serializeJsonLd({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: base.seo.description,
    datePublished: article.published_at,
    dateModified: article.updated_at,
    url: base.seo.url,
    ...(base.seo.image ? { image: base.seo.image } : {}),
    publisher: { "@type": "Organization", name: base.breadcrumb.organiser },
  });
  return {
    seo: base.seo,
    jsonLd,
    organiser: base.breadcrumb.organiser,
    article: {
      title: article.title,
      date: page.format.date(article.published_at),
      dateTime: article.published_at,
      images: imageData(article.images),
      content: descriptionHtml(article.content, page.language),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { article } = loaderData;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <JsonLd json={loaderData.jsonLd} />
      <Breadcrumb
        organiser={loaderData.organiser}
        catalogue={null}
        items={[{ label: t("blog.title"), to: "/blog" }, { label: article.title }]}
      />
      <header className="mt-6 flex flex-col gap-2">
        <DetailTitle testId="article-title">{article.title}</DetailTitle>
        <p className="text-slate-600">
          {t("blog.published_on")}{" "}
          <time dateTime={article.dateTime} data-testid="article-date">
            {article.date}
          </time>
        </p>
      </header>
      {article.images.length > 0 ? (
        <div className="mt-8">
          <ImageCarousel
            images={article.images}
            label={t("blog.carousel.label", { title: article.title })}
          />
        </div>
      ) : null}
      {article.content ? (
        <div
          className={`mt-8 ${richTextClasses}`}
          data-testid="article-content"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the loader with the domain's allow-list
          dangerouslySetInnerHTML={{ __html: article.content }}
        />
      ) : null}
      <p className="mt-12">
        <LocalizedLink
          to="/blog"
          className="font-semibold text-accent-ink underline underline-offset-4"
        >
          {t("blog.back")}
        </LocalizedLink>
      </p>
    </article>
  );
}
