import {
  OUTSTANDING_ITEM_TYPES,
  type OutstandingItemView,
  type OutstandingList,
} from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { ExportMenu } from "../../../components/admin/export-menu";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { outstandingQuery } from "../../../components/admin/payments/list-query";
import { OutstandingItem } from "../../../components/admin/payments/outstanding-item";
import { ReminderState } from "../../../components/admin/payments/reminder-state";
import { SendReminderButton } from "../../../components/admin/payments/send-reminder-button";
import { TransferDialog } from "../../../components/admin/payments/transfer-dialog";
import { CheckCircleIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { fullName } from "../../../lib/admin/people";
import type { Route } from "./+types/outstanding";

/**
 * What customers still owe — processed orders, attendance charges, booking shares (decision
 * 0072) — the longest waiting first, with the totals; by kind and searched.
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "payments.payments.read");
  const query = outstandingQuery(new URL(args.request.url));
  let totals: OutstandingList["totals"] = { items: 0, amount_due: 0 };
  const page = await readListPage(args.request, async (paging) => {
    const list = await adminGet<OutstandingList>(
      args,
      withQuery("/api/admin/outstanding", { ...paging, ...query.params }),
    );
    totals = list.totals;
    return list;
  });
  return { ...page, totals, sort: query.sort, searching: query.searching };
}

export default function Outstanding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<OutstandingItemView>[] = [
    {
      id: "item",
      header: t("admin.payments.outstanding.columns.item"),
      cell: (item) => <OutstandingItem item={item} />,
    },
    {
      id: "customer",
      header: t("admin.payments.outstanding.columns.customer"),
      cell: (item) => (
        <span className="flex flex-col">
          <Link
            to={`/admin/customers/${item.customer.cuid}`}
            className="text-slate-950 underline-offset-4 hover:underline"
          >
            {fullName(item.customer)}
          </Link>
          <span className="text-xs text-slate-500">{item.customer.email}</span>
        </span>
      ),
    },
    {
      id: "age",
      header: t("admin.payments.outstanding.columns.age"),
      sortable: true,
      cell: (item) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">
            {t("admin.payments.outstanding.days", { count: item.age_days })}
          </span>
          <span className="text-xs text-slate-500">{format.date(item.since)}</span>
          <ReminderState item={item} />
        </span>
      ),
    },
    {
      id: "paid",
      header: t("admin.payments.outstanding.columns.paid"),
      align: "end",
      cell: (item) => (
        <span className="whitespace-nowrap tabular-nums text-slate-600">
          {t("admin.payments.outstanding.paid_of", {
            paid: format.money(item.paid_amount),
            total: format.money(item.total_amount),
          })}
        </span>
      ),
    },
    {
      id: "due",
      header: t("admin.payments.outstanding.columns.due"),
      sortable: true,
      align: "end",
      cell: (item) => (
        <span className="font-semibold whitespace-nowrap tabular-nums text-slate-950">
          {format.money(item.amount_due)}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.payments.columns.actions"),
      hideHeader: true,
      align: "end" as const,
      cell: (item: OutstandingItemView) => (
        <span className="flex flex-col items-end gap-2">
          {can("notifications.trigger") ? <SendReminderButton item={item} /> : null}
          {can("bank.transfers.create") ? (
            <TransferDialog
              target={{
                type: item.type,
                cuid: item.cuid,
                reference: item.reference ?? t(`admin.payments.outstanding.types.${item.type}`),
                amount_due: item.amount_due,
                customer: `${item.customer.firstname} ${item.customer.lastname}`,
              }}
            />
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md" data-testid="outstanding-totals">
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
          <dt className="text-xs font-medium text-slate-600">
            {t("admin.payments.outstanding.total_due")}
          </dt>
          <dd className="mt-1 text-xl font-bold tabular-nums text-slate-950">
            {format.money(loaderData.totals.amount_due)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
          <dt className="text-xs font-medium text-slate-600">
            {t("admin.payments.outstanding.total_items")}
          </dt>
          <dd className="mt-1 text-xl font-bold tabular-nums text-slate-950">
            {loaderData.totals.items}
          </dd>
        </div>
      </dl>
      <DataTable
        caption={t("admin.payments.tabs.outstanding")}
        testId="outstanding-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(item) => `${item.type}-${item.cuid}`}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.payments.outstanding.search")} param="q" />
            <FilterSelect
              label={t("admin.payments.outstanding.type")}
              param="type"
              allLabel={t("admin.payments.outstanding.all_types")}
              options={OUTSTANDING_ITEM_TYPES.map((type) => ({
                value: type,
                label: t(`admin.payments.outstanding.types.${type}`),
              }))}
            />
            <div className="sm:ml-auto sm:self-end">
              <ExportMenu kind="outstanding" />
            </div>
          </>
        }
        empty={
          <EmptyState
            icon={CheckCircleIcon}
            title={t(
              loaderData.searching
                ? "admin.payments.outstanding.empty_filtered"
                : "admin.payments.outstanding.empty",
            )}
          />
        }
      />
    </div>
  );
}
