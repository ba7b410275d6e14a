import type { CollaboratorView, RoleView } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { adminApi } from "../../../lib/admin/api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { fullName } from "../../../lib/admin/people";
import { Spinner } from "../../ui/spinner";
import { selectClasses } from "../fields";

/**
 * A collaborator's role, changed in place: the new role shows while the change is sent, the
 * list's own value comes back if the server refuses it (LAST_OWNER: an organiser keeps an owner).
 */
export function RoleSelect({
  collaborator,
  roles,
}: {
  collaborator: CollaboratorView;
  roles: readonly RoleView[];
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const { mutate, pending } = useAdminMutation(
    (role: string) => adminApi.updateCollaborator(collaborator.cuid, { role }),
    { success: t("admin.collaborators.role_changed", { name: fullName(collaborator) }) },
  );

  return (
    <span className="inline-flex items-center gap-2">
      <select
        value={chosen ?? collaborator.role.cuid}
        disabled={pending}
        aria-label={t("admin.collaborators.role_of", { name: fullName(collaborator) })}
        onChange={async (event) => {
          setChosen(event.target.value);
          await mutate(event.target.value);
          setChosen(null);
        }}
        className={`${selectClasses(false)} py-1.5 text-sm md:w-44`}
      >
        {roles.map((role) => (
          <option key={role.cuid} value={role.cuid}>
            {role.name}
          </option>
        ))}
      </select>
      {pending ? <Spinner className="text-slate-500" /> : null}
    </span>
  );
}
