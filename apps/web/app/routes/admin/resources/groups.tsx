import type { AdminResourceGroupList, AdminResourceGroupView } from "@booking/contracts";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { ResourcesTabs } from "../../../components/admin/resources/resources-tabs";
import { LayersIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/groups";

/**
 * /admin/resources/groups (issue 15 §3, decision 0071): resources shown together on the
 * storefront (the courts of a club), each with its place, description and images.
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "resources.groups.read");
  return adminGet<AdminResourceGroupList>(args, "/api/admin/resource-groups");
}

export default function ResourceGroups({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const columns: DataTableColumn<AdminResourceGroupView>[] = [
    {
      id: "name",
      header: t("admin.resource_groups.name"),
      cell: (group) => (
        <Link
          to={`/admin/resources/groups/${group.cuid}`}
          className="font-semibold text-slate-950 underline-offset-2 hover:underline"
        >
          {group.name}
        </Link>
      ),
    },
    {
      id: "location",
      header: t("admin.resource_groups.location"),
      cell: (group) => group.location?.title ?? "—",
    },
    {
      id: "resources",
      header: t("admin.resource_groups.resources"),
      cell: (group) =>
        group.resources.length === 0
          ? t("admin.resource_groups.no_resources")
          : group.resources.map((resource) => resource.name).join(", "),
    },
    {
      id: "images",
      header: t("admin.resource_groups.images"),
      cell: (group) => t("admin.resource_groups.images_count", { count: group.images.length }),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("admin.resources.tabs.label")}
        description={t("admin.resource_groups.description")}
        actions={
          can("resources.groups.create") ? (
            <ButtonLink to="/admin/resources/groups/new" data-testid="new-resource-group">
              <PlusIcon className="size-4" />
              {t("admin.resource_groups.new")}
            </ButtonLink>
          ) : null
        }
      />
      <ResourcesTabs />
      <DataTable
        caption={t("admin.resources.tabs.groups")}
        testId="resource-groups-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(group) => group.cuid}
        empty={<EmptyState icon={LayersIcon} title={t("admin.resource_groups.empty")} />}
      />
    </div>
  );
}
