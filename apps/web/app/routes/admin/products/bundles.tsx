import type { AdminBundleView } from "@booking/contracts";
import { Link } from "react-router";
import type { DataTableColumn } from "../../../components/admin/data-table";
import { ProductActions } from "../../../components/admin/products/product-actions";
import { durationDays, productPath } from "../../../components/admin/products/product-kinds";
import { ProductList, SwitchBadge } from "../../../components/admin/products/product-list";
import { LayersIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { readProductList } from "../../../lib/admin/product-loaders";
import type { Route } from "./+types/bundles";

/** /admin/bundles: packs of registrations sold at once. */
export function loader(args: Route.LoaderArgs) {
  return readProductList<AdminBundleView>(args, "bundles", {
    sortKeys: ["title", "price", "created_at"],
    fallback: { key: "title", descending: false },
    switchParam: "published",
  });
}

export default function Bundles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<AdminBundleView>[] = [
    {
      id: "title",
      header: t("admin.products.columns.title"),
      sortable: true,
      cell: (bundle) => (
        <Link
          to={productPath("bundles", bundle.cuid)}
          className="font-semibold text-slate-950 underline-offset-4 hover:underline"
        >
          {bundle.title}
        </Link>
      ),
    },
    {
      id: "price",
      header: t("admin.products.columns.price"),
      sortable: true,
      align: "end",
      cell: (bundle) => format.money(bundle.price),
    },
    {
      id: "capacity",
      header: t("admin.products.bundles.capacity"),
      cell: (bundle) =>
        bundle.capacity === null
          ? t("admin.products.bundles.unlimited")
          : t("admin.products.bundles.registrations", { count: bundle.capacity }),
    },
    {
      id: "validity",
      header: t("admin.products.columns.validity"),
      cell: (bundle) =>
        [
          bundle.duration
            ? t("admin.products.days", { count: Number(durationDays(bundle.duration)) })
            : null,
          bundle.expires_at
            ? t("admin.products.until", { date: format.date(bundle.expires_at) })
            : null,
        ]
          .filter(Boolean)
          .join(" · ") || t("admin.products.no_limit"),
    },
    {
      id: "sold",
      header: t("admin.products.columns.sold"),
      align: "end",
      cell: (bundle) => bundle.sold,
    },
    {
      id: "published",
      header: t("admin.products.columns.state"),
      cell: (bundle) => <SwitchBadge on={bundle.published} switchParam="published" />,
    },
    {
      id: "actions",
      header: t("admin.products.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (bundle) => (
        <ProductActions
          kind="bundles"
          product={{
            cuid: bundle.cuid,
            title: bundle.title,
            on: bundle.published,
            used: bundle.sold,
          }}
        />
      ),
    },
  ];
  return (
    <ProductList
      kind="bundles"
      switchParam="published"
      icon={LayersIcon}
      columns={columns}
      data={loaderData}
    />
  );
}
