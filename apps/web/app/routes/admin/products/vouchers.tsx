import type { AdminVoucherView } from "@booking/contracts";
import { Link } from "react-router";
import type { DataTableColumn } from "../../../components/admin/data-table";
import { ProductActions } from "../../../components/admin/products/product-actions";
import { durationDays, productPath } from "../../../components/admin/products/product-kinds";
import { ProductList, SwitchBadge } from "../../../components/admin/products/product-list";
import { GiftIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { readProductList } from "../../../lib/admin/product-loaders";
import type { Route } from "./+types/vouchers";

/** /admin/vouchers: the gift vouchers the storefront sells. */
export function loader(args: Route.LoaderArgs) {
  return readProductList<AdminVoucherView>(args, "vouchers", {
    sortKeys: ["title", "price", "created_at"],
    fallback: { key: "title", descending: false },
    switchParam: "published",
  });
}

export default function Vouchers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<AdminVoucherView>[] = [
    {
      id: "title",
      header: t("admin.products.columns.title"),
      sortable: true,
      cell: (voucher) => (
        <Link
          to={productPath("vouchers", voucher.cuid)}
          className="font-semibold text-slate-950 underline-offset-4 hover:underline"
        >
          {voucher.title}
        </Link>
      ),
    },
    {
      id: "price",
      header: t("admin.products.columns.price"),
      sortable: true,
      align: "end",
      cell: (voucher) => format.money(voucher.price),
    },
    {
      id: "value",
      header: t("admin.products.vouchers.value"),
      cell: (voucher) =>
        [voucher.amount > 0 ? format.money(voucher.amount) : null, voucher.bundle?.title ?? null]
          .filter(Boolean)
          .join(" + ") || "—",
    },
    {
      id: "validity",
      header: t("admin.products.columns.validity"),
      cell: (voucher) =>
        voucher.duration
          ? t("admin.products.days", { count: Number(durationDays(voucher.duration)) })
          : t("admin.products.no_limit"),
    },
    {
      id: "sold",
      header: t("admin.products.columns.sold"),
      align: "end",
      cell: (voucher) => voucher.sold,
    },
    {
      id: "published",
      header: t("admin.products.columns.state"),
      cell: (voucher) => <SwitchBadge on={voucher.published} switchParam="published" />,
    },
    {
      id: "actions",
      header: t("admin.products.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (voucher) => (
        <ProductActions
          kind="vouchers"
          product={{
            cuid: voucher.cuid,
            title: voucher.title,
            on: voucher.published,
            used: voucher.sold,
          }}
        />
      ),
    },
  ];
  return (
    <ProductList
      kind="vouchers"
      switchParam="published"
      icon={GiftIcon}
      columns={columns}
      data={loaderData}
    />
  );
}
