import { inviteCollaboratorBody, type RoleView } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { adminApi } from "../../../lib/admin/api";
import { useAdminForm } from "../../../lib/admin/form";
import { PlusIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { SelectField } from "../fields";

/** "Invite a collaborator": name, e-mail and role; the server e-mails the invitation link. */
export function InviteDialog({ roles }: { roles: readonly RoleView[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: inviteCollaboratorBody,
    defaultValues: { firstname: "", lastname: "", email: "", role: "" },
    send: adminApi.inviteCollaborator,
    success: (invited) => t("admin.collaborators.invite.sent", { email: invited.email }),
    onSuccess: () => {
      form.reset();
      setOpen(false);
    },
  });

  return (
    <Modal
      title={t("admin.collaborators.invite.title")}
      description={t("admin.collaborators.invite.description")}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button data-testid="invite-collaborator">
          <PlusIcon className="size-4" />
          {t("admin.collaborators.invite.open")}
        </Button>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("admin.collaborators.fields.firstname")}
            autoComplete="off"
            {...field("firstname")}
          />
          <TextField
            label={t("admin.collaborators.fields.lastname")}
            autoComplete="off"
            {...field("lastname")}
          />
        </div>
        <TextField
          label={t("admin.collaborators.fields.email")}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          {...field("email")}
        />
        <SelectField
          label={t("admin.collaborators.fields.role")}
          placeholder={t("admin.collaborators.invite.choose_role")}
          options={roles.map((role) => ({ value: role.cuid, label: role.name }))}
          hint={t("admin.collaborators.invite.role_hint")}
          {...field("role")}
        />
        <ModalActions>
          <SubmitButton pending={pending}>{t("admin.collaborators.invite.submit")}</SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
