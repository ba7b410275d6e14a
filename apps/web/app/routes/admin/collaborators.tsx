import type { CollaboratorView, RoleView } from "@booking/contracts";
import { Link } from "react-router";
import { InviteDialog } from "../../components/admin/collaborators/invite-dialog";
import { RoleSelect } from "../../components/admin/collaborators/role-select";
import { CollaboratorActions } from "../../components/admin/collaborators/row-actions";
import { DataTable, type DataTableColumn } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { SearchBox } from "../../components/admin/list-controls";
import { PageHeader } from "../../components/admin/page-header";
import { StatusBadge } from "../../components/admin/status-badge";
import { readSort, SEARCH_PARAM, sortRows } from "../../components/admin/table-query";
import { TagFilter } from "../../components/admin/tags/tag-filter";
import { UsersIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../lib/admin/console";
import { adminGet, requireConsole } from "../../lib/admin/loaders";
import { withQuery } from "../../lib/admin/paths";
import { fullName } from "../../lib/admin/people";
import { hasPermission } from "../../lib/admin/permissions";
import { loadTags } from "../../lib/admin/tag-loaders";
import { LOCALES } from "../../lib/format";
import type { Route } from "./+types/collaborators";

const SORTS = ["name", "email", "role", "status", "last_login"] as const;

const sortValues: Record<string, (row: CollaboratorView) => string | number | null> = {
  name: (row) => `${row.lastname} ${row.firstname}`,
  email: (row) => row.email,
  role: (row) => row.role.name,
  status: (row) => (row.active ? 1 : 0),
  last_login: (row) => (row.last_login_at ? Date.parse(row.last_login_at) : null),
};

/**
 * The organiser's collaborators, searched (name, e-mail) and sorted from the URL; the roles
 * too when the collaborator may read them, for the invitation and the role changes.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requireConsole(args);
  const url = new URL(args.request.url);
  const tag = url.searchParams.get("tag")?.trim() || undefined;
  const [collaborators, roles, tags] = await Promise.all([
    adminGet<{ data: CollaboratorView[] }>(args, withQuery("/api/admin/collaborators", { tag })),
    hasPermission(session, "collaborators.roles.read")
      ? adminGet<{ data: RoleView[] }>(args, "/api/admin/roles")
      : null,
    loadTags(args, "collaborators"),
  ]);
  const sort = readSort(url, SORTS, { key: "name", descending: false });
  const search = (url.searchParams.get(SEARCH_PARAM) ?? "").trim().toLowerCase();
  const found = search
    ? collaborators.data.filter((row) =>
        `${fullName(row)} ${row.email}`.toLowerCase().includes(search),
      )
    : collaborators.data;
  const locale = LOCALES[session.organiser?.language ?? "fr"];
  return {
    collaborators: sortRows(found, sort, sortValues, locale),
    roles: roles?.data ?? null,
    tags: tags?.data ?? null,
    sort,
    searching: search !== "" || tag !== undefined,
  };
}

export default function Collaborators({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { session, can } = useConsole();
  const format = useConsoleFormatters();
  const { roles } = loaderData;

  const columns: DataTableColumn<CollaboratorView>[] = [
    {
      id: "name",
      header: t("admin.collaborators.columns.name"),
      sortable: true,
      cell: (row) => (
        <span className="inline-flex items-center gap-2 font-medium whitespace-nowrap text-slate-950">
          <Link
            to={`/admin/collaborators/${encodeURIComponent(row.cuid)}`}
            className="underline-offset-4 hover:underline"
          >
            {fullName(row)}
          </Link>
          {row.cuid === session.collaborator.cuid ? (
            <StatusBadge tone="blue">{t("admin.collaborators.you")}</StatusBadge>
          ) : null}
        </span>
      ),
    },
    {
      id: "email",
      header: t("admin.collaborators.columns.email"),
      sortable: true,
      cell: (row) => (
        <span className="break-all text-slate-700 md:break-normal md:whitespace-nowrap">
          {row.email}
        </span>
      ),
    },
    {
      id: "role",
      header: t("admin.collaborators.columns.role"),
      sortable: true,
      cell: (row) =>
        roles &&
        can("collaborators.collaborators.update") &&
        row.cuid !== session.collaborator.cuid ? (
          <RoleSelect collaborator={row} roles={roles} />
        ) : (
          row.role.name
        ),
    },
    {
      id: "status",
      header: t("admin.collaborators.columns.status"),
      sortable: true,
      cell: (row) =>
        row.active ? (
          <StatusBadge tone="green" value="active">
            {t("admin.collaborators.status.active")}
          </StatusBadge>
        ) : (
          <StatusBadge tone="yellow" value="invited">
            {t("admin.collaborators.status.invited")}
          </StatusBadge>
        ),
    },
    {
      id: "last_login",
      header: t("admin.collaborators.columns.last_login"),
      sortable: true,
      cell: (row) =>
        row.last_login_at ? (
          <time dateTime={row.last_login_at} className="whitespace-nowrap text-slate-700">
            {format.dateTime(row.last_login_at)}
          </time>
        ) : (
          <span className="text-slate-500">{t("admin.collaborators.never")}</span>
        ),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (row) => <CollaboratorActions collaborator={row} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.collaborators.title")}
        description={t("admin.collaborators.description", {
          organiser: session.organiser?.name ?? "",
        })}
        actions={
          roles && can("collaborators.collaborators.create") ? <InviteDialog roles={roles} /> : null
        }
      />
      <DataTable
        caption={t("admin.collaborators.title")}
        testId="collaborators-table"
        columns={columns}
        rows={loaderData.collaborators}
        rowKey={(row) => row.cuid}
        sort={loaderData.sort}
        toolbar={
          <>
            <SearchBox label={t("admin.collaborators.search")} />
            <TagFilter tags={loaderData.tags} />
            <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
              {t("admin.collaborators.count", { count: loaderData.collaborators.length })}
            </p>
          </>
        }
        empty={
          <EmptyState
            icon={UsersIcon}
            title={
              loaderData.searching
                ? t("admin.collaborators.empty_search")
                : t("admin.collaborators.empty")
            }
          />
        }
      />
    </>
  );
}
