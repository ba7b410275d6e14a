import type { OutstandingItemType } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { remindersApi } from "../../../lib/admin/reminders-api";
import { SubmitButton } from "../../ui/button";

/**
 * Sends an owed item's next payment reminder now (audited; the server refuses a second one
 * within minutes, and the mutation ignores a second click while the first runs).
 */
export function SendReminderButton({
  item,
}: {
  item: { type: OutstandingItemType; cuid: string };
}) {
  const { t } = useTranslation();
  const send = useAdminMutation(() => remindersApi.send(item), {
    success: (history) =>
      t("admin.reminders.sent_toast", {
        step: history.data[history.data.length - 1]?.step ?? 1,
      }),
  });
  return (
    <SubmitButton
      variant="secondary"
      size="sm"
      pending={send.pending}
      onClick={() => void send.mutate()}
      data-testid="send-reminder"
    >
      {t("admin.reminders.send")}
    </SubmitButton>
  );
}
