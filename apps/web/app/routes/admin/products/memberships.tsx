import type { AdminMembershipView } from "@booking/contracts";
import { Link } from "react-router";
import type { DataTableColumn } from "../../../components/admin/data-table";
import { ProductActions } from "../../../components/admin/products/product-actions";
import { productPath } from "../../../components/admin/products/product-kinds";
import { ProductList, SwitchBadge } from "../../../components/admin/products/product-list";
import { IdCardIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { readProductList } from "../../../lib/admin/product-loaders";
import type { Route } from "./+types/memberships";

/** /admin/memberships: a fixed season or a rolling period from the purchase. */
export function loader(args: Route.LoaderArgs) {
  return readProductList<AdminMembershipView>(args, "memberships", {
    sortKeys: ["title", "price", "created_at"],
    fallback: { key: "title", descending: false },
    switchParam: "published",
  });
}

export default function Memberships({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const period = (membership: AdminMembershipView) =>
    membership.period_type === "FIXED" &&
    membership.fixed_period_start_at &&
    membership.fixed_period_end_at
      ? `${format.date(membership.fixed_period_start_at)} – ${format.date(membership.fixed_period_end_at)}`
      : t(`admin.products.memberships.rolling.${membership.rolling_period_type ?? "months"}`, {
          count: membership.rolling_period_duration ?? 0,
        });
  const columns: DataTableColumn<AdminMembershipView>[] = [
    {
      id: "title",
      header: t("admin.products.columns.title"),
      sortable: true,
      cell: (membership) => (
        <Link
          to={productPath("memberships", membership.cuid)}
          className="font-semibold text-slate-950 underline-offset-4 hover:underline"
        >
          {membership.title}
        </Link>
      ),
    },
    {
      id: "price",
      header: t("admin.products.columns.price"),
      sortable: true,
      align: "end",
      cell: (membership) => format.money(membership.price),
    },
    {
      id: "period",
      header: t("admin.products.memberships.period"),
      cell: (membership) => (
        <span className="flex flex-col">
          <span>{period(membership)}</span>
          <span className="text-xs text-slate-600">
            {t(`admin.products.memberships.period_type.${membership.period_type}`)}
          </span>
        </span>
      ),
    },
    {
      id: "sold",
      header: t("admin.products.columns.sold"),
      align: "end",
      cell: (membership) => membership.sold,
    },
    {
      id: "published",
      header: t("admin.products.columns.state"),
      cell: (membership) => <SwitchBadge on={membership.published} switchParam="published" />,
    },
    {
      id: "actions",
      header: t("admin.products.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (membership) => (
        <ProductActions
          kind="memberships"
          product={{
            cuid: membership.cuid,
            title: membership.title,
            on: membership.published,
            used: membership.sold,
          }}
        />
      ),
    },
  ];
  return (
    <ProductList
      kind="memberships"
      switchParam="published"
      icon={IdCardIcon}
      columns={columns}
      data={loaderData}
    />
  );
}
