import type { SegmentWithCount } from "@booking/contracts";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { LayersIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { SEGMENTS_API, SEGMENTS_PATH, segmentPath } from "../../../lib/admin/newsletters-api";
import type { Route } from "./+types/segments";

/** /admin/newsletters/segments: the default segments, then the organiser's, with live counts. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "segments.segments.read");
  return adminGet<{ data: SegmentWithCount[] }>(args, SEGMENTS_API);
}

export default function Segments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const columns: DataTableColumn<SegmentWithCount>[] = [
    {
      id: "name",
      header: t("admin.segments.columns.name"),
      cell: (segment) => (
        <Link
          to={segmentPath(segment.cuid)}
          className="inline-flex min-w-0 flex-wrap items-center gap-2 font-semibold break-words text-slate-950 underline-offset-4 hover:underline"
        >
          {segment.name}
          {segment.default ? (
            <StatusBadge tone="grey">{t("admin.segments.default")}</StatusBadge>
          ) : null}
        </Link>
      ),
    },
    {
      id: "entity",
      header: t("admin.segments.columns.entity"),
      cell: (segment) => t(`admin.segments.entity.${segment.entity}`),
    },
    { id: "count", header: t("admin.segments.columns.count"), cell: (segment) => segment.count },
    {
      id: "recipients",
      header: t("admin.segments.columns.recipients"),
      cell: (segment) => segment.recipients,
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.segments.title")}
        description={t("admin.segments.description")}
        actions={
          can("segments.segments.create") ? (
            <ButtonLink to={`${SEGMENTS_PATH}/new`} data-testid="new-segment">
              <PlusIcon className="size-4" />
              {t("admin.segments.new")}
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.segments.title")}
        testId="segments-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(segment) => segment.cuid}
        empty={<EmptyState icon={LayersIcon} title={t("admin.segments.empty")} />}
      />
    </>
  );
}
