import type { RoleView } from "@booking/contracts";
import { ALL_PERMISSIONS } from "@booking/domain";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../components/admin/data-table";
import { ConfirmDialog } from "../../components/admin/dialog";
import { EmptyState } from "../../components/admin/empty-state";
import { PageHeader } from "../../components/admin/page-header";
import { ROLES_PATH } from "../../components/admin/roles/role-editor";
import { StatusBadge } from "../../components/admin/status-badge";
import { PlusIcon, ShieldIcon, TrashIcon } from "../../components/icons";
import { Button, ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { adminApi } from "../../lib/admin/api";
import { useConsole } from "../../lib/admin/console";
import { adminGet } from "../../lib/admin/loaders";
import { useAdminMutation } from "../../lib/admin/mutation";
import type { Route } from "./+types/roles";

export async function loader(args: Route.LoaderArgs) {
  const roles = await adminGet<{ data: RoleView[] }>(args, "/api/admin/roles");
  // The Owner role first, then the custom roles by name as the API answers them.
  return { roles: [...roles.data].sort((a, b) => Number(b.is_owner) - Number(a.is_owner)) };
}

function DeleteRole({ role }: { role: RoleView }) {
  const { t } = useTranslation();
  const { mutate } = useAdminMutation(() => adminApi.deleteRole(role.cuid), {
    success: t("admin.roles.delete.done", { name: role.name }),
  });
  return (
    <ConfirmDialog
      title={t("admin.roles.delete.title", { name: role.name })}
      description={
        role.collaborators_count > 0
          ? t("admin.roles.delete.in_use", { count: role.collaborators_count })
          : t("admin.roles.delete.description")
      }
      confirmLabel={t("admin.roles.delete.confirm")}
      onConfirm={async () => (await mutate()).ok}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
          <TrashIcon className="size-4" />
          {t("admin.roles.delete.open")}
          <span className="sr-only">{role.name}</span>
        </Button>
      }
    />
  );
}

/** /admin/roles: the Owner role and the custom roles, with what each grants and to how many. */
export default function Roles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const columns: DataTableColumn<RoleView>[] = [
    {
      id: "name",
      header: t("admin.roles.columns.name"),
      cell: (role) => (
        <span className="inline-flex items-center gap-2">
          <Link
            to={`${ROLES_PATH}/${role.cuid}`}
            className="font-semibold text-slate-950 underline-offset-4 hover:underline"
          >
            {role.name}
          </Link>
          {role.is_owner ? <StatusBadge tone="grey">{t("admin.roles.locked")}</StatusBadge> : null}
        </span>
      ),
    },
    {
      id: "permissions",
      header: t("admin.roles.columns.permissions"),
      cell: (role) =>
        role.is_owner
          ? t("admin.roles.all_permissions")
          : t("admin.roles.permission_count", {
              count: role.permissions.length,
              total: ALL_PERMISSIONS.length,
            }),
    },
    {
      id: "collaborators",
      header: t("admin.roles.columns.collaborators"),
      cell: (role) => t("admin.roles.members", { count: role.collaborators_count }),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (role) =>
        role.is_owner || !can("collaborators.roles.delete") ? null : <DeleteRole role={role} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.roles.title")}
        description={t("admin.roles.description")}
        actions={
          can("collaborators.roles.create") ? (
            <ButtonLink to={`${ROLES_PATH}/new`} data-testid="new-role">
              <PlusIcon className="size-4" />
              {t("admin.roles.new")}
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.roles.title")}
        testId="roles-table"
        columns={columns}
        rows={loaderData.roles}
        rowKey={(role) => role.cuid}
        empty={<EmptyState icon={ShieldIcon} title={t("admin.roles.empty")} />}
      />
    </>
  );
}
