import {
  type AdminParticipantListItem,
  type ListEnvelope,
  PARTICIPANT_SORT_KEYS,
} from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { CollapsibleFilters } from "../../../components/admin/customers/collapsible-filters";
import {
  createdColumn,
  PersonLink,
  registrationsColumn,
} from "../../../components/admin/customers/people-columns";
import { RangeFilter } from "../../../components/admin/customers/range-filter";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { readSort, sortParam } from "../../../components/admin/table-query";
import { TagFilter } from "../../../components/admin/tags/tag-filter";
import { UsersIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customerPath, participantPath } from "../../../lib/admin/customer-paths";
import { listParams, orderedRange } from "../../../lib/admin/list-params";
import { adminGet, requireConsole } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { loadTags } from "../../../lib/admin/tag-loaders";
import { formatDay } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import type { Route } from "./+types/list";

/**
 * Every participant of the organiser, a page at a time: searched by name, filtered by age or
 * birthdate range, by customer, archived or not; sorted by name, birthdate or creation.
 */
export async function loader(args: Route.LoaderArgs) {
  requireConsole(args);
  const url = new URL(args.request.url);
  const read = listParams(url);
  const ages = orderedRange(read.count("age_min", 150), read.count("age_max", 150), true);
  const born = orderedRange(read.day("born_from"), read.day("born_to"));
  const filters = {
    q: read.text("q"),
    customer: read.text("customer", 40),
    age_min: ages.from,
    age_max: ages.to,
    born_from: born.from,
    born_to: born.to,
    archived: read.flag("archived"),
    tag: read.text("tag", 40),
  };
  const sort = readSort(url, PARTICIPANT_SORT_KEYS, { key: "name", descending: false });
  const page = await readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<AdminParticipantListItem>>(
      args,
      withQuery("/api/admin/participants", { ...paging, ...filters, sort: sortParam(sort) }),
    ),
  );
  const tags = await loadTags(args, "participants");
  return {
    ...page,
    sort,
    tags: tags?.data ?? null,
    filtered: Object.values(filters).some(Boolean),
  };
}

export default function Participants({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const language = useLanguage();

  const columns: DataTableColumn<AdminParticipantListItem>[] = [
    {
      id: "name",
      header: t("admin.participants.columns.name"),
      sortable: true,
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <PersonLink to={participantPath(row.cuid)} person={row} />
          {row.archived ? (
            <StatusBadge tone="grey">{t("admin.participants.archived")}</StatusBadge>
          ) : null}
        </span>
      ),
    },
    {
      id: "birthdate",
      header: t("admin.participants.columns.birthdate"),
      sortable: true,
      cell: (row) =>
        row.birthdate ? (
          <span className="whitespace-nowrap">
            {formatDay(row.birthdate, language, {
              day: "numeric",
              month: "short",
              year: "numeric",
            })}
            <span className="text-slate-600">
              {" "}
              · {t("admin.participants.age", { count: row.age ?? 0 })}
            </span>
          </span>
        ) : (
          "—"
        ),
    },
    {
      id: "customer",
      header: t("admin.participants.columns.customer"),
      cell: (row) =>
        can("customers.customers.read") ? (
          <Link to={customerPath(row.customer.cuid)} className="underline-offset-2 hover:underline">
            {row.customer.fullname}
          </Link>
        ) : (
          row.customer.fullname
        ),
    },
    registrationsColumn(t("admin.participants.columns.registrations")),
    createdColumn(t("admin.participants.columns.created"), format),
  ];

  return (
    <>
      <PageHeader
        title={t("admin.participants.title")}
        description={t("admin.participants.description")}
      />
      <DataTable
        caption={t("admin.participants.title")}
        testId="participants-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.participants.search")} param="q" />
            <CollapsibleFilters active={loaderData.filtered}>
              <RangeFilter
                legend={t("admin.participants.filters.age")}
                type="number"
                from={{ param: "age_min", label: t("admin.participants.filters.age_min") }}
                to={{ param: "age_max", label: t("admin.participants.filters.age_max") }}
                testId="age-filter"
              />
              <RangeFilter
                legend={t("admin.participants.filters.born")}
                type="date"
                from={{ param: "born_from", label: t("admin.participants.filters.born_from") }}
                to={{ param: "born_to", label: t("admin.participants.filters.born_to") }}
              />
              <FilterSelect
                label={t("admin.participants.filters.archived")}
                param="archived"
                allLabel={t("admin.participants.filters.current")}
                options={[{ value: "true", label: t("admin.participants.filters.only_archived") }]}
              />
              <TagFilter tags={loaderData.tags} />
            </CollapsibleFilters>
            <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
              {t("admin.participants.count", { count: loaderData.paging.count })}
            </p>
          </>
        }
        empty={
          <EmptyState
            icon={UsersIcon}
            title={
              loaderData.filtered
                ? t("admin.participants.empty_filtered")
                : t("admin.participants.empty")
            }
          />
        }
      />
    </>
  );
}
