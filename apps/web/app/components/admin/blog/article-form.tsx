import { type AdminArticleView, articleBody } from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { blogApi } from "../../../lib/admin/blog-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { localInputValue, typedLocalDateTime } from "../../../lib/admin/zoned-input";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { apiPathFields, checkedBy } from "../catalogue/form-inputs";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import { FormPanel } from "../form-panel";

export const BLOG_PATH = "/admin/blog";

function articleForm(timeZone: string) {
  return z
    .object({
      title: z.string(),
      slug: z.string(),
      content: z.string(),
      published_at: typedLocalDateTime(timeZone),
    })
    .transform(checkedBy(articleBody));
}
type ArticleFormValues = z.input<ReturnType<typeof articleForm>>;

/**
 * An article's text: title, address (slug, made from the title when left blank), publication
 * date (a later one schedules it) and rich content. Without `article` it creates a draft and
 * opens it, where its images are added.
 */
export function ArticleForm({ article }: { article?: AdminArticleView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, can } = useConsole();
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const readOnly = !can(article ? "blog.articles.update" : "blog.articles.create");
  const storefront = session.organiser?.storefront_url ?? "";

  const { form, field, richText, onSubmit, pending } = useAdminForm({
    schema: articleForm(timeZone),
    defaultValues: {
      title: article?.title ?? "",
      slug: article?.slug ?? "",
      content: article?.content ?? "",
      published_at: localInputValue(article?.published_at, timeZone),
    } satisfies ArticleFormValues,
    send: (values) => (article ? blogApi.update(article.cuid, values) : blogApi.create(values)),
    success: (saved) =>
      t(article ? "admin.blog.form.updated" : "admin.blog.form.created", { title: saved.title }),
    revalidate: Boolean(article),
    resolveField: apiPathFields<ArticleFormValues>(["title", "slug", "content", "published_at"]),
    onSuccess: (saved) => {
      if (!article) navigate(`${BLOG_PATH}/${saved.cuid}`);
    },
  });
  const slug = form.watch("slug");

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <TextField
            label={t("admin.blog.form.title")}
            autoComplete="off"
            data-testid="article-title"
            {...field("title")}
          />
          <RichTextEditor
            label={t("admin.blog.form.content")}
            {...richText("content")}
            testId="article-content"
            readOnly={readOnly}
          />
        </div>
        <div className="flex flex-col gap-5">
          <FormPanel title={t("admin.blog.form.publication")}>
            <TextField
              label={t("admin.blog.form.slug")}
              hint={
                <span className="break-all">
                  {t("admin.blog.form.slug_hint", {
                    url: `${storefront}/blog/${slug || t("admin.blog.form.slug_placeholder")}`,
                  })}
                </span>
              }
              optional
              autoComplete="off"
              spellCheck={false}
              data-testid="article-slug"
              {...field("slug")}
            />
            <TextField
              type="datetime-local"
              label={t("admin.blog.form.published_at")}
              hint={t("admin.blog.form.published_at_hint")}
              optional
              data-testid="article-published-at"
              {...field("published_at")}
            />
          </FormPanel>
        </div>
      </fieldset>
      {readOnly ? null : (
        <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          {article ? null : (
            <Button variant="secondary" onClick={() => navigate(BLOG_PATH)}>
              {t("admin.common.cancel")}
            </Button>
          )}
          <SubmitButton pending={pending} data-testid="save-article">
            {t(article ? "admin.blog.form.save" : "admin.blog.form.create")}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
