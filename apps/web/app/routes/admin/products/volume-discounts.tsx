import {
  type VolumeDiscountList,
  type VolumeDiscountView,
  volumeDiscountBody,
} from "@booking/contracts";
import { useState } from "react";
import { z } from "zod";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { checkedBy } from "../../../components/admin/catalogue/form-inputs";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { Modal, ModalActions } from "../../../components/admin/dialog";
import {
  DiscountValueFields,
  discountValue,
  discountValueShape,
  typedDiscountValue,
} from "../../../components/admin/discounts/discount-value";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { useProductInputs } from "../../../components/admin/products/use-product-form";
import { StatusBadge } from "../../../components/admin/status-badge";
import { LayersIcon, PencilIcon, PlusIcon } from "../../../components/icons";
import { Button, SubmitButton } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { apiRequest } from "../../../lib/api";
import type { Route } from "./+types/volume-discounts";

const API = "/api/admin/volume-discounts";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "discounts.volume_discounts.read");
  return adminGet<VolumeDiscountList>(args, API);
}

/** The form's typed values to the contract: the kind chosen is sent, the other is null. */
function tierForm(currency: string) {
  return z
    .object({
      min_registrations: z.string(),
      ...discountValueShape,
      active: z.boolean(),
    })
    .transform(({ kind, amount, percentage, min_registrations, active }, context) => ({
      min_registrations:
        min_registrations.trim() === "" ? undefined : Number(min_registrations.trim()),
      ...discountValue(currency, { kind, amount, percentage }, context),
      active,
    }))
    .transform(checkedBy(volumeDiscountBody));
}

/**
 * /admin/volume-discounts: the tiers by number of registrations in a cart (decision 0092). The
 * cart applies the active tier with the largest threshold reached to each registration line.
 */
export default function VolumeDiscounts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const [editing, setEditing] = useState<VolumeDiscountView | "new" | null>(null);
  const discount = (tier: VolumeDiscountView) =>
    tier.percentage !== null
      ? t("admin.volume_discounts.percentage_off", { percentage: tier.percentage })
      : t("admin.volume_discounts.amount_off", { amount: format.money(tier.amount ?? 0) });
  const columns: DataTableColumn<VolumeDiscountView>[] = [
    {
      id: "threshold",
      header: t("admin.volume_discounts.columns.threshold"),
      cell: (tier) => (
        <span className="font-semibold text-slate-950">
          {t("admin.volume_discounts.from", { count: tier.min_registrations })}
        </span>
      ),
    },
    { id: "discount", header: t("admin.volume_discounts.columns.discount"), cell: discount },
    {
      id: "active",
      header: t("admin.volume_discounts.columns.active"),
      cell: (tier) =>
        tier.active ? (
          <StatusBadge tone="green">{t("admin.volume_discounts.active")}</StatusBadge>
        ) : (
          <StatusBadge tone="grey">{t("admin.volume_discounts.inactive")}</StatusBadge>
        ),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (tier) => (
        <span className="inline-flex gap-1">
          {can("discounts.volume_discounts.update") ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(tier)}>
              <PencilIcon className="size-4" />
              {t("admin.catalogue.edit")}
              <span className="sr-only">
                {t("admin.volume_discounts.from", { count: tier.min_registrations })}
              </span>
            </Button>
          ) : null}
          {can("discounts.volume_discounts.delete") ? (
            <DeleteButton
              name={t("admin.volume_discounts.from", { count: tier.min_registrations })}
              title={t("admin.volume_discounts.delete_title")}
              description={t("admin.volume_discounts.delete_description")}
              done={t("admin.volume_discounts.deleted")}
              remove={() => apiRequest("DELETE", `${API}/${encodeURIComponent(tier.cuid)}`)}
            />
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.volume_discounts.title")}
        description={t("admin.volume_discounts.description")}
        actions={
          can("discounts.volume_discounts.create") ? (
            <Button onClick={() => setEditing("new")} data-testid="new-volume-discount">
              <PlusIcon className="size-4" />
              {t("admin.volume_discounts.new")}
            </Button>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.volume_discounts.title")}
        testId="volume-discounts-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(tier) => tier.cuid}
        empty={<EmptyState icon={LayersIcon} title={t("admin.volume_discounts.empty")} />}
      />
      <Modal
        title={t(editing === "new" ? "admin.volume_discounts.new" : "admin.volume_discounts.edit")}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing !== null ? (
          <TierForm
            tier={editing === "new" ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function TierForm({ tier, onDone }: { tier?: VolumeDiscountView; onDone: () => void }) {
  const { t } = useTranslation();
  const { currency, language } = useProductInputs();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: tierForm(currency),
    defaultValues: {
      min_registrations: tier ? String(tier.min_registrations) : "",
      ...typedDiscountValue(tier, currency, language),
      active: tier?.active ?? true,
    },
    send: (values) =>
      tier
        ? apiRequest<VolumeDiscountView>("PUT", `${API}/${encodeURIComponent(tier.cuid)}`, values)
        : apiRequest<VolumeDiscountView>("POST", API, values),
    success: t("admin.volume_discounts.saved"),
    onSuccess: onDone,
  });
  const kind = form.watch("kind");
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t("admin.volume_discounts.fields.min_registrations")}
        hint={t("admin.volume_discounts.fields.min_registrations_hint")}
        inputMode="numeric"
        autoComplete="off"
        className="sm:max-w-40"
        data-testid="volume-discount-threshold"
        {...field("min_registrations")}
      />
      <DiscountValueFields
        kind={kind}
        radio={form.register("kind")}
        field={field}
        labels={{
          legend: t("admin.volume_discounts.fields.kind"),
          kinds: {
            percentage: t("admin.volume_discounts.kinds.percentage"),
            amount: t("admin.volume_discounts.kinds.amount"),
          },
          amount: t("admin.volume_discounts.fields.amount", { currency }),
          percentage: t("admin.volume_discounts.fields.percentage"),
        }}
        testId="volume-discount"
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register("active")} />
        {t("admin.volume_discounts.fields.active")}
      </label>
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-volume-discount">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}
