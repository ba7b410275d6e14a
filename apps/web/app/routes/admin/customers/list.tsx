import {
  CUSTOMER_SORT_KEYS,
  type CustomerListItem,
  type DiscountList,
  type ListEnvelope,
} from "@booking/contracts";
import { clsx } from "clsx";
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
import { ExportMenu } from "../../../components/admin/export-menu";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { readSort, sortParam } from "../../../components/admin/table-query";
import { TagFilter } from "../../../components/admin/tags/tag-filter";
import { PlusIcon, UsersIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { CUSTOMERS_PATH, customerPath } from "../../../lib/admin/customer-paths";
import { listParams, orderedRange } from "../../../lib/admin/list-params";
import { adminGet, requireConsole } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { hasPermission } from "../../../lib/admin/permissions";
import { loadTags } from "../../../lib/admin/tag-loaders";
import type { Route } from "./+types/list";

/**
 * The organiser's customers, a page at a time: searched (names, e-mail, phone), filtered (owes
 * money, has registrations, has a wallet, created between two days) and sorted from the URL.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requireConsole(args);
  const url = new URL(args.request.url);
  const read = listParams(url);
  const created = orderedRange(read.day("created_from"), read.day("created_to"));
  const filters = {
    q: read.text("q"),
    outstanding: read.flag("outstanding"),
    registrations: read.flag("registrations"),
    wallet: read.flag("wallet"),
    created_from: created.from,
    created_to: created.to,
    tag: read.text("tag"),
    discount: read.text("discount"),
  };
  const sort = readSort(url, CUSTOMER_SORT_KEYS, { key: "name", descending: false });
  const page = await readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<CustomerListItem>>(
      args,
      withQuery("/api/admin/customers", { ...paging, ...filters, sort: sortParam(sort) }),
    ),
  );
  const tags = await loadTags(args, "customers");
  const discounts = hasPermission(session, "discounts.discounts.read")
    ? (await adminGet<DiscountList>(args, "/api/admin/discounts")).data
    : [];
  return {
    ...page,
    sort,
    tags: tags?.data ?? null,
    discounts: discounts.map((discount) => ({ value: discount.cuid, label: discount.name })),
    filtered: Object.values(filters).some(Boolean),
  };
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const yesNo = (yes: string, no: string) => [
    { value: "true", label: yes },
    { value: "false", label: no },
  ];

  const columns: DataTableColumn<CustomerListItem>[] = [
    {
      id: "name",
      header: t("admin.customers.columns.name"),
      sortable: true,
      className: "md:min-w-64",
      cell: (row) => (
        <div className="flex flex-col">
          <PersonLink to={customerPath(row.cuid)} person={row} />
          <span className="break-words text-slate-600">{row.email}</span>
        </div>
      ),
    },
    {
      id: "phone",
      header: t("admin.customers.columns.phone"),
      cell: (row) => <span className="whitespace-nowrap text-slate-700">{row.phone}</span>,
    },
    {
      id: "participants",
      header: t("admin.customers.columns.participants"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{row.participants_count}</span>,
    },
    registrationsColumn(t("admin.customers.columns.registrations")),
    {
      id: "wallet",
      header: t("admin.customers.columns.wallet"),
      sortable: true,
      align: "end",
      cell: (row) => (
        <span className={clsx("tabular-nums", row.wallet_amount === 0 && "text-slate-500")}>
          {format.money(row.wallet_amount)}
        </span>
      ),
    },
    {
      id: "outstanding",
      header: t("admin.customers.columns.outstanding"),
      sortable: true,
      align: "end",
      cell: (row) =>
        row.outstanding_amount > 0 ? (
          <StatusBadge tone="red" value="outstanding">
            {format.money(row.outstanding_amount)}
          </StatusBadge>
        ) : (
          <span className="text-slate-500 tabular-nums">{format.money(0)}</span>
        ),
    },
    createdColumn(t("admin.customers.columns.created"), format),
  ];

  return (
    <>
      <PageHeader
        title={t("admin.customers.title")}
        description={t("admin.customers.description")}
        actions={
          <>
            <ExportMenu kind="customers" filters={{}} />
            {can("customers.customers.create") ? (
              <ButtonLink to={`${CUSTOMERS_PATH}/new`} data-testid="new-customer">
                <PlusIcon className="size-4" />
                {t("admin.customers.new.open")}
              </ButtonLink>
            ) : null}
          </>
        }
      />
      <DataTable
        caption={t("admin.customers.title")}
        testId="customers-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.customers.search")} param="q" />
            <CollapsibleFilters active={loaderData.filtered}>
              <FilterSelect
                label={t("admin.customers.filters.outstanding")}
                param="outstanding"
                allLabel={t("admin.customers.filters.all")}
                options={yesNo(
                  t("admin.customers.filters.owes"),
                  t("admin.customers.filters.owes_nothing"),
                )}
              />
              <FilterSelect
                label={t("admin.customers.filters.registrations")}
                param="registrations"
                allLabel={t("admin.customers.filters.all")}
                options={yesNo(
                  t("admin.customers.filters.with_registrations"),
                  t("admin.customers.filters.without_registrations"),
                )}
              />
              <FilterSelect
                label={t("admin.customers.filters.wallet")}
                param="wallet"
                allLabel={t("admin.customers.filters.all")}
                options={yesNo(
                  t("admin.customers.filters.with_wallet"),
                  t("admin.customers.filters.without_wallet"),
                )}
              />
              <RangeFilter
                legend={t("admin.customers.filters.created")}
                type="date"
                from={{ param: "created_from", label: t("admin.customers.filters.created_from") }}
                to={{ param: "created_to", label: t("admin.customers.filters.created_to") }}
              />
              <TagFilter tags={loaderData.tags} />
              {loaderData.discounts.length > 0 ? (
                <FilterSelect
                  label={t("admin.customers.filters.discount")}
                  param="discount"
                  allLabel={t("admin.customers.filters.all_discounts")}
                  options={loaderData.discounts}
                />
              ) : null}
            </CollapsibleFilters>
            <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
              {t("admin.customers.count", { count: loaderData.paging.count })}
            </p>
          </>
        }
        empty={
          <EmptyState
            icon={UsersIcon}
            title={
              loaderData.filtered ? t("admin.customers.empty_filtered") : t("admin.customers.empty")
            }
          />
        }
      />
    </>
  );
}
