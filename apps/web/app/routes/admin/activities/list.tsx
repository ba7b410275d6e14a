import type { AdminActivityListItem, ListEnvelope } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { ACTIVITIES_PATH } from "../../../components/admin/catalogue/activity-form";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { readSort } from "../../../components/admin/table-query";
import { AwardIcon, ImageIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { readCategoryGroups } from "../../../lib/admin/catalogue-loaders";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/list";

const SORT_KEYS = ["title", "updated_at", "created_at"];

/** /admin/activities: the organiser's activities, searchable, filtered, sorted and paged. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "activities.activities.read");
  const url = new URL(args.request.url);
  const text = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || undefined;
  const sort = readSort(url, SORT_KEYS, { key: "title", descending: false });
  const published = text("published");
  const filters = {
    q: text("q"),
    category: text("category"),
    published: published === "true" || published === "false" ? published : undefined,
  };
  const [page, groups] = await Promise.all([
    readListPage(args.request, (paging) =>
      adminGet<ListEnvelope<AdminActivityListItem>>(
        args,
        withQuery("/api/admin/activities", {
          ...paging,
          ...filters,
          sort: sort.descending ? `-${sort.key}` : sort.key,
        }),
      ),
    ),
    readCategoryGroups(args),
  ]);
  return {
    ...page,
    sort,
    groups,
    filtered: Object.values(filters).some(Boolean),
  };
}

export default function Activities({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<AdminActivityListItem>[] = [
    {
      id: "title",
      header: t("admin.activities.columns.title"),
      sortable: true,
      cell: (activity) => (
        <Link
          to={`${ACTIVITIES_PATH}/${activity.cuid}`}
          className="flex items-center gap-3 font-semibold text-slate-950 underline-offset-4 hover:underline"
        >
          {activity.thumbnail_url ? (
            <img
              src={activity.thumbnail_url}
              alt=""
              className="size-10 shrink-0 rounded-md object-cover"
              loading="lazy"
            />
          ) : (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400">
              <ImageIcon className="size-5" />
            </span>
          )}
          <span className="text-left">{activity.title}</span>
        </Link>
      ),
    },
    {
      id: "status",
      header: t("admin.activities.columns.status"),
      cell: (activity) =>
        activity.published ? (
          <StatusBadge tone="green">{t("admin.activities.published")}</StatusBadge>
        ) : (
          <StatusBadge tone="grey">{t("admin.activities.unpublished")}</StatusBadge>
        ),
    },
    {
      id: "categories",
      header: t("admin.activities.columns.categories"),
      cell: (activity) => activity.categories.map((category) => category.title).join(", ") || "—",
    },
    {
      id: "price",
      header: t("admin.activities.columns.price"),
      align: "end",
      cell: (activity) => format.money(activity.default_price),
    },
    {
      id: "availabilities",
      header: t("admin.activities.columns.availabilities"),
      cell: (activity) => (
        <span>
          {t("admin.activities.availabilities_count", { count: activity.availabilities_count })}
          {activity.next_start_at ? (
            <span className="block text-xs text-slate-600">
              {t("admin.activities.next", { date: format.date(activity.next_start_at) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "updated_at",
      header: t("admin.activities.columns.updated_at"),
      sortable: true,
      cell: (activity) => format.date(activity.updated_at),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.activities.title")}
        description={t("admin.activities.description")}
        actions={
          can("activities.activities.create") ? (
            <ButtonLink to={`${ACTIVITIES_PATH}/new`} data-testid="new-activity">
              <PlusIcon className="size-4" />
              {t("admin.activities.new")}
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.activities.title")}
        testId="activities-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(activity) => activity.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.activities.search")} param="q" />
            <FilterSelect
              label={t("admin.activities.filters.category")}
              param="category"
              allLabel={t("admin.activities.filters.all_categories")}
              options={loaderData.groups.flatMap((group) =>
                group.categories.map((category) => ({
                  value: category.cuid,
                  label: `${group.title} · ${category.title}`,
                })),
              )}
            />
            <FilterSelect
              label={t("admin.activities.filters.status")}
              param="published"
              allLabel={t("admin.activities.filters.all_statuses")}
              options={[
                { value: "true", label: t("admin.activities.published") },
                { value: "false", label: t("admin.activities.unpublished") },
              ]}
            />
          </>
        }
        empty={
          <EmptyState
            icon={AwardIcon}
            title={t(
              loaderData.filtered ? "admin.activities.empty_filtered" : "admin.activities.empty",
            )}
          />
        }
      />
    </>
  );
}
