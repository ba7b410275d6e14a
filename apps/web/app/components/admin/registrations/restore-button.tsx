import type { AdminRegistrationDetail } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { registrationsApi } from "../../../lib/admin/registrations-api";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";

/**
 * Restoring a cancelled registration (decision 0088): its places come back if they are still
 * free, and the customer is told through the registration.cancellation.restored trigger.
 */
export function RestoreButton({ registration }: { registration: AdminRegistrationDetail }) {
  const { t } = useTranslation();
  const { mutate } = useAdminMutation(() => registrationsApi.restore(registration.cuid), {
    success: t("admin.registrations.restore.done"),
  });
  return (
    <ConfirmDialog
      title={t("admin.registrations.restore.title")}
      description={t("admin.registrations.restore.description")}
      confirmLabel={t("admin.registrations.restore.confirm")}
      tone="primary"
      onConfirm={async () => (await mutate()).ok}
      trigger={
        <Button data-testid="restore-registration">{t("admin.registrations.restore.open")}</Button>
      }
    />
  );
}
