import {
  type AdminLocationView,
  type ListEnvelope,
  type LocationBody,
  locationBody,
} from "@booking/contracts";
import { useState } from "react";
import { readListPage } from "../../../components/account/paging";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { Modal, ModalActions } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { MapPinIcon, PencilIcon, PlusIcon } from "../../../components/icons";
import { Button, SubmitButton } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/locations";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "activities.locations.read");
  const q = new URL(args.request.url).searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const page = await readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<AdminLocationView>>(
      args,
      withQuery("/api/admin/locations", { ...paging, q }),
    ),
  );
  return { ...page, searched: Boolean(q) };
}

function address(location: AdminLocationView): string {
  const street = [location.street, location.number].filter(Boolean).join(" ");
  const city = [location.postcode, location.city].filter(Boolean).join(" ");
  return [street, city, location.country].filter(Boolean).join(", ");
}

/** /admin/locations: where activities take place, as the storefront shows their address. */
export default function Locations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [editing, setEditing] = useState<AdminLocationView | "new" | null>(null);
  const columns: DataTableColumn<AdminLocationView>[] = [
    {
      id: "title",
      header: t("admin.locations.columns.title"),
      cell: (location) => (
        <span>
          <span className="font-semibold text-slate-950">{location.title}</span>
          {location.name ? (
            <span className="block text-xs text-slate-600">{location.name}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "address",
      header: t("admin.locations.columns.address"),
      cell: (location) => address(location) || "—",
    },
    {
      id: "availabilities",
      header: t("admin.locations.columns.availabilities"),
      cell: (location) =>
        t("admin.activities.availabilities_count", { count: location.availabilities_count }),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (location) => (
        <span className="inline-flex gap-1">
          {can("activities.locations.update") ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(location)}>
              <PencilIcon className="size-4" />
              {t("admin.catalogue.edit")}
              <span className="sr-only">{location.title}</span>
            </Button>
          ) : null}
          {can("activities.locations.delete") ? (
            <DeleteButton
              name={location.title}
              title={t("admin.locations.delete_title", { title: location.title })}
              description={
                location.availabilities_count > 0
                  ? t("admin.locations.delete_in_use", { count: location.availabilities_count })
                  : t("admin.locations.delete_description")
              }
              done={t("admin.locations.deleted", { title: location.title })}
              remove={() => catalogueApi.deleteLocation(location.cuid)}
            />
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.locations.title")}
        description={t("admin.locations.description")}
        actions={
          can("activities.locations.create") ? (
            <Button onClick={() => setEditing("new")} data-testid="new-location">
              <PlusIcon className="size-4" />
              {t("admin.locations.new")}
            </Button>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.locations.title")}
        testId="locations-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(location) => location.cuid}
        paging={loaderData.paging}
        toolbar={<SearchBox label={t("admin.locations.search")} param="q" />}
        empty={
          <EmptyState
            icon={MapPinIcon}
            title={t(
              loaderData.searched ? "admin.locations.empty_search" : "admin.locations.empty",
            )}
          />
        }
      />
      <Modal
        title={t(editing === "new" ? "admin.locations.new" : "admin.locations.edit")}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        wide
      >
        {editing !== null ? (
          <LocationForm
            location={editing === "new" ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

/** The optional fields after the title, each with its width on the form's six-column grid. */
const ADDRESS_FIELDS: ReadonlyArray<{
  name: Exclude<keyof LocationBody, "title">;
  span: string;
  maxLength?: number;
}> = [
  { name: "name", span: "sm:col-span-3" },
  { name: "street", span: "sm:col-span-4" },
  { name: "number", span: "sm:col-span-2" },
  { name: "postcode", span: "sm:col-span-2" },
  { name: "city", span: "sm:col-span-3" },
  { name: "country", span: "sm:col-span-1", maxLength: 2 },
];

function LocationForm({ location, onDone }: { location?: AdminLocationView; onDone: () => void }) {
  const { t } = useTranslation();
  const { field, onSubmit, pending } = useAdminForm({
    schema: locationBody,
    defaultValues: {
      title: location?.title ?? "",
      name: location?.name ?? "",
      street: location?.street ?? "",
      number: location?.number ?? "",
      postcode: location?.postcode ?? "",
      city: location?.city ?? "",
      country: location?.country ?? "",
    } satisfies LocationBody,
    send: (values) =>
      location
        ? catalogueApi.updateLocation(location.cuid, values)
        : catalogueApi.createLocation(values),
    success: (saved) => t("admin.locations.saved", { title: saved.title }),
    onSuccess: onDone,
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-6">
      <TextField
        className="sm:col-span-3"
        label={t("admin.locations.fields.title")}
        hint={t("admin.locations.fields.title_hint")}
        autoComplete="off"
        data-testid="location-title"
        {...field("title")}
      />
      {ADDRESS_FIELDS.map(({ name, span, maxLength }) => (
        <TextField
          key={name}
          className={span}
          label={t(`admin.locations.fields.${name}`)}
          optional
          maxLength={maxLength}
          autoComplete="off"
          {...field(name)}
        />
      ))}
      <div className="sm:col-span-6">
        <ModalActions>
          <SubmitButton pending={pending} data-testid="save-location">
            {t("admin.catalogue.save")}
          </SubmitButton>
        </ModalActions>
      </div>
    </form>
  );
}
