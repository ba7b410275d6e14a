import {
  CART_STATES,
  type CartAdminList,
  type CartAdminSummary,
  type CartState,
} from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { CartStateBadge } from "../../../components/admin/carts/cart-state-badge";
import { RecordTabs } from "../../../components/admin/customers/record-tabs";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { CartIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customerPath } from "../../../lib/admin/customer-paths";
import { adminGet, requireConsole } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/carts";

export const CARTS_PATH = "/admin/carts";

/** One page of the customers' carts in a state (`?state=`, open by default; decision 0092). */
export async function loader(args: Route.LoaderArgs) {
  requireConsole(args);
  const url = new URL(args.request.url);
  const asked = url.searchParams.get("state");
  const state: CartState = CART_STATES.find((candidate) => candidate === asked) ?? "open";
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const page = await readListPage(args.request, (paging) =>
    adminGet<CartAdminList>(args, withQuery("/api/admin/carts", { ...paging, state, q })),
  );
  return { ...page, state, q: q ?? null };
}

export default function Carts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const { state } = loaderData;
  const mayOpenCustomer = can("customers.carts.read") && can("customers.customers.read");
  const columns: DataTableColumn<CartAdminSummary>[] = [
    {
      id: "customer",
      header: t("admin.carts.columns.customer"),
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          {mayOpenCustomer ? (
            <Link
              to={customerPath(row.customer.cuid, "carts")}
              className="font-medium text-slate-950 underline-offset-2 hover:underline"
              data-testid="cart-customer"
            >
              {row.customer.fullname}
            </Link>
          ) : (
            <span className="font-medium text-slate-950">{row.customer.fullname}</span>
          )}
          {row.customer.email ? <span className="text-slate-600">{row.customer.email}</span> : null}
        </span>
      ),
    },
    {
      id: "cart",
      header: t("admin.carts.columns.cart"),
      cell: (row) => (
        <span className="flex flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <CartStateBadge state={row.state} />
            {row.payment_pending ? (
              <StatusBadge tone="yellow">{t("admin.carts.payment_pending")}</StatusBadge>
            ) : null}
          </span>
          <span className="text-slate-600">
            {row.reference ?? format.dateTime(row.processed_at ?? row.created_at)}
          </span>
        </span>
      ),
    },
    {
      id: "holds",
      header: t("admin.carts.columns.holds"),
      cell: (row) =>
        row.state === "processed" ? (
          t("admin.carts.items_count", { count: row.items })
        ) : (
          <span className="flex flex-col">
            <span>{t("admin.carts.holds_count", { live: row.live_holds, count: row.items })}</span>
            {row.expires_at ? (
              <span className="text-slate-600">
                {t("admin.carts.until", { date: format.dateTime(row.expires_at) })}
              </span>
            ) : null}
          </span>
        ),
    },
    {
      id: "total",
      header: t("admin.carts.columns.price"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{format.money(row.total)}</span>,
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("admin.carts.title")} description={t("admin.carts.description")} />
      <RecordTabs
        current={state}
        tabs={CART_STATES.map((id) => ({
          id,
          label: t(`admin.carts.tabs.${id}`),
          to: withQuery(CARTS_PATH, { state: id === "open" ? undefined : id }),
        }))}
      />
      <DataTable
        caption={t("admin.carts.title")}
        testId="carts-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        paging={loaderData.paging}
        toolbar={<SearchBox label={t("admin.carts.search")} />}
        empty={
          <EmptyState
            icon={CartIcon}
            title={loaderData.q ? t("admin.carts.empty_filtered") : t(`admin.carts.empty_${state}`)}
          />
        }
      />
    </div>
  );
}
