import type {
  AdminBookingConfigurationList,
  AdminLocationView,
  AdminResourceGroupList,
  AdminResourceView,
  ListEnvelope,
} from "@booking/contracts";
import { useNavigate } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { ImagesTab } from "../../../components/admin/catalogue/images-tab";
import { PageHeader } from "../../../components/admin/page-header";
import { ClosuresSection } from "../../../components/admin/resources/closures-section";
import { ResourceForm } from "../../../components/admin/resources/resource-form";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import { resourcesApi } from "../../../lib/admin/resources-api";
import type { Route } from "./+types/edit";

/**
 * /admin/resources/new and /admin/resources/{cuid}/edit (issue 15 §3, decisions 0065, 0071): a
 * resource, its group and booking configuration, its weekly hours and prices (made into its
 * slots), its images and its closures.
 */
export async function loader(args: Route.LoaderArgs) {
  const cuid = args.params.cuid;
  const { session } = requirePermission(
    args,
    cuid ? "resources.resources.read" : "resources.resources.create",
  );
  const [resource, locations, groups, configurations] = await Promise.all([
    cuid
      ? adminGet<AdminResourceView>(args, `/api/admin/resources/${encodeURIComponent(cuid)}`)
      : null,
    hasPermission(session, "activities.locations.read")
      ? adminGet<ListEnvelope<AdminLocationView>>(args, "/api/admin/locations?page_size=100")
      : null,
    hasPermission(session, "resources.groups.read")
      ? adminGet<AdminResourceGroupList>(args, "/api/admin/resource-groups")
      : null,
    hasPermission(session, "bookings.configurations.read")
      ? adminGet<AdminBookingConfigurationList>(args, "/api/admin/booking-configurations")
      : null,
  ]);
  return {
    resource,
    locations: (locations?.data ?? []).map(({ cuid, title }) => ({ cuid, title })),
    groups: (groups?.data ?? []).map(({ cuid, name }) => ({ cuid, name })),
    configurations: (configurations?.data ?? []).map(({ cuid, name }) => ({ cuid, name })),
  };
}

export default function ResourceEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const navigate = useNavigate();
  const { resource, locations, groups, configurations } = loaderData;
  const back = resource ? `/admin/resources?resource=${resource.cuid}` : "/admin/resources";
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={resource ? resource.name : t("admin.resource_editor.new")}
        description={
          resource
            ? t("admin.resource_editor.upcoming_slots", { count: resource.upcoming_slots })
            : t("admin.resource_editor.intro")
        }
        back={{ to: back, label: t("admin.resource_editor.back") }}
        actions={
          resource && can("resources.resources.delete") ? (
            <DeleteButton
              name={resource.name}
              title={t("admin.resource_editor.delete_title", { name: resource.name })}
              description={t("admin.resource_editor.delete_description")}
              done={t("admin.resource_editor.deleted", { name: resource.name })}
              remove={() => resourcesApi.remove(resource.cuid)}
              onDeleted={() => navigate("/admin/resources")}
              showLabel
            />
          ) : null
        }
      />
      <ResourceForm
        key={resource?.updated_at ?? "new"}
        resource={resource}
        locations={locations}
        groups={groups}
        configurations={configurations}
      />
      {resource ? (
        <ImagesTab
          gallery={resourcesApi.gallery(resource.cuid)}
          images={resource.images}
          editable={can("resources.resources.update")}
        />
      ) : null}
      {resource ? <ClosuresSection resource={resource} /> : null}
    </div>
  );
}
