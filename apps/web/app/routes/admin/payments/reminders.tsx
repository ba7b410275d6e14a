import {
  OUTSTANDING_ITEM_TYPES,
  type OutstandingItemType,
  type ReminderHistory,
  type ReminderHistoryEntry,
} from "@booking/contracts";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { SendReminderButton } from "../../../components/admin/payments/send-reminder-button";
import { MailIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/reminders";

/** An owed item's payment reminders: when, which step, to whom, delivered or not (decision 0077). */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "payments.payments.read");
  const type = args.params.type as OutstandingItemType;
  if (!OUTSTANDING_ITEM_TYPES.includes(type)) throw new Response("Not found", { status: 404 });
  const history = await adminGet<ReminderHistory>(
    args,
    `/api/admin/outstanding/${type}/${encodeURIComponent(args.params.cuid)}/reminders`,
  );
  return { type, cuid: args.params.cuid, history };
}

export default function Reminders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const { type, cuid, history } = loaderData;
  // A day of the organiser's calendar: noon UTC is that day in its zone.
  const day = (value: string) => format.date(`${value}T12:00:00Z`);
  const columns: DataTableColumn<ReminderHistoryEntry>[] = [
    {
      id: "step",
      header: t("admin.reminders.history.columns.step"),
      cell: (entry) => t("admin.reminders.history.step", { step: entry.step }),
    },
    {
      id: "sent_at",
      header: t("admin.reminders.history.columns.sent_at"),
      cell: (entry) => <span className="whitespace-nowrap">{format.dateTime(entry.sent_at)}</span>,
    },
    {
      id: "to",
      header: t("admin.reminders.history.columns.to"),
      cell: (entry) => entry.recipient ?? "—",
    },
    {
      id: "by",
      header: t("admin.reminders.history.columns.by"),
      cell: (entry) =>
        entry.by_hand ? (entry.sent_by ?? "—") : t("admin.reminders.history.by_schedule"),
    },
    {
      id: "delivery",
      header: t("admin.reminders.history.columns.delivery"),
      cell: (entry) =>
        entry.message ? (
          <Link
            to={`/admin/notifications/messages/${entry.message.cuid}`}
            className="text-slate-950 underline underline-offset-4"
          >
            {t(`admin.messages.statuses.${entry.message.status}`)}
            <span className="sr-only"> — {t("admin.reminders.history.open_message")}</span>
          </Link>
        ) : (
          <span className="text-slate-600">
            {/* Written by the events consumer within seconds; never once the item was paid. */}
            {t(
              history.due_on
                ? "admin.reminders.history.pending"
                : "admin.reminders.history.not_sent",
            )}
          </span>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.reminders.history.title")}
        back={{ to: "/admin/payments/outstanding", label: t("admin.reminders.history.back") }}
        description={t(`admin.payments.outstanding.types.${type}`)}
        actions={
          history.due_on && can("notifications.trigger") ? (
            <SendReminderButton item={{ type, cuid }} />
          ) : null
        }
      />
      <div className="flex flex-col gap-1 text-sm text-slate-700" data-testid="reminder-summary">
        {history.due_on ? (
          <p>
            <span className="font-semibold text-slate-950">
              {t("admin.reminders.history.summary_due", {
                amount: format.money(history.amount_due),
                date: day(history.due_on),
              })}
            </span>
            {history.days_overdue !== null && history.days_overdue > 0
              ? ` · ${t("admin.reminders.late", { count: history.days_overdue })}`
              : null}
          </p>
        ) : (
          <p>{t("admin.reminders.history.paid")}</p>
        )}
        {history.overdue_marked_at ? (
          <p className="font-medium text-red-700">
            {t("admin.reminders.history.overdue_since", {
              date: format.date(history.overdue_marked_at),
            })}
          </p>
        ) : null}
      </div>
      <DataTable
        caption={t("admin.reminders.history.title")}
        testId="reminder-history"
        columns={columns}
        rows={history.data}
        rowKey={(entry) => entry.cuid}
        empty={<EmptyState icon={MailIcon} title={t("admin.reminders.history.empty")} />}
      />
    </>
  );
}
