import type { ManualRecipients, ManualTargetView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { FormPanel } from "../form-panel";

/** The target in words: "Stage poterie · Saturday 6 June", "Registrations (filtered)", a name. */
export function useTargetLabel(): (target: ManualTargetView) => string {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  return (target) => {
    if (target.type === "REGISTRATIONS") {
      const filtered = Object.values(target.filter ?? {}).some(Boolean);
      return t(
        filtered
          ? "admin.manual_messages.target.registrations_filtered"
          : "admin.manual_messages.target.registrations",
      );
    }
    if (target.type === "CUSTOMER") return target.label;
    const when = target.start_at
      ? target.type === "AVAILABILITY_DATE"
        ? format.dateTime(target.start_at)
        : t("admin.manual_messages.target.from", { date: format.date(target.start_at) })
      : "";
    return when ? `${target.label} · ${when}` : target.label;
  };
}

/**
 * Who gets the message: the families (each once, however many children), how many an SMS
 * reaches, and the list with the children each is written to about.
 */
export function RecipientsPanel({
  recipients,
  sms,
}: {
  recipients: ManualRecipients;
  sms: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormPanel
      title={t("admin.manual_messages.recipients.title")}
      description={
        <span data-testid="recipients-count">
          {t("admin.manual_messages.recipients.count", { count: recipients.count })}
          {sms
            ? ` · ${t("admin.manual_messages.recipients.sms_count", { count: recipients.sms_count })}`
            : ""}
        </span>
      }
      testId="recipients-panel"
    >
      {recipients.count === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.manual_messages.recipients.none")}</p>
      ) : (
        <details className="group" open={recipients.count <= 5}>
          <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold text-accent-ink">
            {t("admin.manual_messages.recipients.show")}
          </summary>
          <ul className="mt-2 flex max-h-80 flex-col divide-y divide-slate-100 overflow-y-auto">
            {recipients.data.map((recipient) => (
              <li key={recipient.cuid} className="py-2 text-sm" data-testid="recipient">
                <p className="font-medium text-slate-950">{recipient.fullname}</p>
                <p className="break-all text-slate-600">{recipient.email}</p>
                {recipient.participants.length > 0 ? (
                  <p className="text-slate-600">
                    {t("admin.manual_messages.recipients.about", {
                      names: recipient.participants.join(", "),
                    })}
                  </p>
                ) : null}
                {sms && recipient.sms_phone === null ? (
                  <p className="text-amber-800">{t("admin.manual_messages.recipients.no_sms")}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      )}
    </FormPanel>
  );
}
