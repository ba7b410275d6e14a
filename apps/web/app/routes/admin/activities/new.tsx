import { ACTIVITIES_PATH, ActivityForm } from "../../../components/admin/catalogue/activity-form";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { readCategoryGroups } from "../../../lib/admin/catalogue-loaders";
import { requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/new";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "activities.activities.create");
  return { groups: await readCategoryGroups(args) };
}

/** /admin/activities/new: the details of a new activity; options, questions and images follow. */
export default function NewActivity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("admin.activities.new_title")}
        description={t("admin.activities.new_description")}
        back={{ to: ACTIVITIES_PATH, label: t("admin.activities.back") }}
      />
      <ActivityForm groups={loaderData.groups} />
    </>
  );
}
