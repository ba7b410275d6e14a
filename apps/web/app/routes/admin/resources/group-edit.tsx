import type {
  AdminLocationView,
  AdminResourceGroupView,
  ListEnvelope,
  ResourceGroupBody,
} from "@booking/contracts";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { ImagesTab } from "../../../components/admin/catalogue/images-tab";
import { SelectField } from "../../../components/admin/fields";
import { PageHeader } from "../../../components/admin/page-header";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { hasPermission } from "../../../lib/admin/permissions";
import { resourceGroupsApi } from "../../../lib/admin/resources-api";
import { ApiRequestError } from "../../../lib/api";
import type { Route } from "./+types/group-edit";

/**
 * /admin/resources/groups/new and /admin/resources/groups/{cuid} (decision 0071): a group's name,
 * place and description, its images and the resources in it. A group with resources is not
 * deleted: the page says to move them first.
 */
export async function loader(args: Route.LoaderArgs) {
  const cuid = args.params.cuid;
  const { session } = requirePermission(
    args,
    cuid ? "resources.groups.read" : "resources.groups.create",
  );
  const [group, locations] = await Promise.all([
    cuid
      ? adminGet<AdminResourceGroupView>(
          args,
          `/api/admin/resource-groups/${encodeURIComponent(cuid)}`,
        )
      : null,
    hasPermission(session, "activities.locations.read")
      ? adminGet<ListEnvelope<AdminLocationView>>(args, "/api/admin/locations?page_size=100")
      : null,
  ]);
  return {
    group,
    locations: (locations?.data ?? []).map(({ cuid, title }) => ({ cuid, title })),
  };
}

const BACK = "/admin/resources/groups";

export default function ResourceGroupEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const navigate = useNavigate();
  const { group, locations } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={group ? group.name : t("admin.resource_groups.new")}
        description={t("admin.resource_groups.description")}
        back={{ to: BACK, label: t("admin.resources.tabs.groups") }}
        actions={
          group && can("resources.groups.delete") ? (
            <DeleteButton
              name={group.name}
              title={t("admin.resource_groups.delete_title", { name: group.name })}
              description={
                group.resources.length > 0
                  ? t("admin.resource_groups.delete_in_use", { count: group.resources.length })
                  : t("admin.resource_groups.delete_description")
              }
              done={t("admin.resource_groups.deleted", { name: group.name })}
              remove={() => resourceGroupsApi.remove(group.cuid)}
              onDeleted={() => navigate(BACK)}
              showLabel
            />
          ) : null
        }
      />
      <GroupForm key={group?.updated_at ?? "new"} group={group} locations={locations} />
      {group ? (
        <>
          <ImagesTab
            gallery={resourceGroupsApi.gallery(group.cuid)}
            images={group.images}
            editable={can("resources.groups.update")}
          />
          <GroupResources group={group} />
        </>
      ) : null}
    </div>
  );
}

function GroupForm({
  group,
  locations,
}: {
  group: AdminResourceGroupView | null;
  locations: Array<{ cuid: string; title: string }>;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const navigate = useNavigate();
  const editable = can(group ? "resources.groups.update" : "resources.groups.create");
  const [name, setName] = useState(group?.name ?? "");
  const [location, setLocation] = useState(group?.location?.cuid ?? "");
  const [description, setDescription] = useState(group?.description ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation(
    (body: ResourceGroupBody) =>
      group ? resourceGroupsApi.update(group.cuid, body) : resourceGroupsApi.create(body),
    { success: t("admin.resource_groups.saved") },
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setErrors({ name: "REQUIRED" });
      return;
    }
    const outcome = await save.mutate({
      name: name.trim(),
      description: description.trim() || null,
      location: location || null,
    });
    if (outcome.ok) {
      setErrors({});
      if (!group) navigate(`/admin/resources/groups/${outcome.value.cuid}`);
    } else if (outcome.error instanceof ApiRequestError) {
      setErrors(outcome.error.fields);
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="resource-group-form"
    >
      <fieldset disabled={!editable} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="name"
            label={t("admin.resource_groups.name")}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            maxLength={100}
            autoComplete="off"
            data-testid="resource-group-name"
          />
          <SelectField
            name="location"
            label={t("admin.resource_groups.location")}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
            placeholder={t("admin.resource_editor.no_location")}
            options={locations.map((place) => ({ value: place.cuid, label: place.title }))}
            error={errors.location}
          />
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-900">
          {t("admin.resource_groups.description_label")}
          <textarea
            name="description"
            rows={3}
            maxLength={5000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
      </fieldset>
      {editable ? (
        <div>
          <Button type="submit" disabled={save.pending} data-testid="resource-group-save">
            {t("admin.resource_editor.save")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The group's resources, each linking to its editor (where its group is changed). */
function GroupResources({ group }: { group: AdminResourceGroupView }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="group-resources"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="group-resources" className="text-lg font-semibold text-slate-950">
        {t("admin.resource_groups.resources")}
      </h2>
      {group.resources.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.resource_groups.no_resources_hint")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="resource-group-resources">
          {group.resources.map((resource) => (
            <li key={resource.cuid}>
              <Link
                to={`/admin/resources/${resource.cuid}/edit`}
                className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
              >
                {resource.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
