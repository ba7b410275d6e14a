import { PageHeader } from "../../components/admin/page-header";
import { ROLES_PATH, RoleEditor } from "../../components/admin/roles/role-editor";
import { useTranslation } from "../../i18n/react";
import { requirePermission } from "../../lib/admin/loaders";
import type { Route } from "./+types/role-new";

export function loader(args: Route.LoaderArgs) {
  requirePermission(args, "collaborators.roles.create");
  return null;
}

/** /admin/roles/new: a custom role, named and given its permissions. */
export default function RoleNew() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("admin.roles.new_title")}
        description={t("admin.roles.editor.description")}
        back={{ to: ROLES_PATH, label: t("admin.roles.back") }}
      />
      <RoleEditor readOnly={false} />
    </>
  );
}
