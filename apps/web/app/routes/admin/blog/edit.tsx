import type { AdminArticleView } from "@booking/contracts";
import { useNavigate } from "react-router";
import { ArticleForm, BLOG_PATH } from "../../../components/admin/blog/article-form";
import { ArticleStatusBadge } from "../../../components/admin/blog/article-status";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { ImagesTab } from "../../../components/admin/catalogue/images-tab";
import { PageHeader } from "../../../components/admin/page-header";
import { ExternalLinkIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { blogApi } from "../../../lib/admin/blog-api";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import type { Route } from "./+types/edit";

/** /admin/blog/new (no cuid) and /admin/blog/:cuid: the article, or a new one. */
export async function loader(args: Route.LoaderArgs) {
  const cuid = args.params.cuid;
  if (!cuid) {
    requirePermission(args, "blog.articles.create");
    return { article: null };
  }
  requirePermission(args, "blog.articles.read");
  const path = `/api/admin/blog/articles/${encodeURIComponent(cuid)}`;
  return { article: await adminGet<AdminArticleView>(args, path) };
}

/**
 * An article: its text and publication in the form, its images below, and at the top its status,
 * publishing, its page on the storefront and deletion.
 */
export default function ArticleEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { article } = loaderData;
  if (!article) {
    return (
      <>
        <PageHeader
          title={t("admin.blog.new_title")}
          description={t("admin.blog.new_description")}
          back={{ to: BLOG_PATH, label: t("admin.blog.back") }}
        />
        <ArticleForm />
      </>
    );
  }
  return <ExistingArticle article={article} />;
}

function ExistingArticle({ article }: { article: AdminArticleView }) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const format = useConsoleFormatters();
  const navigate = useNavigate();
  const storefrontUrl = session.organiser
    ? `${session.organiser.storefront_url}/blog/${article.slug}`
    : null;
  return (
    <>
      <PageHeader
        title={article.title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2" data-testid="article-status">
            <ArticleStatusBadge status={article.status} />
            {article.published_at && article.status !== "DRAFT" ? (
              <span>
                {t(
                  article.status === "SCHEDULED"
                    ? "admin.blog.scheduled_for"
                    : "admin.blog.published_on",
                  { date: format.dateTime(article.published_at) },
                )}
              </span>
            ) : null}
          </span>
        }
        back={{ to: BLOG_PATH, label: t("admin.blog.back") }}
        actions={
          <>
            {article.status === "PUBLISHED" && storefrontUrl ? (
              <a
                href={storefrontUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
                data-testid="view-article"
              >
                <ExternalLinkIcon className="size-4" />
                {t("admin.blog.view_on_site")}
              </a>
            ) : null}
            {can("blog.articles.update") ? <PublishButton article={article} /> : null}
            {can("blog.articles.delete") ? (
              <DeleteButton
                showLabel
                name={article.title}
                title={t("admin.blog.delete_title", { title: article.title })}
                description={t("admin.blog.delete_description")}
                done={t("admin.blog.deleted", { title: article.title })}
                remove={() => blogApi.remove(article.cuid)}
                onDeleted={() => navigate(BLOG_PATH)}
              />
            ) : null}
          </>
        }
      />
      <ArticleForm key={article.updated_at} article={article} />
      <ImagesTab
        gallery={blogApi.gallery(article.cuid)}
        images={article.images}
        editable={can("blog.articles.update")}
      />
    </>
  );
}

function PublishButton({ article }: { article: AdminArticleView }) {
  const { t } = useTranslation();
  const next = !article.published;
  const { mutate, pending } = useAdminMutation(() => blogApi.publish(article.cuid, next), {
    success: t(next ? "admin.blog.published_done" : "admin.blog.unpublished_done", {
      title: article.title,
    }),
  });
  return (
    <Button
      variant={next ? "primary" : "secondary"}
      onClick={() => mutate()}
      disabled={pending}
      data-testid={next ? "publish-article" : "unpublish-article"}
    >
      {t(next ? "admin.blog.publish" : "admin.blog.unpublish")}
    </Button>
  );
}
