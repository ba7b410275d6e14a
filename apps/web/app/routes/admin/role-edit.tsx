import type { RoleView } from "@booking/contracts";
import { PageHeader } from "../../components/admin/page-header";
import { ROLES_PATH, RoleEditor } from "../../components/admin/roles/role-editor";
import { useTranslation } from "../../i18n/react";
import { useConsole } from "../../lib/admin/console";
import { adminGet } from "../../lib/admin/loaders";
import { notFound } from "../../lib/server-context";
import type { Route } from "./+types/role-edit";

/** The role of the URL among the organiser's (the API lists them whole). */
export async function loader(args: Route.LoaderArgs) {
  const roles = await adminGet<{ data: RoleView[] }>(args, "/api/admin/roles");
  const role = roles.data.find((item) => item.cuid === args.params.cuid);
  if (!role) notFound();
  return { role };
}

/**
 * /admin/roles/:cuid: the role's name and permissions, editable with collaborators.roles.update
 * (the Owner role never is).
 */
export default function RoleEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const { role } = loaderData;
  const readOnly = role.is_owner || !can("collaborators.roles.update");
  return (
    <>
      <PageHeader
        title={role.name}
        description={t("admin.roles.members", { count: role.collaborators_count })}
        back={{ to: ROLES_PATH, label: t("admin.roles.back") }}
      />
      {/* A new role of the URL is a new form (the editor keeps its values in state). */}
      <RoleEditor key={role.cuid} role={role} readOnly={readOnly} />
    </>
  );
}
