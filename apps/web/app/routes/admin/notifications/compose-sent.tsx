import type { ManualMessageList, ManualMessageView } from "@booking/contracts";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { useTargetLabel } from "../../../components/admin/notifications/manual-recipients";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { MailIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { MANUAL_API, manualMessagesApi } from "../../../lib/admin/manual-messages-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/compose-sent";

/** /admin/notifications/sent: the messages written by hand, latest first, with their counts. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "notifications.trigger");
  return readListPage(args.request, (paging) =>
    adminGet<ManualMessageList>(args, withQuery(MANUAL_API, paging)),
  );
}

const TONES = { SCHEDULED: "blue", SENT: "green", CANCELLED: "grey" } as const;

function CancelButton({ message }: { message: ManualMessageView }) {
  const { t } = useTranslation();
  const { mutate, pending } = useAdminMutation(() => manualMessagesApi.cancel(message.cuid), {
    success: t("admin.manual_messages.sent.cancelled"),
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void mutate()}
      disabled={pending}
      data-testid="cancel-manual"
    >
      {t("admin.manual_messages.sent.cancel")}
    </Button>
  );
}

function useColumns(): DataTableColumn<ManualMessageView>[] {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const targetLabel = useTargetLabel();
  return [
    {
      id: "send_at",
      header: t("admin.manual_messages.sent.columns.send_at"),
      cell: (message) => format.dateTime(message.send_at),
    },
    {
      id: "message",
      header: t("admin.manual_messages.sent.columns.message"),
      cell: (message) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-950">
            {message.email ? message.subject : message.sms_body}
          </span>
          <span className="text-slate-600">{targetLabel(message.target)}</span>
        </span>
      ),
    },
    {
      id: "recipients",
      header: t("admin.manual_messages.sent.columns.recipients"),
      cell: (message) => (
        <span className="flex flex-col" data-testid="manual-counts">
          <span>
            {t("admin.manual_messages.recipients.count", { count: message.recipients_count })}
          </span>
          <span className="text-slate-600">
            {[
              message.email
                ? t("admin.manual_messages.sent.emails", { count: message.email_count })
                : null,
              message.sms
                ? t("admin.manual_messages.sent.sms", { count: message.sms_count })
                : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
          {message.delivery.waiting > 0 ? (
            <span className="text-slate-600">
              {t("admin.manual_messages.sent.waiting", { count: message.delivery.waiting })}
            </span>
          ) : null}
          {message.delivery.failed > 0 ? (
            <span className="font-medium text-red-700">
              {t("admin.manual_messages.sent.failed", { count: message.delivery.failed })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.manual_messages.sent.columns.status"),
      cell: (message) => (
        <StatusBadge tone={TONES[message.status]} value={message.status} testId="manual-status">
          {t(`admin.manual_messages.status.${message.status}`)}
        </StatusBadge>
      ),
    },
    {
      id: "sent_by",
      header: t("admin.manual_messages.sent.columns.sent_by"),
      cell: (message) => message.sent_by ?? "—",
    },
    {
      id: "actions",
      header: t("admin.manual_messages.sent.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (message) =>
        message.status === "SCHEDULED" ? <CancelButton message={message} /> : null,
    },
  ];
}

export default function SentManualMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useColumns();
  return (
    <>
      <PageHeader
        title={t("admin.manual_messages.sent.title")}
        description={t("admin.manual_messages.sent.description")}
      />
      <DataTable
        caption={t("admin.manual_messages.sent.title")}
        testId="manual-messages-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        paging={loaderData.paging}
        empty={<EmptyState icon={MailIcon} title={t("admin.manual_messages.sent.empty")} />}
      />
    </>
  );
}
