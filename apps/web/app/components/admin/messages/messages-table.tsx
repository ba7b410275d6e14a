import type { AdminMessageView } from "@booking/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { customerPath } from "../../../lib/admin/customer-paths";
import { fullName } from "../../../lib/admin/people";
import { DataTable, type DataTableColumn } from "../data-table";
import { MessageStatus } from "./message-status";

export const MESSAGES_PATH = "/admin/notifications/messages";
export const messagePath = (cuid: string) => `${MESSAGES_PATH}/${encodeURIComponent(cuid)}`;

/** Messages of the delivery log, newest first: the console's list and a customer's tab. */
export function MessagesTable({
  messages,
  paging,
  toolbar,
  empty,
  withCustomer = true,
}: {
  messages: readonly AdminMessageView[];
  paging?: { count: number; pageNumber: number; pageSize: number };
  toolbar?: ReactNode;
  empty: ReactNode;
  /** a column for the customer (not on the customer's own page) */
  withCustomer?: boolean;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<AdminMessageView>[] = [
    {
      id: "date",
      header: t("admin.messages.columns.date"),
      cell: (message) => (
        <time dateTime={message.created_at} className="whitespace-nowrap text-slate-700">
          {format.dateTime(message.created_at)}
        </time>
      ),
    },
    {
      id: "subject",
      header: t("admin.messages.columns.subject"),
      cell: (message) => (
        <span className="flex max-w-80 flex-col [overflow-wrap:anywhere]">
          <Link
            to={messagePath(message.cuid)}
            className="font-medium text-slate-950 underline-offset-2 hover:underline"
          >
            {message.channel === "SMS"
              ? message.excerpt
              : message.subject || t("admin.messages.no_subject")}
          </Link>
          <span className="text-xs text-slate-500">
            {t(`admin.messages.channels.${message.channel}`)} ·{" "}
            {t(`admin.messages.sources.${message.source}`)}
            {message.sent_by
              ? ` · ${t("admin.messages.sent_by", { name: fullName(message.sent_by) })}`
              : ""}
          </span>
        </span>
      ),
    },
    {
      id: "recipient",
      header: t("admin.messages.columns.recipient"),
      cell: (message) => (
        <span className="flex flex-col">
          {withCustomer && message.customer ? (
            <Link
              to={customerPath(message.customer.cuid)}
              className="text-slate-950 underline-offset-2 hover:underline"
            >
              {fullName(message.customer)}
            </Link>
          ) : null}
          <span className="text-xs break-all text-slate-500">{message.to}</span>
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.messages.columns.status"),
      cell: (message) => <MessageStatus message={message} />,
    },
  ];
  return (
    <DataTable
      caption={t("admin.messages.caption")}
      testId="messages-table"
      columns={columns}
      rows={messages}
      rowKey={(message) => message.cuid}
      paging={paging}
      toolbar={toolbar}
      empty={empty}
    />
  );
}
