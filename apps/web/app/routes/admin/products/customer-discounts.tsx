import type { DiscountList, DiscountView } from "@booking/contracts";
import { useState } from "react";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { Modal } from "../../../components/admin/dialog";
import { DISCOUNTS_API, DiscountForm } from "../../../components/admin/discounts/discount-form";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { PencilIcon, PlusIcon, TagIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { apiRequest } from "../../../lib/api";
import type { Route } from "./+types/customer-discounts";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "discounts.discounts.read");
  return adminGet<DiscountList>(args, DISCOUNTS_API);
}

/**
 * /admin/customer-discounts: the discounts staff give to chosen customers (a staff family, a
 * social rate; decision 0100), each with what it takes off, its limits and how many customers
 * hold it. A discount a checkout used is deactivated, not deleted.
 */
export default function CustomerDiscounts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const [editing, setEditing] = useState<DiscountView | "new" | null>(null);
  const off = (discount: DiscountView) =>
    discount.percentage !== null
      ? t("admin.customer_discounts.percentage_off", { percentage: discount.percentage })
      : t("admin.customer_discounts.amount_off", { amount: format.money(discount.amount ?? 0) });
  const limits = (discount: DiscountView) => {
    const names = [...discount.activities, ...discount.categories].map((item) => item.title);
    const days = [discount.valid_from, discount.valid_until].some(Boolean)
      ? t("admin.customer_discounts.period", {
          from: discount.valid_from ? format.date(discount.valid_from) : "…",
          until: discount.valid_until ? format.date(discount.valid_until) : "…",
        })
      : null;
    return (
      <span className="text-sm text-slate-700">
        {names.length > 0 ? names.join(", ") : t("admin.customer_discounts.every_activity")}
        {days ? <span className="block text-slate-500">{days}</span> : null}
      </span>
    );
  };
  const columns: DataTableColumn<DiscountView>[] = [
    {
      id: "name",
      header: t("admin.customer_discounts.columns.name"),
      cell: (discount) => <span className="font-semibold text-slate-950">{discount.name}</span>,
    },
    { id: "discount", header: t("admin.customer_discounts.columns.discount"), cell: off },
    { id: "limits", header: t("admin.customer_discounts.columns.limits"), cell: limits },
    {
      id: "customers",
      header: t("admin.customer_discounts.columns.customers"),
      cell: (discount) => String(discount.customers),
    },
    {
      id: "active",
      header: t("admin.customer_discounts.columns.active"),
      cell: (discount) =>
        discount.active ? (
          <StatusBadge tone="green">{t("admin.customer_discounts.active")}</StatusBadge>
        ) : (
          <StatusBadge tone="grey">{t("admin.customer_discounts.inactive")}</StatusBadge>
        ),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (discount) => (
        <span className="inline-flex gap-1">
          {can("discounts.discounts.update") ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(discount)}>
              <PencilIcon className="size-4" />
              {t("admin.catalogue.edit")}
              <span className="sr-only">{discount.name}</span>
            </Button>
          ) : null}
          {can("discounts.discounts.delete") && !discount.applied ? (
            <DeleteButton
              name={discount.name}
              title={t("admin.customer_discounts.delete_title")}
              description={t("admin.customer_discounts.delete_description")}
              done={t("admin.customer_discounts.deleted")}
              remove={() =>
                apiRequest("DELETE", `${DISCOUNTS_API}/${encodeURIComponent(discount.cuid)}`)
              }
            />
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.customer_discounts.title")}
        description={t("admin.customer_discounts.description")}
        actions={
          can("discounts.discounts.create") ? (
            <Button onClick={() => setEditing("new")} data-testid="new-discount">
              <PlusIcon className="size-4" />
              {t("admin.customer_discounts.new")}
            </Button>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.customer_discounts.title")}
        testId="discounts-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(discount) => discount.cuid}
        empty={<EmptyState icon={TagIcon} title={t("admin.customer_discounts.empty")} />}
      />
      <Modal
        title={t(
          editing === "new" ? "admin.customer_discounts.new" : "admin.customer_discounts.edit",
        )}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing !== null ? (
          <DiscountForm
            discount={editing === "new" ? undefined : editing}
            choices={loaderData.choices}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}
