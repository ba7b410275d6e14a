import {
  type AdminCatalogView,
  type CatalogBody,
  catalogBody,
  type ListEnvelope,
} from "@booking/contracts";
import { useState } from "react";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { MoveButtons, movedOrder } from "../../../components/admin/catalogue/move-buttons";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { Modal, ModalActions } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { ChoiceList } from "../../../components/admin/integrations/choice-list";
import { PageHeader } from "../../../components/admin/page-header";
import { LayersIcon, PencilIcon, PlusIcon } from "../../../components/icons";
import { Button, SubmitButton } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/catalogs";

type ActivityChoice = { cuid: string; title: string };

export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "activities.catalogs.read");
  const [catalogs, activities] = await Promise.all([
    adminGet<{ data: AdminCatalogView[] }>(args, "/api/admin/catalogs"),
    hasPermission(session, "activities.activities.read")
      ? adminGet<ListEnvelope<ActivityChoice>>(args, "/api/admin/activities?page_size=100").then(
          (list) => list.data.map(({ cuid, title }) => ({ cuid, title })),
        )
      : [],
  ]);
  return { catalogs: catalogs.data, activities };
}

/**
 * /admin/catalogs: named groups of activities, in staff's order; the storefront's catalogue
 * sections show and filter by them, listing a catalog's activities in its order.
 */
export default function Catalogs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [editing, setEditing] = useState<AdminCatalogView | "new" | null>(null);
  const ordering = useAdminMutation(catalogueApi.orderCatalogs);
  const cuids = loaderData.catalogs.map((catalog) => catalog.cuid);
  const columns: DataTableColumn<AdminCatalogView>[] = [
    {
      id: "name",
      header: t("admin.catalogs.columns.name"),
      cell: (catalog) => (
        <span>
          <span className="font-semibold text-slate-950">{catalog.name}</span>
          {catalog.description ? (
            <span className="block text-xs text-slate-600">{catalog.description}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "activities",
      header: t("admin.catalogs.columns.activities"),
      cell: (catalog) =>
        catalog.activities.map((activity) => activity.title).join(", ") ||
        t("admin.catalogs.no_activities"),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (catalog) => (
        <span className="inline-flex gap-1">
          {can("activities.catalogs.update") ? (
            <>
              <MoveButtons
                index={cuids.indexOf(catalog.cuid)}
                count={cuids.length}
                label={catalog.name}
                disabled={ordering.pending}
                onMove={(delta) =>
                  ordering.mutate(movedOrder(cuids, cuids.indexOf(catalog.cuid), delta))
                }
              />
              <Button variant="ghost" size="sm" onClick={() => setEditing(catalog)}>
                <PencilIcon className="size-4" />
                {t("admin.catalogue.edit")}
                <span className="sr-only">{catalog.name}</span>
              </Button>
            </>
          ) : null}
          {can("activities.catalogs.delete") ? (
            <DeleteButton
              name={catalog.name}
              title={t("admin.catalogs.delete_title", { name: catalog.name })}
              description={t("admin.catalogs.delete_description")}
              done={t("admin.catalogs.deleted", { name: catalog.name })}
              remove={() => catalogueApi.deleteCatalog(catalog.cuid)}
            />
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.catalogs.title")}
        description={t("admin.catalogs.description")}
        actions={
          can("activities.catalogs.create") ? (
            <Button onClick={() => setEditing("new")} data-testid="new-catalog">
              <PlusIcon className="size-4" />
              {t("admin.catalogs.new")}
            </Button>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.catalogs.title")}
        testId="catalogs-table"
        columns={columns}
        rows={loaderData.catalogs}
        rowKey={(catalog) => catalog.cuid}
        empty={<EmptyState icon={LayersIcon} title={t("admin.catalogs.empty")} />}
      />
      <Modal
        title={t(editing === "new" ? "admin.catalogs.new" : "admin.catalogs.edit")}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        wide
      >
        {editing !== null ? (
          <CatalogForm
            catalog={editing === "new" ? undefined : editing}
            activities={loaderData.activities}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function CatalogForm({
  catalog,
  activities,
  onDone,
}: {
  catalog?: AdminCatalogView;
  activities: ActivityChoice[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: catalogBody,
    defaultValues: {
      name: catalog?.name ?? "",
      description: catalog?.description ?? "",
      activities: catalog?.activities.map((activity) => activity.cuid) ?? [],
    } satisfies CatalogBody,
    send: (values) =>
      catalog
        ? catalogueApi.updateCatalog(catalog.cuid, values)
        : catalogueApi.createCatalog(values),
    success: (saved) => t("admin.catalogs.saved", { name: saved.name }),
    onSuccess: onDone,
  });
  const chosen = form.watch("activities") ?? [];
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        label={t("admin.catalogs.fields.name")}
        autoComplete="off"
        data-testid="catalog-name"
        {...field("name")}
      />
      <TextField
        label={t("admin.catalogs.fields.description")}
        optional
        autoComplete="off"
        {...field("description")}
      />
      <ChoiceList
        legend={t("admin.catalogs.fields.activities")}
        hint={t("admin.catalogs.fields.activities_hint")}
        name="activities"
        choices={activities.map((activity) => ({ value: activity.cuid, label: activity.title }))}
        value={chosen}
        onChange={(next) => form.setValue("activities", next, { shouldDirty: true })}
        error={form.formState.errors.activities?.message}
      />
      <ChosenOrder
        chosen={chosen}
        titleOf={(cuid) => activities.find((activity) => activity.cuid === cuid)?.title ?? cuid}
        onChange={(next) => form.setValue("activities", next, { shouldDirty: true })}
      />
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-catalog">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}

/** The order of a catalog's chosen activities on the site, moved one place at a time. */
function ChosenOrder({
  chosen,
  titleOf,
  onChange,
}: {
  chosen: string[];
  titleOf: (cuid: string) => string;
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation();
  if (chosen.length < 2) return null;
  return (
    <section aria-labelledby="catalog-order-heading" className="flex flex-col gap-2">
      <h3 id="catalog-order-heading" className="text-sm font-medium text-slate-900">
        {t("admin.catalogs.fields.order")}
      </h3>
      <p className="text-sm text-slate-600">{t("admin.catalogs.fields.order_hint")}</p>
      <ol className="flex flex-col gap-1" data-testid="catalog-activity-order">
        {chosen.map((cuid, index) => (
          <li
            key={cuid}
            className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1 text-sm"
          >
            <span className="w-6 text-slate-500">{index + 1}.</span>
            <span className="min-w-0 flex-1 break-words text-slate-900">{titleOf(cuid)}</span>
            <MoveButtons
              index={index}
              count={chosen.length}
              label={titleOf(cuid)}
              onMove={(delta) => onChange(movedOrder(chosen, index, delta))}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
