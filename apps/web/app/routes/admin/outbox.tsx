import type { OutboxEmail, OutboxSms } from "@booking/contracts";
import { clsx } from "clsx";
import { Fragment, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { PageHeader } from "../../components/admin/page-header";
import { MailIcon } from "../../components/icons";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/react";
import { notFound, requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/outbox";

type Channel = "email" | "sms";

const newestFirst = <T extends { id: number; created_at: string }>(items: T[]) =>
  [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);

/**
 * Outside the console's log-in: a development mailbox, only there in development with SMTP_URL
 * unset (it shows every organiser's e-mails, reset links included), and the SMS kept while no
 * SMS provider is configured (`?channel=sms`); a 404 everywhere else.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  if (!admin.outbox && !admin.smsOutbox) notFound();
  const [emails, sms]: [OutboxEmail[], OutboxSms[]] = await Promise.all([
    admin.outbox?.list() ?? [],
    admin.smsOutbox?.list() ?? [],
  ]);
  const asked = new URL(request.url).searchParams.get("channel");
  const channel: Channel = (asked === "sms" && admin.smsOutbox) || !admin.outbox ? "sms" : "email";
  return {
    channel,
    emails: newestFirst(emails),
    sms: newestFirst(sms),
    channels: { email: admin.outbox !== null, sms: admin.smsOutbox !== null },
  };
}

/** Dates on this page are shown in the platform's default timezone, the same on server and client. */
const TIME_ZONE = "Europe/Brussels";

function formatDate(value: string, language: string) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "fr-BE", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: TIME_ZONE,
  }).format(date);
}

const URL_PATTERN = /(https?:\/\/[^\s<>"')\]]+)/g;

/** Plain-text body with its URLs turned into links (reset links, confirmation links…). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index): ReactNode => {
        const key = `${index}-${part.length}`;
        return index % 2 === 1 ? (
          <a
            key={key}
            href={part}
            className="break-all text-accent-ink underline underline-offset-2"
          >
            {part}
          </a>
        ) : (
          <Fragment key={key}>{part}</Fragment>
        );
      })}
    </>
  );
}

/** The HTML version in a sandboxed frame (no scripts); its links open in a new tab. */
function htmlDocument(html: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body>${html}</body></html>`;
}

/** The two lists of the outbox, as links (`?channel=sms`) so that each can be bookmarked. */
function ChannelTabs({
  channel,
  counts,
}: {
  channel: Channel;
  counts: Record<Channel, number | null>;
}) {
  const { t } = useTranslation();
  const channels = (["email", "sms"] as const).filter((key) => counts[key] !== null);
  if (channels.length < 2) return null;
  return (
    <nav aria-label={t("admin.outbox.tabs.label")}>
      <ul className="flex gap-1 border-b border-slate-200">
        {channels.map((key) => (
          <li key={key}>
            <Link
              to={key === "sms" ? "?channel=sms" : "?"}
              aria-current={key === channel ? "page" : undefined}
              className={clsx(
                "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold",
                key === channel
                  ? "border-accent text-slate-950"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-950",
              )}
            >
              {t(`admin.outbox.tabs.${key === "sms" ? "sms" : "emails"}`, {
                count: counts[key] ?? 0,
              })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The SMS kept instead of sent: recipient, organiser, parts and body. */
/** One fact of a message (date, organiser, …) in its description list. */
function Fact({
  label,
  breakAll = false,
  children,
}: {
  label: string;
  breakAll?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="font-medium text-slate-900">{label}</dt>
      <dd className={breakAll ? "min-w-0 break-all" : "min-w-0 break-words"}>{children}</dd>
    </div>
  );
}

function SmsList({ sms }: { sms: OutboxSms[] }) {
  const { t, i18n } = useTranslation();
  if (sms.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <p className="text-lg font-semibold text-slate-950">{t("admin.outbox.sms_empty_title")}</p>
        <p className="mt-1 text-sm text-slate-700">{t("admin.outbox.sms_empty_body")}</p>
      </div>
    );
  }
  return (
    <ol className="flex flex-col gap-4" data-testid="outbox-sms-list">
      {sms.map((message) => (
        <li
          key={message.cuid}
          data-testid="outbox-sms"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
        >
          <article aria-labelledby={`sms-${message.cuid}`}>
            <h2 id={`sms-${message.cuid}`} className="text-lg font-semibold text-slate-950">
              {t("admin.outbox.sms_heading", { to: message.to })}
            </h2>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-3">
              <Fact label={t("admin.outbox.date")}>
                <time dateTime={message.created_at}>
                  {formatDate(message.created_at, i18n.language)}
                </time>
              </Fact>
              <Fact label={t("admin.outbox.organiser")}>
                {message.organiser_name ?? t("admin.outbox.platform")}
              </Fact>
              <Fact label={t("admin.outbox.segments")}>{message.segments}</Fact>
            </dl>
            <p className="mt-3 rounded-lg bg-slate-50 px-4 py-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
              <Linkified text={message.body} />
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const refreshing = revalidator.state === "loading";
  const { channel, channels } = loaderData;
  const description =
    channel === "sms"
      ? t("admin.outbox.sms_subtitle")
      : `${t("admin.outbox.subtitle")} ${t("admin.outbox.count", { count: loaderData.emails.length })}`;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("admin.outbox.title")}
        back={{ to: "/admin", label: t("admin.outbox.back") }}
        description={description}
        actions={
          <Button
            variant="secondary"
            onClick={() => revalidator.revalidate()}
            disabled={refreshing}
          >
            {refreshing ? <Spinner /> : null}
            {t("admin.outbox.refresh")}
          </Button>
        }
      />
      <ChannelTabs
        channel={channel}
        counts={{
          email: channels.email ? loaderData.emails.length : null,
          sms: channels.sms ? loaderData.sms.length : null,
        }}
      />

      {channel === "sms" ? <SmsList sms={loaderData.sms} /> : null}

      {channel === "email" && loaderData.emails.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <MailIcon className="size-8 text-slate-500" />
          <p className="mt-3 text-lg font-semibold text-slate-950">
            {t("admin.outbox.empty_title")}
          </p>
          <p className="mt-1 text-sm text-slate-700">{t("admin.outbox.empty_body")}</p>
        </div>
      ) : null}

      {channel === "email" && loaderData.emails.length > 0 ? (
        <ol className="flex flex-col gap-4" data-testid="outbox-list">
          {loaderData.emails.map((email) => (
            <li
              key={email.cuid}
              data-testid="outbox-email"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
            >
              <article aria-labelledby={`email-${email.cuid}`}>
                <h2
                  id={`email-${email.cuid}`}
                  className="text-lg font-semibold break-words text-slate-950"
                >
                  {email.subject}
                </h2>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-3">
                  <Fact label={t("admin.outbox.to")} breakAll>
                    {email.to}
                  </Fact>
                  <Fact label={t("admin.outbox.date")}>
                    <time dateTime={email.created_at}>
                      {formatDate(email.created_at, i18n.language)}
                    </time>
                  </Fact>
                  <Fact label={t("admin.outbox.organiser")}>
                    {email.organiser_name ?? t("admin.outbox.platform")}
                  </Fact>
                </dl>
                <details className="group mt-4 rounded-lg border border-slate-200">
                  <summary className="cursor-pointer rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-50">
                    {t("admin.outbox.show_body")}
                  </summary>
                  <div className="border-t border-slate-200 px-4 py-3">
                    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
                      <Linkified text={email.text} />
                    </p>
                  </div>
                </details>
                {email.html ? (
                  <details className="mt-2 rounded-lg border border-slate-200">
                    <summary className="cursor-pointer rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-50">
                      {t("admin.outbox.show_html")}
                    </summary>
                    <iframe
                      title={t("admin.outbox.html_frame", { subject: email.subject })}
                      sandbox="allow-popups allow-popups-to-escape-sandbox"
                      srcDoc={htmlDocument(email.html)}
                      className="h-[32rem] w-full rounded-b-lg border-t border-slate-200 bg-white"
                    />
                  </details>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
