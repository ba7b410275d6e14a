import type { SubscriberList, SubscriberView } from "@booking/contracts";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { SEARCH_PARAM } from "../../../components/admin/table-query";
import { UsersIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { listParams } from "../../../lib/admin/list-params";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { NEWSLETTERS_API, NEWSLETTERS_PATH } from "../../../lib/admin/newsletters-api";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/subscribers";

/** /admin/newsletters/subscribers: the customers who consent, with when and where they did. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "newsletters.subscribers.read");
  const q = listParams(new URL(args.request.url)).text(SEARCH_PARAM);
  const page = await readListPage(args.request, (paging) =>
    adminGet<SubscriberList>(args, withQuery(`${NEWSLETTERS_API}/subscribers`, { ...paging, q })),
  );
  return { ...page, searched: Boolean(q) };
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<SubscriberView>[] = [
    {
      id: "name",
      header: t("admin.newsletters.subscribers.columns.name"),
      cell: (row) => (
        <span className="block min-w-0 break-words">
          <span className="font-semibold text-slate-950">{row.fullname}</span>
          <span className="block text-sm text-slate-600">{row.email}</span>
        </span>
      ),
    },
    {
      id: "since",
      header: t("admin.newsletters.subscribers.columns.since"),
      cell: (row) => format.date(row.subscribed_at),
    },
    {
      id: "source",
      header: t("admin.newsletters.subscribers.columns.source"),
      cell: (row) => (row.source ? t(`admin.newsletters.subscribers.source.${row.source}`) : "—"),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.newsletters.subscribers.title")}
        description={t("admin.newsletters.subscribers.description", {
          count: loaderData.paging.count,
        })}
        back={{ to: NEWSLETTERS_PATH, label: t("admin.newsletters.back") }}
      />
      <DataTable
        caption={t("admin.newsletters.subscribers.title")}
        testId="subscribers-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        paging={loaderData.paging}
        toolbar={<SearchBox label={t("admin.newsletters.subscribers.search")} />}
        empty={
          <EmptyState
            icon={UsersIcon}
            title={t(
              loaderData.searched
                ? "admin.newsletters.subscribers.empty_search"
                : "admin.newsletters.subscribers.empty",
            )}
          />
        }
      />
    </>
  );
}
