import type { CollaboratorView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { adminApi } from "../../../lib/admin/api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { fullName } from "../../../lib/admin/people";
import { LogInIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";

/**
 * What may be done to a collaborator from the list: open the console as them (an active
 * collaborator other than oneself) and remove them from the organiser (not oneself), each when
 * the role allows it and after a confirmation.
 */
export function CollaboratorActions({ collaborator }: { collaborator: CollaboratorView }) {
  const { t } = useTranslation();
  const { session, can } = useConsole();
  const name = fullName(collaborator);
  const self = collaborator.cuid === session.collaborator.cuid;
  const impersonation = useAdminMutation(
    () => adminApi.impersonateCollaborator(collaborator.cuid),
    { revalidate: false },
  );
  const removal = useAdminMutation(() => adminApi.removeCollaborator(collaborator.cuid), {
    success: t("admin.collaborators.remove.done", { name }),
  });

  const canImpersonate = can("collaborators.impersonate") && !self && collaborator.active;
  const canRemove = can("collaborators.collaborators.delete") && !self;
  if (!canImpersonate && !canRemove) return null;

  return (
    <div className="flex flex-wrap gap-1 md:flex-nowrap md:justify-end">
      {canImpersonate ? (
        <ConfirmDialog
          tone="primary"
          title={t("admin.collaborators.impersonate.title", { name })}
          description={t("admin.collaborators.impersonate.description", { name })}
          confirmLabel={t("admin.collaborators.impersonate.confirm")}
          onConfirm={async () => {
            const outcome = await impersonation.mutate();
            if (outcome.ok) window.location.assign(outcome.value.url);
            return false;
          }}
          trigger={
            <Button variant="ghost" size="sm" data-testid="impersonate-collaborator">
              <LogInIcon className="size-4" />
              {t("admin.collaborators.impersonate.open")}
              <span className="sr-only">{name}</span>
            </Button>
          }
        />
      ) : null}
      {canRemove ? (
        <ConfirmDialog
          title={t("admin.collaborators.remove.title", { name })}
          description={t("admin.collaborators.remove.description", {
            name,
            organiser: session.organiser?.name ?? "",
          })}
          confirmLabel={t("admin.collaborators.remove.confirm")}
          onConfirm={async () => (await removal.mutate()).ok}
          trigger={
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              data-testid="remove-collaborator"
            >
              <TrashIcon className="size-4" />
              {t("admin.collaborators.remove.open")}
              <span className="sr-only">{name}</span>
            </Button>
          }
        />
      ) : null}
    </div>
  );
}
