import type { AdminRegistrationDetail, AdminReplacementChoices } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { registrationsApi } from "../../../lib/admin/registrations-api";
import { Button, SubmitButton } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";

/**
 * Replacing the participant of a registration by another of the same family (decision 0088):
 * the age limits are checked again for the newcomer; dates and amounts stay.
 */
export function ReplaceDialog({
  registration,
  choices,
}: {
  registration: AdminRegistrationDetail;
  choices: AdminReplacementChoices["data"];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [participant, setParticipant] = useState(choices[0]?.cuid ?? "");
  const { mutate, pending } = useAdminMutation(
    () => registrationsApi.replace(registration.cuid, { participant }),
    { success: t("admin.registrations.replace.done") },
  );
  return (
    <Modal
      title={t("admin.registrations.replace.title")}
      description={t("admin.registrations.replace.description", {
        name: registration.participant.fullname,
      })}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" data-testid="replace-participant">
          {t("admin.registrations.replace.open")}
        </Button>
      }
    >
      {choices.length === 0 ? (
        <p className="text-sm text-slate-700">{t("admin.registrations.replace.none")}</p>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if ((await mutate()).ok) setOpen(false);
          }}
        >
          <label htmlFor={id} className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t("admin.registrations.replace.participant")}
            <select
              id={id}
              value={participant}
              onChange={(event) => setParticipant(event.target.value)}
              className={inputClasses(false)}
            >
              {choices.map((choice) => (
                <option key={choice.cuid} value={choice.cuid}>
                  {choice.fullname}
                </option>
              ))}
            </select>
          </label>
          <ModalActions>
            <SubmitButton pending={pending} data-testid="confirm-replace">
              {t("admin.registrations.replace.confirm")}
            </SubmitButton>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
