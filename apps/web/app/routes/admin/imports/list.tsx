import type { ImportListItem, ListEnvelope } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { FileIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/list";

/** The organiser's imports, newest first: file, who and when, what the commit did. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "imports.imports.create");
  return readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<ImportListItem>>(args, withQuery("/api/admin/imports", paging)),
  );
}

const TONES = { UPLOADED: "yellow", COMMITTED: "green", EXPIRED: "grey" } as const;

export default function Imports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<ImportListItem>[] = [
    {
      id: "file",
      header: t("admin.imports.list.file"),
      cell: (item) => (
        <span className="flex flex-col">
          <Link
            to={`/admin/imports/${item.cuid}`}
            className="font-medium break-all text-accent-ink underline-offset-4 hover:underline"
          >
            {item.file_name}
          </Link>
          <span className="text-xs text-slate-500">
            {t(`admin.imports.kinds.${item.kind}`)} ·{" "}
            {t("admin.imports.list.rows", { count: item.row_count })}
          </span>
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.imports.list.status"),
      cell: (item) => (
        <StatusBadge tone={TONES[item.status]}>
          {t(`admin.imports.status.${item.status}`)}
        </StatusBadge>
      ),
    },
    {
      id: "result",
      header: t("admin.imports.list.result"),
      cell: (item) =>
        item.summary
          ? Object.entries(item.summary)
              .map(([group, counts]) =>
                t("admin.imports.list.summary_group", {
                  group: t(`admin.imports.summary.${group}`),
                  created: counts.created,
                  updated: counts.updated,
                }),
              )
              .join(" · ")
          : "—",
    },
    {
      id: "created",
      header: t("admin.imports.list.created"),
      cell: (item) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">{format.dateTime(item.created_at)}</span>
          {item.created_by ? (
            <span className="text-xs text-slate-500">{item.created_by}</span>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.imports.title")}
        description={t("admin.imports.description")}
        actions={<ButtonLink to="/admin/imports/new">{t("admin.imports.new")}</ButtonLink>}
      />
      <DataTable
        caption={t("admin.imports.list.caption")}
        testId="imports-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(item) => item.cuid}
        paging={loaderData.paging}
        empty={
          <EmptyState
            icon={FileIcon}
            title={t("admin.imports.list.empty")}
            body={t("admin.imports.list.empty_body")}
          />
        }
      />
    </>
  );
}
