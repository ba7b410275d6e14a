import {
  type AdminActivityAvailabilityList,
  type AdminAvailabilityFormChoices,
  type AdminAvailabilityList,
  type AdminAvailabilityListItem,
  AVAILABILITY_STATUSES,
} from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import {
  AVAILABILITIES_PATH,
  availabilityPath,
  newAvailabilityPath,
} from "../../../components/admin/availabilities/paths";
import { AvailabilityStatusBadge } from "../../../components/admin/availabilities/status-badge";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { PeriodFilter } from "../../../components/admin/registrations/period-filter";
import { readSort, sortParam } from "../../../components/admin/table-query";
import { CalendarIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { listParams, orderedRange } from "../../../lib/admin/list-params";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/list";

const SORT_KEYS = ["start_at", "activity", "created_at"];

/**
 * /admin/availabilities (all of them, filtered by activity, status, period and title) and
 * /admin/activities/:cuid/availabilities (one activity's): sorted and paged by the API.
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "availabilities.availabilities.read");
  const url = new URL(args.request.url);
  const params = listParams(url);
  const sort = readSort(url, SORT_KEYS, { key: "start_at", descending: false });
  const status = params.text("status");
  const period = orderedRange(params.day("from"), params.day("to"));
  const filters = {
    q: params.text("q"),
    status: AVAILABILITY_STATUSES.find((item) => item === status),
    activity: args.params.cuid ? undefined : params.text("activity", 40),
    staff: params.text("staff") === "mine" ? "mine" : undefined,
    ...period,
  };
  const path = args.params.cuid
    ? `/api/admin/activities/${encodeURIComponent(args.params.cuid)}/availabilities`
    : "/api/admin/availabilities";
  let activity: AdminActivityAvailabilityList["activity"] | null = null;
  const [page, choices] = await Promise.all([
    readListPage(args.request, async (paging) => {
      const list = await adminGet<AdminAvailabilityList | AdminActivityAvailabilityList>(
        args,
        withQuery(path, { ...paging, ...filters, sort: sortParam(sort) }),
      );
      if ("activity" in list) activity = list.activity;
      return list;
    }),
    args.params.cuid
      ? null
      : adminGet<AdminAvailabilityFormChoices>(args, "/api/admin/availabilities/choices"),
  ]);
  return {
    ...page,
    sort,
    activity: activity as AdminActivityAvailabilityList["activity"] | null,
    activities: (choices?.activities ?? []).map((item) => ({
      value: item.cuid,
      label: item.title,
    })),
    filtered: Object.values(filters).some(Boolean),
  };
}

export default function Availabilities({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const { activity } = loaderData;

  const columns: DataTableColumn<AdminAvailabilityListItem>[] = [
    {
      id: "start_at",
      header: t("admin.availabilities.columns.period"),
      sortable: true,
      cell: (item) => (
        <Link
          to={availabilityPath(item.cuid)}
          className="font-semibold text-slate-950 underline-offset-4 hover:underline md:whitespace-nowrap"
        >
          {format.date(item.start_at)} – {format.date(item.end_at)}
        </Link>
      ),
    },
    ...(activity
      ? []
      : [
          {
            id: "activity",
            header: t("admin.availabilities.columns.activity"),
            sortable: true,
            cell: (item: AdminAvailabilityListItem) => (
              <span className="flex flex-col">
                <span className="font-medium text-slate-900">{item.activity.title}</span>
                {item.location ? (
                  <span className="text-xs text-slate-600">{item.location.title}</span>
                ) : null}
              </span>
            ),
          },
        ]),
    {
      id: "dates",
      header: t("admin.availabilities.columns.dates"),
      cell: (item) => t("admin.availabilities.dates_count", { count: item.dates_count }),
    },
    {
      id: "places",
      header: t("admin.availabilities.columns.places"),
      cell: (item) =>
        item.capacity === null
          ? t("admin.availabilities.places_unlimited", { registered: item.registered })
          : t("admin.availabilities.places", {
              registered: item.registered,
              capacity: item.capacity,
            }),
    },
    {
      id: "price",
      header: t("admin.availabilities.columns.price"),
      align: "end",
      cell: (item) => format.money(item.price),
    },
    {
      id: "status",
      header: t("admin.availabilities.columns.status"),
      cell: (item) => <AvailabilityStatusBadge status={item.status} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={activity ? activity.title : t("admin.availabilities.title")}
        description={
          activity ? t("admin.availabilities.of_activity") : t("admin.availabilities.description")
        }
        back={
          activity
            ? {
                to: `/admin/activities/${activity.cuid}`,
                label: t("admin.availabilities.back_to_activity"),
              }
            : undefined
        }
        actions={
          can("availabilities.availabilities.create") ? (
            <ButtonLink to={newAvailabilityPath(activity?.cuid)} data-testid="new-availability">
              <PlusIcon className="size-4" />
              {t("admin.availabilities.new.title")}
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        caption={activity ? activity.title : t("admin.availabilities.title")}
        testId="availabilities-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(item) => item.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            {activity ? null : <SearchBox label={t("admin.availabilities.search")} param="q" />}
            {activity ? null : (
              <FilterSelect
                label={t("admin.availabilities.filters.activity")}
                param="activity"
                allLabel={t("admin.availabilities.filters.all_activities")}
                options={loaderData.activities}
              />
            )}
            <FilterSelect
              label={t("admin.availabilities.filters.status")}
              param="status"
              allLabel={t("admin.availabilities.filters.all_statuses")}
              options={AVAILABILITY_STATUSES.map((status) => ({
                value: status,
                label: t(`admin.availabilities.status.${status}`),
              }))}
            />
            <FilterSelect
              label={t("admin.staff.filter.label")}
              param="staff"
              allLabel={t("admin.staff.filter.all")}
              options={[{ value: "mine", label: t("admin.staff.filter.mine") }]}
            />
            <PeriodFilter />
            {loaderData.filtered ? (
              <Link
                to={activity ? "." : AVAILABILITIES_PATH}
                className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
              >
                {t("admin.availabilities.filters.reset")}
              </Link>
            ) : null}
          </>
        }
        empty={
          <EmptyState
            icon={CalendarIcon}
            title={t(
              loaderData.filtered
                ? "admin.availabilities.empty_filtered"
                : "admin.availabilities.empty",
            )}
          />
        }
      />
    </>
  );
}
