import type { AdminMessageDetail } from "@booking/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Facts, Panel } from "../../../components/admin/customers/customer-sections";
import { MessageStatus } from "../../../components/admin/messages/message-status";
import { MESSAGES_PATH } from "../../../components/admin/messages/messages-table";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { customerPath } from "../../../lib/admin/customer-paths";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { fullName } from "../../../lib/admin/people";
import type { Route } from "./+types/messages-detail";

/** One message of the delivery log, with its content as it was sent. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "customers.notifications.read");
  return adminGet<AdminMessageDetail>(
    args,
    `/api/admin/messages/${encodeURIComponent(args.params.cuid)}`,
  );
}

/** The HTML version as a document for the sandboxed frame (no scripts); links open a new tab. */
const htmlDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body>${html}</body></html>`;

function MessageFacts({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const optional = (shown: boolean, label: string, value: ReactNode) =>
    shown ? [{ label: t(`admin.messages.facts.${label}`), value }] : [];
  return (
    <Facts
      items={[
        { label: t("admin.messages.facts.status"), value: <MessageStatus message={message} /> },
        {
          label: t("admin.messages.facts.channel"),
          value: t(`admin.messages.channels.${message.channel}`),
        },
        { label: t("admin.messages.facts.to"), value: message.to },
        ...optional(
          message.customer !== null,
          "customer",
          message.customer ? (
            <Link to={customerPath(message.customer.cuid)} className="underline underline-offset-2">
              {fullName(message.customer)}
            </Link>
          ) : null,
        ),
        {
          label: t("admin.messages.facts.source"),
          value: `${t(`admin.messages.sources.${message.source}`)}${
            message.sent_by
              ? ` · ${t("admin.messages.sent_by", { name: fullName(message.sent_by) })}`
              : ""
          }`,
        },
        { label: t("admin.messages.facts.queued_at"), value: format.dateTime(message.created_at) },
        ...optional(
          message.send_at > message.created_at,
          "send_at",
          format.dateTime(message.send_at),
        ),
        ...optional(
          message.sent_at !== null,
          "sent_at",
          message.sent_at ? format.dateTime(message.sent_at) : null,
        ),
        { label: t("admin.messages.facts.attempts"), value: String(message.attempts) },
        ...optional(
          message.next_attempt_at !== null && message.status === "QUEUED",
          "next_attempt",
          message.next_attempt_at ? format.dateTime(message.next_attempt_at) : null,
        ),
        ...optional(message.last_error !== null, "error", message.last_error),
        ...optional(
          message.channel === "EMAIL",
          "message_id",
          <span className="font-mono text-xs break-all">{message.message_id}</span>,
        ),
      ]}
    />
  );
}

function MessageContent({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation();
  const headers = Object.entries(message.headers);
  return (
    <Panel title={t("admin.messages.content.title")}>
      <div className="flex flex-col gap-5">
        {message.html ? (
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {t("admin.messages.content.html")}
            </h3>
            <iframe
              title={t("admin.messages.content.frame_title")}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={htmlDocument(message.html)}
              className="h-[32rem] w-full rounded-lg border border-slate-200 bg-white"
              data-testid="message-html"
            />
          </section>
        ) : null}
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-900">
            {t(
              message.channel === "SMS"
                ? "admin.messages.content.sms"
                : "admin.messages.content.text",
            )}
          </h3>
          <pre
            className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap break-words text-slate-800"
            data-testid="message-text"
          >
            {message.text}
          </pre>
        </section>
        {headers.length > 0 ? (
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {t("admin.messages.content.headers")}
            </h3>
            <ul className="flex flex-col gap-1 font-mono text-xs break-all text-slate-700">
              {headers.map(([name, value]) => (
                <li key={name}>
                  <span className="font-semibold">{name}:</span> {value}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {message.attachments.length > 0 ? (
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {t("admin.messages.content.attachments")}
            </h3>
            <ul className="flex flex-col gap-1 text-sm text-slate-700">
              {message.attachments.map((attachment) => (
                <li key={attachment.filename}>
                  {attachment.filename}{" "}
                  <span className="text-xs text-slate-500">
                    ({attachment.content_type},{" "}
                    {t("admin.messages.content.size_kb", {
                      size: Math.max(1, Math.round(attachment.size / 1024)),
                    })}
                    )
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Panel>
  );
}

export default function MessagePage({ loaderData: message }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={
          message.subject ??
          (message.channel === "SMS"
            ? t("admin.messages.channels.SMS")
            : t("admin.messages.no_subject"))
        }
        description={message.to}
        back={{ to: MESSAGES_PATH, label: t("admin.messages.back") }}
      />
      {message.uncertain ? (
        <p
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          {t("admin.messages.uncertain_help")}
        </p>
      ) : null}
      <Panel title={t("admin.messages.detail_title")}>
        <MessageFacts message={message} />
      </Panel>
      <MessageContent message={message} />
    </div>
  );
}
