import type { AdminCouponView } from "@booking/contracts";
import { Link } from "react-router";
import type { DataTableColumn } from "../../../components/admin/data-table";
import { ProductActions } from "../../../components/admin/products/product-actions";
import { productPath } from "../../../components/admin/products/product-kinds";
import { ProductList, SwitchBadge } from "../../../components/admin/products/product-list";
import { TagIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { readProductList } from "../../../lib/admin/product-loaders";
import type { Route } from "./+types/coupons";

/** /admin/coupons: cart codes for an amount or a percentage off. */
export function loader(args: Route.LoaderArgs) {
  return readProductList<AdminCouponView>(args, "coupons", {
    sortKeys: ["code", "title", "created_at"],
    fallback: { key: "code", descending: false },
    switchParam: "active",
  });
}

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<AdminCouponView>[] = [
    {
      id: "code",
      header: t("admin.products.coupons.code"),
      sortable: true,
      cell: (coupon) => (
        <Link
          to={productPath("coupons", coupon.cuid)}
          className="font-mono font-semibold text-slate-950 underline-offset-4 hover:underline"
        >
          {coupon.code}
        </Link>
      ),
    },
    {
      id: "title",
      header: t("admin.products.columns.title"),
      sortable: true,
      cell: (coupon) => (
        <span className="flex flex-col">
          <span>{coupon.title}</span>
          <span className="text-xs text-slate-600">{coupon.label}</span>
        </span>
      ),
    },
    {
      id: "discount",
      header: t("admin.products.coupons.discount"),
      align: "end",
      cell: (coupon) =>
        coupon.amount !== null
          ? format.money(coupon.amount)
          : `${new Intl.NumberFormat(format.locale).format(coupon.percentage ?? 0)} %`,
    },
    {
      id: "minimum",
      header: t("admin.products.coupons.min_total_amount"),
      align: "end",
      cell: (coupon) => (coupon.min_total_amount > 0 ? format.money(coupon.min_total_amount) : "—"),
    },
    {
      id: "uses",
      header: t("admin.products.coupons.uses"),
      align: "end",
      cell: (coupon) => coupon.uses,
    },
    {
      id: "active",
      header: t("admin.products.columns.state"),
      cell: (coupon) => <SwitchBadge on={coupon.active} switchParam="active" />,
    },
    {
      id: "actions",
      header: t("admin.products.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (coupon) => (
        <ProductActions
          kind="coupons"
          product={{ cuid: coupon.cuid, title: coupon.code, on: coupon.active, used: coupon.uses }}
        />
      ),
    },
  ];
  return (
    <ProductList
      kind="coupons"
      switchParam="active"
      icon={TagIcon}
      columns={columns}
      data={loaderData}
    />
  );
}
