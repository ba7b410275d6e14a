import type { BankStatementView, ListEnvelope } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { BalanceCheckBadge } from "../../../components/admin/payments/statement-checks";
import { StatusBadge } from "../../../components/admin/status-badge";
import { FileIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { fullName } from "../../../lib/admin/people";
import type { Route } from "./+types/statements";

/** The imported bank statements, newest first, with how many of their lines are matched. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "bank.statements.read");
  return readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<BankStatementView>>(
      args,
      withQuery("/api/admin/bank-statements", paging),
    ),
  );
}

export default function Statements({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<BankStatementView>[] = [
    {
      id: "file",
      header: t("admin.payments.statements.columns.file"),
      cell: (statement) => (
        <span className="flex flex-col">
          <Link
            to={`/admin/payments/statements/${statement.cuid}`}
            className="font-medium text-accent-ink underline-offset-4 hover:underline"
          >
            {statement.file_name}
          </Link>
          <span className="text-xs text-slate-500">
            {statement.format === "CAMT053" ? "CAMT.053" : "CODA"}
            {statement.statement_key
              ? ` · ${statement.statement_key}`
              : statement.statement_id
                ? ` · ${statement.statement_id}`
                : ""}
          </span>
          <span className="mt-1 flex flex-wrap gap-1">
            <BalanceCheckBadge statement={statement} />
            {statement.warnings.length > 0 ? (
              <StatusBadge tone="yellow">
                {t("admin.payments.statements.warnings", { count: statement.warnings.length })}
              </StatusBadge>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      id: "account",
      header: t("admin.payments.statements.columns.account"),
      cell: (statement) => (
        <span className="font-mono text-xs">{statement.account_iban ?? "—"}</span>
      ),
    },
    {
      id: "imported",
      header: t("admin.payments.statements.columns.imported"),
      cell: (statement) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">{format.dateTime(statement.created_at)}</span>
          {statement.imported_by ? (
            <span className="text-xs text-slate-500">{fullName(statement.imported_by)}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "lines",
      header: t("admin.payments.statements.columns.lines"),
      cell: (statement) => (
        <span className="flex flex-wrap justify-end gap-1 md:justify-start">
          <StatusBadge tone="green">
            {t("admin.payments.statements.matched", { count: statement.counts.matched })}
          </StatusBadge>
          {statement.counts.unmatched > 0 ? (
            <StatusBadge tone="yellow">
              {t("admin.payments.statements.unmatched", { count: statement.counts.unmatched })}
            </StatusBadge>
          ) : null}
          {statement.counts.ignored > 0 ? (
            <StatusBadge tone="grey">
              {t("admin.payments.statements.ignored", { count: statement.counts.ignored })}
            </StatusBadge>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t("admin.payments.tabs.statements")}
      testId="statements-table"
      columns={columns}
      rows={loaderData.data}
      rowKey={(statement) => statement.cuid}
      paging={loaderData.paging}
      empty={
        <EmptyState
          icon={FileIcon}
          title={t("admin.payments.statements.empty")}
          body={t("admin.payments.statements.empty_body")}
          action={
            can("bank.statements.create") ? (
              <ButtonLink to="/admin/payments/import">{t("admin.payments.import.open")}</ButtonLink>
            ) : undefined
          }
        />
      }
    />
  );
}
