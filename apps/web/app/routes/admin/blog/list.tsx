import { type AdminArticleListItem, ARTICLE_STATUSES, type ListEnvelope } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { BLOG_PATH } from "../../../components/admin/blog/article-form";
import { ArticleStatusBadge } from "../../../components/admin/blog/article-status";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { readSort } from "../../../components/admin/table-query";
import { FileIcon, ImageIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/list";

const SORT_KEYS = ["published_at", "title", "updated_at"];

/** /admin/blog: the blog's articles, searchable, filtered by status, sorted and paged. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "blog.articles.read");
  const url = new URL(args.request.url);
  const text = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || undefined;
  const sort = readSort(url, SORT_KEYS, { key: "published_at", descending: true });
  const status = ARTICLE_STATUSES.find((value) => value === text("status"));
  const filters = { q: text("q"), status };
  const page = await readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<AdminArticleListItem>>(
      args,
      withQuery("/api/admin/blog/articles", {
        ...paging,
        ...filters,
        sort: sort.descending ? `-${sort.key}` : sort.key,
      }),
    ),
  );
  return { ...page, sort, filtered: Object.values(filters).some(Boolean) };
}

export default function BlogArticles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<AdminArticleListItem>[] = [
    {
      id: "title",
      header: t("admin.blog.columns.title"),
      sortable: true,
      cell: (article) => (
        <Link
          to={`${BLOG_PATH}/${article.cuid}`}
          className="flex items-center gap-3 font-semibold text-slate-950 underline-offset-4 hover:underline"
        >
          {article.thumbnail_url ? (
            <img
              src={article.thumbnail_url}
              alt=""
              className="size-10 shrink-0 rounded-md object-cover"
              loading="lazy"
            />
          ) : (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
              <ImageIcon className="size-5" />
            </span>
          )}
          <span className="min-w-0 text-left break-words">
            {article.title}
            <span className="block text-xs font-normal text-slate-600">/blog/{article.slug}</span>
          </span>
        </Link>
      ),
    },
    {
      id: "status",
      header: t("admin.blog.columns.status"),
      cell: (article) => <ArticleStatusBadge status={article.status} />,
    },
    {
      id: "published_at",
      header: t("admin.blog.columns.published_at"),
      sortable: true,
      cell: (article) => (article.published_at ? format.dateTime(article.published_at) : "—"),
    },
    {
      id: "author",
      header: t("admin.blog.columns.author"),
      cell: (article) => article.author ?? "—",
    },
    {
      id: "updated_at",
      header: t("admin.blog.columns.updated_at"),
      sortable: true,
      cell: (article) => format.date(article.updated_at),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.blog.title")}
        description={t("admin.blog.description")}
        actions={
          can("blog.articles.create") ? (
            <ButtonLink to={`${BLOG_PATH}/new`} data-testid="new-article">
              <PlusIcon className="size-4" />
              {t("admin.blog.new")}
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.blog.title")}
        testId="articles-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(article) => article.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.blog.search")} param="q" />
            <FilterSelect
              label={t("admin.blog.filters.status")}
              param="status"
              allLabel={t("admin.blog.filters.all_statuses")}
              options={ARTICLE_STATUSES.map((status) => ({
                value: status,
                label: t(`admin.blog.status.${status}`),
              }))}
            />
          </>
        }
        empty={
          <EmptyState
            icon={FileIcon}
            title={t(loaderData.filtered ? "admin.blog.empty_filtered" : "admin.blog.empty")}
          />
        }
      />
    </>
  );
}
