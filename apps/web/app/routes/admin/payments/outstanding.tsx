import type { OutstandingCartView, OutstandingList } from "@booking/contracts";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { SearchBox } from "../../../components/admin/list-controls";
import { outstandingQuery } from "../../../components/admin/payments/list-query";
import { TransferDialog } from "../../../components/admin/payments/transfer-dialog";
import { CheckCircleIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { fullName } from "../../../lib/admin/people";
import type { Route } from "./+types/outstanding";

/** The processed carts still owing money, the longest waiting first, with the totals. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "payments.payments.read");
  const query = outstandingQuery(new URL(args.request.url));
  let totals: OutstandingList["totals"] = { carts: 0, amount_due: 0 };
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
  const columns: DataTableColumn<OutstandingCartView>[] = [
    {
      id: "reference",
      header: t("admin.payments.outstanding.columns.reference"),
      cell: (cart) => <span className="font-mono text-xs text-slate-950">{cart.reference}</span>,
    },
    {
      id: "customer",
      header: t("admin.payments.outstanding.columns.customer"),
      cell: (cart) => (
        <span className="flex flex-col">
          <span className="text-slate-950">{fullName(cart.customer)}</span>
          <span className="text-xs text-slate-500">{cart.customer.email}</span>
        </span>
      ),
    },
    {
      id: "age",
      header: t("admin.payments.outstanding.columns.age"),
      sortable: true,
      cell: (cart) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">
            {t("admin.payments.outstanding.days", { count: cart.age_days })}
          </span>
          <span className="text-xs text-slate-500">{format.date(cart.processed_at)}</span>
        </span>
      ),
    },
    {
      id: "paid",
      header: t("admin.payments.outstanding.columns.paid"),
      align: "end",
      cell: (cart) => (
        <span className="whitespace-nowrap tabular-nums text-slate-600">
          {t("admin.payments.outstanding.paid_of", {
            paid: format.money(cart.paid_amount),
            total: format.money(cart.total_amount),
          })}
        </span>
      ),
    },
    {
      id: "due",
      header: t("admin.payments.outstanding.columns.due"),
      sortable: true,
      align: "end",
      cell: (cart) => (
        <span className="font-semibold whitespace-nowrap tabular-nums text-slate-950">
          {format.money(cart.amount_due)}
        </span>
      ),
    },
    ...(can("bank.transfers.create")
      ? [
          {
            id: "actions",
            header: t("admin.payments.columns.actions"),
            hideHeader: true,
            align: "end" as const,
            cell: (cart: OutstandingCartView) => (
              <TransferDialog
                target={{
                  type: "CART",
                  cuid: cart.cuid,
                  reference: cart.reference,
                  amount_due: cart.amount_due,
                  customer: `${cart.customer.firstname} ${cart.customer.lastname}`,
                }}
              />
            ),
          },
        ]
      : []),
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
            {t("admin.payments.outstanding.total_carts")}
          </dt>
          <dd className="mt-1 text-xl font-bold tabular-nums text-slate-950">
            {loaderData.totals.carts}
          </dd>
        </div>
      </dl>
      <DataTable
        caption={t("admin.payments.tabs.outstanding")}
        testId="outstanding-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(cart) => cart.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={<SearchBox label={t("admin.payments.outstanding.search")} param="q" />}
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
