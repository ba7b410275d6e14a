import type { NewsletterList } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { NewsletterStatusBadge } from "../../../components/admin/newsletters/newsletter-status";
import { PageHeader } from "../../../components/admin/page-header";
import { MailIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import {
  NEWSLETTERS_API,
  NEWSLETTERS_PATH,
  newsletterPath,
} from "../../../lib/admin/newsletters-api";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/index";

type Row = NewsletterList["data"][number];

/** /admin/newsletters: every newsletter, newest first, with its status and delivery counts. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "newsletters.newsletters.read");
  return readListPage(args.request, (paging) =>
    adminGet<NewsletterList>(args, withQuery(NEWSLETTERS_API, paging)),
  );
}

export default function Newsletters({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<Row>[] = [
    {
      id: "subject",
      header: t("admin.newsletters.columns.subject"),
      cell: (row) => (
        <Link
          to={newsletterPath(row.cuid)}
          className="block min-w-0 font-semibold break-words text-slate-950 underline-offset-4 hover:underline"
        >
          {row.subject}
          <span className="block text-sm font-normal text-slate-600">{row.segment.name}</span>
        </Link>
      ),
    },
    {
      id: "status",
      header: t("admin.newsletters.columns.status"),
      cell: (row) => <NewsletterStatusBadge status={row.status} />,
    },
    {
      id: "when",
      header: t("admin.newsletters.columns.when"),
      cell: (row) => {
        const at = row.sent_at ?? row.started_at ?? row.scheduled_at;
        return at ? format.dateTime(at) : "—";
      },
    },
    {
      id: "recipients",
      header: t("admin.newsletters.columns.recipients"),
      cell: (row) => row.recipients_count,
    },
    {
      id: "delivery",
      header: t("admin.newsletters.columns.delivery"),
      cell: (row) =>
        t("admin.newsletters.delivery_summary", {
          sent: row.delivery.sent,
          queued: row.delivery.queued,
          failed: row.delivery.failed,
        }),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.newsletters.title")}
        description={t("admin.newsletters.description")}
        actions={
          <>
            {can("newsletters.subscribers.read") ? (
              <ButtonLink variant="secondary" to={`${NEWSLETTERS_PATH}/subscribers`}>
                {t("admin.newsletters.subscribers.title")}
              </ButtonLink>
            ) : null}
            {can("newsletters.newsletters.create") ? (
              <ButtonLink to={`${NEWSLETTERS_PATH}/new`} data-testid="new-newsletter">
                <PlusIcon className="size-4" />
                {t("admin.newsletters.new")}
              </ButtonLink>
            ) : null}
          </>
        }
      />
      <DataTable
        caption={t("admin.newsletters.title")}
        testId="newsletters-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        paging={loaderData.paging}
        empty={<EmptyState icon={MailIcon} title={t("admin.newsletters.empty")} />}
      />
    </>
  );
}
