import type { OutstandingItemView } from "@booking/contracts";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { remindersPath } from "../../../lib/admin/reminders-api";

/**
 * An owed item's lateness in the outstanding list: days overdue (or its due day), the overdue
 * mark, and the reminders sent, linked to its history.
 */
export function ReminderState({ item }: { item: OutstandingItemView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const state = item.reminders;
  if (!state) return null;
  return (
    <span className="mt-1 flex flex-col text-xs" data-testid="reminder-state">
      <span
        className={
          state.days_overdue > 0
            ? "whitespace-nowrap font-medium text-red-700"
            : "whitespace-nowrap text-slate-600"
        }
      >
        {state.days_overdue > 0
          ? t("admin.reminders.late", { count: state.days_overdue })
          : // A day of the organiser's calendar: noon UTC is that day in its zone.
            t("admin.reminders.due_on", { date: format.date(`${state.due_on}T12:00:00Z`) })}
      </span>
      {state.overdue ? (
        <span className="w-fit rounded bg-red-100 px-1.5 font-medium text-red-800">
          {t("admin.reminders.overdue")}
        </span>
      ) : null}
      <Link
        to={remindersPath(item)}
        className="w-fit text-slate-600 underline underline-offset-4 hover:text-slate-950"
        data-testid="reminder-history-link"
      >
        {state.sent > 0
          ? t("admin.reminders.sent", { count: state.sent })
          : t("admin.reminders.history_link")}
      </Link>
    </span>
  );
}
