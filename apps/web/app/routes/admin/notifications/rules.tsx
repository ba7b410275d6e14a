import type { AdminNotificationRuleView } from "@booking/contracts";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { ClockIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { RULES_API, RULES_PATH, rulePath } from "../../../lib/admin/rules-api";
import type { Route } from "./+types/rules";

/** /admin/notifications/rules: the default rule first, then the organiser's own by name. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "activities.notifications.read");
  return adminGet<{ data: AdminNotificationRuleView[] }>(args, RULES_API);
}

/** "24 hours before the first day", "Right away". */
function useRuleTiming() {
  const { t } = useTranslation();
  return (rule: Pick<AdminNotificationRuleView, "delay" | "delay_type">) =>
    rule.delay.amount === 0 && rule.delay_type === "AFTER_TRIGGER"
      ? t("admin.notification_rules.when.immediately")
      : t(`admin.notification_rules.when.${rule.delay_type}`, {
          delay: t(`admin.notification_rules.duration.${rule.delay.unit}`, {
            count: rule.delay.amount,
          }),
        });
}

export default function NotificationRules({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const timing = useRuleTiming();
  const columns: DataTableColumn<AdminNotificationRuleView>[] = [
    {
      id: "name",
      header: t("admin.notification_rules.columns.name"),
      cell: (rule) => (
        <Link
          to={rulePath(rule.cuid)}
          className="block min-w-0 font-semibold break-words text-slate-950 underline-offset-4 hover:underline"
        >
          {rule.name}
          {rule.is_default ? (
            <span className="ml-2 inline-block rounded-full whitespace-nowrap bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
              {t("admin.notification_rules.default_badge")}
            </span>
          ) : null}
          <span className="block text-sm font-normal break-words text-slate-600">
            {t(`admin.notification_rules.triggers.${rule.trigger}`)}
          </span>
        </Link>
      ),
    },
    {
      id: "when",
      header: t("admin.notification_rules.columns.when"),
      cell: (rule) => timing(rule),
    },
    {
      id: "recipients",
      header: t("admin.notification_rules.columns.recipients"),
      cell: (rule) => (
        <span className="break-words">
          {rule.recipient_type === "ADDRESS"
            ? rule.recipient
            : t(`admin.notification_rules.recipient_types.${rule.recipient_type}`)}
          <span className="block text-sm text-slate-600">
            {rule.channels
              .map((channel) => t(`admin.notification_rules.channels.${channel}`))
              .join(", ")}
          </span>
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.notification_rules.columns.status"),
      cell: (rule) => (
        <span className={rule.active ? "font-semibold text-emerald-800" : "text-slate-600"}>
          {t(`admin.notification_rules.status.${rule.active ? "active" : "inactive"}`)}
        </span>
      ),
    },
    {
      id: "counts",
      header: t("admin.notification_rules.columns.counts"),
      cell: (rule) =>
        t("admin.notification_rules.counts", {
          scheduled: rule.scheduled_count,
          sent: rule.sent_count,
        }),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.notification_rules.title")}
        description={t("admin.notification_rules.description")}
        actions={
          can("activities.notifications.update") ? (
            <ButtonLink to={`${RULES_PATH}/new`} data-testid="new-rule">
              <PlusIcon className="size-4" />
              {t("admin.notification_rules.new")}
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.notification_rules.title")}
        testId="rules-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(rule) => rule.cuid}
        empty={<EmptyState icon={ClockIcon} title={t("admin.notification_rules.empty")} />}
      />
    </>
  );
}
