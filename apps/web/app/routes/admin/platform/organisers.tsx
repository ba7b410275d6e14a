import type { PlatformOrganiserList, PlatformOrganiserView } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { OrganiserStatusBadge } from "../../../components/admin/platform/organiser-status";
import { GlobeIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { PLATFORM_HOME, withQuery } from "../../../lib/admin/paths";
import { platformDate } from "../../../lib/admin/platform-format";
import { platformGet } from "../../../lib/admin/platform-loaders";
import { preferredLanguage } from "../../../lib/browser-language";
import type { Route } from "./+types/organisers";

type Row = PlatformOrganiserView & { created_label: string };

export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const status =
    params.get("status") === "SUSPENDED" || params.get("status") === "ACTIVE"
      ? params.get("status")
      : undefined;
  const language = preferredLanguage(args.request);
  const page = await readListPage(args.request, (paging) =>
    platformGet<PlatformOrganiserList>(
      args,
      withQuery("/api/admin/platform/organisers", { ...paging, q, status }),
    ),
  );
  const data: Row[] = page.data.map((organiser) => ({
    ...organiser,
    created_label: platformDate(language, organiser.created_at),
  }));
  return { ...page, data, searched: Boolean(q || status) };
}

/** /admin/platform: every organiser, searched by name, address or owner's e-mail. */
export default function PlatformOrganisers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns: DataTableColumn<Row>[] = [
    {
      id: "name",
      header: t("admin.platform.organisers.columns.name"),
      cell: (organiser) => (
        <span className="flex min-w-0 flex-col">
          <Link
            to={`${PLATFORM_HOME}/organisers/${organiser.cuid}`}
            className="font-semibold text-slate-950 underline-offset-4 hover:underline"
          >
            {organiser.name}
          </Link>
          <span className="text-xs break-all text-slate-600">{organiser.slug}</span>
        </span>
      ),
    },
    {
      id: "owner",
      header: t("admin.platform.organisers.columns.owner"),
      cell: (organiser) =>
        organiser.owner ? (
          <span className="flex min-w-0 flex-col">
            <span>{`${organiser.owner.firstname} ${organiser.owner.lastname}`}</span>
            <span className="text-xs break-all text-slate-600">{organiser.owner.email}</span>
          </span>
        ) : (
          t("admin.platform.organisers.no_owner")
        ),
    },
    {
      id: "status",
      header: t("admin.platform.organisers.columns.status"),
      cell: (organiser) => <OrganiserStatusBadge status={organiser.status} />,
    },
    {
      id: "created",
      header: t("admin.platform.organisers.columns.created"),
      cell: (organiser) => organiser.created_label,
    },
    {
      id: "counts",
      header: t("admin.platform.organisers.columns.counts"),
      cell: (organiser) => (
        <span className="flex flex-col text-sm">
          <span>{t("admin.platform.counts.customers", { count: organiser.counts.customers })}</span>
          <span>
            {t("admin.platform.counts.registrations", { count: organiser.counts.registrations })}
          </span>
          <span>
            {t("admin.platform.counts.collaborators", { count: organiser.counts.collaborators })}
          </span>
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.platform.organisers.title")}
        description={t("admin.platform.organisers.description")}
      />
      <DataTable
        caption={t("admin.platform.organisers.title")}
        testId="platform-organisers"
        columns={columns}
        rows={loaderData.data}
        rowKey={(organiser) => organiser.cuid}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.platform.organisers.search")} param="q" />
            <FilterSelect
              label={t("admin.platform.organisers.status_filter")}
              param="status"
              allLabel={t("admin.platform.organisers.all_statuses")}
              options={[
                { value: "ACTIVE", label: t("admin.platform.status.ACTIVE") },
                { value: "SUSPENDED", label: t("admin.platform.status.SUSPENDED") },
              ]}
            />
          </>
        }
        empty={
          <EmptyState
            icon={GlobeIcon}
            title={t(
              loaderData.searched
                ? "admin.platform.organisers.empty_search"
                : "admin.platform.organisers.empty",
            )}
          />
        }
      />
    </>
  );
}
