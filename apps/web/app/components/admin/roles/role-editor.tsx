import { type RoleBody, type RoleView, roleBody } from "@booking/contracts";
import { ALL_PERMISSIONS, normalisePermissions, type Permission } from "@booking/domain";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { adminApi } from "../../../lib/admin/api";
import { useAdminForm } from "../../../lib/admin/form";
import { InfoIcon, SearchIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { FieldErrorText, inputClasses, TextField, useErrorMessage } from "../../ui/field";
import { filterGroups, permissionGroups } from "./permission-groups";
import { PermissionMatrix } from "./permission-matrix";

export const ROLES_PATH = "/admin/roles";

/**
 * The form of a role: its name and its permissions, picked in the matrix (searchable, by area).
 * `role` absent creates one; the Owner role, or a collaborator without the update permission,
 * sees it read-only. Saving goes back to the list of roles.
 */
export function RoleEditor({ role, readOnly }: { role?: RoleView; readOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [query, setQuery] = useState("");
  const groups = useMemo(() => permissionGroups(t), [t]);
  const shown = useMemo(() => filterGroups(groups, query), [groups, query]);

  const { form, field, onSubmit, pending } = useAdminForm({
    schema: roleBody,
    defaultValues: {
      name: role?.name ?? "",
      permissions: role?.permissions ?? [],
    } satisfies RoleBody,
    send: (values) => (role ? adminApi.updateRole(role.cuid, values) : adminApi.createRole(values)),
    success: (saved) =>
      t(role ? "admin.roles.editor.updated" : "admin.roles.editor.created", { name: saved.name }),
    revalidate: false,
    // `permissions.3: UNKNOWN_PERMISSION` concerns the matrix as a whole.
    resolveField: (path) =>
      path === "name" ? "name" : path.startsWith("permissions") ? "permissions" : null,
    onSuccess: () => navigate(ROLES_PATH),
  });

  const permissions = form.watch("permissions");
  const selected = useMemo(
    () => new Set<string>(role?.is_owner ? ALL_PERMISSIONS : permissions),
    [permissions, role?.is_owner],
  );
  const change = (names: readonly Permission[], granted: boolean) => {
    const next = new Set(permissions);
    for (const name of names) {
      if (granted) next.add(name);
      else next.delete(name);
    }
    form.setValue("permissions", normalisePermissions([...next]), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const permissionsError = errorMessage(
    (form.formState.errors.permissions as { message?: string } | undefined)?.message,
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      {role?.is_owner ? (
        <p
          role="note"
          className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
        >
          <InfoIcon className="mt-0.5 size-5 shrink-0" />
          {t("admin.roles.editor.owner_locked")}
        </p>
      ) : null}
      <div className="max-w-md">
        <TextField
          label={t("admin.roles.editor.name")}
          readOnly={readOnly}
          autoComplete="off"
          {...field("name")}
        />
      </div>

      <section aria-labelledby="permissions-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="permissions-title" className="text-lg font-semibold text-slate-950">
              {t("admin.roles.editor.permissions")}
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {t("admin.roles.editor.selected", { count: selected.size })}
            </p>
          </div>
          <div className="relative w-full sm:max-w-xs">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-label={t("admin.roles.editor.search")}
              placeholder={t("admin.roles.editor.search")}
              className={`${inputClasses(false)} py-2 pl-9 text-sm`}
            />
          </div>
        </div>
        {permissionsError ? (
          <FieldErrorText id="permissions-error">{permissionsError}</FieldErrorText>
        ) : null}
        {shown.length > 0 ? (
          <PermissionMatrix
            groups={shown}
            selected={selected}
            onChange={change}
            readOnly={readOnly}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
            {t("admin.roles.editor.no_match", { query })}
          </p>
        )}
      </section>

      {readOnly ? null : (
        <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <Button variant="secondary" onClick={() => navigate(ROLES_PATH)}>
            {t("admin.common.cancel")}
          </Button>
          <SubmitButton pending={pending}>
            {t(role ? "admin.roles.editor.save" : "admin.roles.editor.create")}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
