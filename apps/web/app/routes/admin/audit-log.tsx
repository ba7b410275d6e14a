import type { AuditLogView, CollaboratorView, ListEnvelope } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../components/account/paging";
import { AuditDetail } from "../../components/admin/audit-log/audit-detail";
import { DataTable, type DataTableColumn } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterSelect } from "../../components/admin/list-controls";
import { PageHeader } from "../../components/admin/page-header";
import { HistoryIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { useConsoleFormatters } from "../../lib/admin/console";
import { adminGet, requireConsole } from "../../lib/admin/loaders";
import { withQuery } from "../../lib/admin/paths";
import { fullName } from "../../lib/admin/people";
import { hasPermission } from "../../lib/admin/permissions";
import type { Route } from "./+types/audit-log";

/**
 * The entities the filter offers (admin.audit.entities.* names them): the console's pages add
 * theirs here as they start writing to the audit log.
 */
const AUDIT_ENTITIES = [
  "collaborator",
  "collaborator_role",
  "customer",
  "customer_note",
  "participant",
  "payment",
  "bank_transfer",
  "bank_statement",
  "bank_statement_line",
  "registration",
  "waiting_list_entry",
  "availability_date",
  "availability",
  "bundle",
  "membership",
  "voucher",
  "coupon",
  "customer_bundle",
  "customer_voucher",
  "customer_membership",
  "review",
] as const;

const AUDIT_LOG_PATH = "/admin/audit-log";

/** A filter value of the URL as the API bounds it (longer ones are ignored, not refused). */
function filterParam(url: URL, name: string, max: number): string | undefined {
  const value = url.searchParams.get(name)?.trim();
  return value && value.length <= max ? value : undefined;
}

/**
 * One page of the audit log, newest first, filtered by the URL's entity (and entity_id, from a
 * record's page) and collaborator; the collaborators for that filter when they may be read.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requireConsole(args);
  const url = new URL(args.request.url);
  const filters = {
    entity: filterParam(url, "entity", 60),
    entity_id: filterParam(url, "entity_id", 40),
    collaborator: filterParam(url, "collaborator", 40),
  };
  const [page, collaborators] = await Promise.all([
    readListPage(args.request, (paging) =>
      adminGet<ListEnvelope<AuditLogView>>(
        args,
        withQuery("/api/admin/audit-logs", { ...paging, ...filters }),
      ),
    ),
    hasPermission(session, "collaborators.collaborators.read")
      ? adminGet<{ data: CollaboratorView[] }>(args, "/api/admin/collaborators")
      : null,
  ]);
  return {
    ...page,
    filtered: Object.values(filters).some(Boolean),
    collaborators: (collaborators?.data ?? []).map((item) => ({
      value: item.cuid,
      label: fullName(item),
    })),
  };
}

/** "role.updated" → its last word, the verb (admin.audit.actions.*), or the raw action. */
function useActionLabel() {
  const { t } = useTranslation();
  return (action: string) => {
    const verb = action.split(".").pop() ?? action;
    return t(`admin.audit.actions.${verb}`, { defaultValue: action });
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const actionLabel = useActionLabel();
  const entityLabel = (entity: string) =>
    t(`admin.audit.entities.${entity}`, { defaultValue: entity });

  const columns: DataTableColumn<AuditLogView>[] = [
    {
      id: "date",
      header: t("admin.audit.columns.date"),
      cell: (entry) => (
        <time dateTime={entry.created_at} className="whitespace-nowrap text-slate-700">
          {format.dateTime(entry.created_at)}
        </time>
      ),
    },
    {
      id: "collaborator",
      header: t("admin.audit.columns.collaborator"),
      cell: (entry) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-950">
            {entry.collaborator ? fullName(entry.collaborator) : t("admin.audit.system")}
          </span>
          {entry.impersonator ? (
            <span className="text-xs text-amber-800">
              {t("admin.audit.impersonated_by", { name: fullName(entry.impersonator) })}
            </span>
          ) : null}
          {entry.operator ? (
            <span className="text-xs text-amber-800">
              {t("admin.audit.operator_by", { name: entry.operator.name })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "action",
      header: t("admin.audit.columns.action"),
      cell: (entry) => actionLabel(entry.action),
    },
    {
      id: "entity",
      header: t("admin.audit.columns.entity"),
      cell: (entry) => (
        <span className="flex flex-col">
          <span>{entityLabel(entry.entity)}</span>
          {entryName(entry) ? (
            <span className="font-medium break-words text-slate-950">{entryName(entry)}</span>
          ) : null}
          {entry.entity_id ? (
            <code className="text-xs break-all text-slate-500">{entry.entity_id}</code>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t("admin.audit.title")} description={t("admin.audit.description")} />
      <DataTable
        caption={t("admin.audit.title")}
        testId="audit-log-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(entry) => entry.cuid}
        paging={loaderData.paging}
        renderDetail={(entry) => <AuditDetail entry={entry} />}
        detailLabel={(entry) =>
          t("admin.audit.show_changes", {
            action: actionLabel(entry.action),
            date: format.dateTime(entry.created_at),
          })
        }
        toolbar={
          <>
            <FilterSelect
              label={t("admin.audit.filters.entity")}
              param="entity"
              allLabel={t("admin.audit.filters.all_entities")}
              options={AUDIT_ENTITIES.map((entity) => ({
                value: entity,
                label: entityLabel(entity),
              }))}
            />
            {loaderData.collaborators.length > 0 ? (
              <FilterSelect
                label={t("admin.audit.filters.collaborator")}
                param="collaborator"
                allLabel={t("admin.audit.filters.all_collaborators")}
                options={loaderData.collaborators}
              />
            ) : null}
            {loaderData.filtered ? (
              <Link
                to={AUDIT_LOG_PATH}
                className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
              >
                {t("admin.audit.filters.reset")}
              </Link>
            ) : null}
          </>
        }
        empty={
          <EmptyState
            icon={HistoryIcon}
            title={t(loaderData.filtered ? "admin.audit.empty_filtered" : "admin.audit.empty")}
          />
        }
      />
    </>
  );
}

/** What a person recognises the changed thing by: its name, title or e-mail, after or before. */
function entryName(entry: AuditLogView): string | null {
  for (const state of [entry.after, entry.before]) {
    for (const key of ["name", "title", "email"]) {
      const value = state?.[key];
      if (typeof value === "string" && value.length > 0) return value;
    }
  }
  return null;
}
