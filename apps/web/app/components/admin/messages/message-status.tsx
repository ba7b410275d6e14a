import type { AdminMessageView, MessageDelay, MessageStatusName } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { StatusBadge } from "../status-badge";

const STATUS_TONES: Record<MessageStatusName, StatusTone> = {
  SCHEDULED: "blue",
  QUEUED: "blue",
  SENDING: "blue",
  SENT: "green",
  FAILED: "red",
  CANCELLED: "grey",
  OUTBOX: "grey",
};

/** A message's status, with what it waits for (its time, a retry) or why it failed. */
export function MessageStatus({ message }: { message: AdminMessageView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const retrying = message.status === "QUEUED" && message.next_attempt_at !== null;
  return (
    <span className="flex flex-col items-end gap-1 md:items-start">
      <span className="flex flex-wrap gap-1">
        <StatusBadge tone={STATUS_TONES[message.status]} value={message.status}>
          {t(`admin.messages.statuses.${message.status}`)}
        </StatusBadge>
        {message.uncertain ? (
          <StatusBadge tone="yellow" value="UNCERTAIN">
            {t("admin.messages.uncertain")}
          </StatusBadge>
        ) : null}
      </span>
      {retrying ? (
        <span className="max-w-64 text-xs text-amber-800">
          {t("admin.messages.retrying", {
            attempts: message.attempts,
            next: format.time(message.next_attempt_at!),
          })}
        </span>
      ) : null}
      {message.status === "SCHEDULED" ? (
        <span className="text-xs text-slate-500">
          {t("admin.messages.scheduled_for", { date: format.dateTime(message.send_at) })}
        </span>
      ) : null}
      {message.status === "FAILED" && message.last_error ? (
        <span className="max-w-64 text-xs break-words text-red-700">{message.last_error}</span>
      ) : null}
    </span>
  );
}

/** The notice over the log while a provider is down: since when, and the next attempt. */
export function DelayNotice({ delay }: { delay: MessageDelay }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const since = format.dateTime(delay.since);
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="messages-delay"
    >
      <p className="font-semibold">{t("admin.messages.delay.title", { count: delay.count })}</p>
      <p className="mt-1">
        {delay.next_attempt_at
          ? t("admin.messages.delay.body", { since, next: format.time(delay.next_attempt_at) })
          : t("admin.messages.delay.body_no_next", { since })}
      </p>
    </div>
  );
}
