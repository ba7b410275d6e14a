import type { BankStatementLineView } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { formatMoney } from "@booking/domain/money";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { paymentsApi } from "../../../lib/admin/payments-api";
import { Button } from "../../ui/button";
import { DataTable, type DataTableColumn } from "../data-table";
import { StatusBadge } from "../status-badge";
import { MatchDialog } from "./match-dialog";
import { useExactMoney } from "./statement-checks";

const STATUS_TONES: Record<BankStatementLineView["status"], StatusTone> = {
  MATCHED: "green",
  UNMATCHED: "yellow",
  IGNORED: "grey",
};

/** What may be done with a line: match it or ignore it; undo a match or an ignore. */
function LineActions({ line }: { line: BankStatementLineView }) {
  const { t } = useTranslation();
  const ignore = useAdminMutation(() => paymentsApi.ignoreLine(line.cuid), {
    success: t("admin.payments.lines.ignored"),
  });
  const undo = useAdminMutation(() => paymentsApi.undoLine(line.cuid), {
    success: t("admin.payments.lines.undone"),
  });
  if (line.status !== "UNMATCHED") {
    return (
      <Button
        variant="ghost"
        size="sm"
        disabled={undo.pending}
        onClick={() => undo.mutate()}
        data-testid="undo-line"
      >
        {t(
          line.status === "MATCHED"
            ? "admin.payments.lines.undo_match"
            : "admin.payments.lines.undo_ignore",
        )}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap gap-1 md:flex-col md:items-end">
      {line.amount > 0 ? <MatchDialog line={line} /> : null}
      <Button
        variant="ghost"
        size="sm"
        disabled={ignore.pending}
        onClick={() => ignore.mutate()}
        data-testid="ignore-line"
      >
        {t("admin.payments.lines.ignore")}
      </Button>
    </div>
  );
}

/**
 * Statement lines as a table: the day, who paid (or was paid), the communication and its
 * structured reference, the amount (debits in red), the status with why a line is unmatched or
 * which cart it paid, and the actions of a collaborator who may update statements.
 */
export function StatementLines({
  lines,
  caption,
  empty,
  toolbar,
  paging,
  showStatement = false,
  actions = true,
}: {
  lines: readonly BankStatementLineView[];
  caption: string;
  empty: ReactNode;
  toolbar?: ReactNode;
  paging?: { count: number; pageNumber: number; pageSize: number };
  showStatement?: boolean;
  /** false: the lines as they were (an import's result), without actions */
  actions?: boolean;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const exactMoney = useExactMoney();
  const columns: DataTableColumn<BankStatementLineView>[] = [
    {
      id: "date",
      header: t("admin.payments.lines.columns.date"),
      // The statement a line comes from sits under its day, so that the table fits beside the
      // console's sidebar with its actions.
      cell: (line) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">{format.date(line.booking_date)}</span>
          {showStatement ? (
            <Link
              to={`/admin/payments/statements/${line.statement.cuid}`}
              title={line.statement.file_name}
              aria-label={t("admin.payments.lines.statement_link", {
                file: line.statement.file_name,
              })}
              className="block max-w-40 truncate text-xs text-accent-ink underline-offset-4 hover:underline"
            >
              {line.statement.file_name}
            </Link>
          ) : null}
        </span>
      ),
    },
    {
      id: "counterparty",
      header: t("admin.payments.lines.columns.counterparty"),
      cell: (line) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-950">
            {line.counterparty_name ?? t("admin.payments.lines.unknown_payer")}
          </span>
          {line.counterparty_iban ? (
            <span className="font-mono text-xs text-slate-500">{line.counterparty_iban}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "communication",
      header: t("admin.payments.lines.columns.communication"),
      className: "md:max-w-56",
      cell: (line) => (
        <span className="flex flex-col break-words">
          {line.structured_reference ? (
            <span className="font-mono text-xs text-slate-950">{line.structured_reference}</span>
          ) : null}
          {line.communication ? <span className="text-slate-600">{line.communication}</span> : null}
        </span>
      ),
    },
    {
      id: "amount",
      header: t("admin.payments.lines.columns.amount"),
      align: "end",
      cell: (line) => (
        <span
          className={clsx(
            "font-semibold whitespace-nowrap tabular-nums",
            line.amount < 0 ? "text-red-800" : "text-slate-950",
          )}
          data-testid="line-amount"
        >
          {line.exact_amount === null
            ? formatMoney(line.amount, line.currency, format.locale)
            : exactMoney(line.exact_amount, line.currency)}
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.payments.lines.columns.status"),
      className: "md:min-w-44",
      cell: (line) => (
        <span className="flex flex-col items-end gap-1 md:items-start" data-testid="line-status">
          {line.review !== null && line.status === "UNMATCHED" ? (
            <StatusBadge tone="red" value="REVIEW">
              {t("admin.payments.lines.review.badge")}
            </StatusBadge>
          ) : (
            <StatusBadge tone={STATUS_TONES[line.status]} value={line.status}>
              {t(`admin.payments.lines.statuses.${line.status}`)}
            </StatusBadge>
          )}
          {line.review !== null ? (
            <span className="text-xs text-slate-600" data-testid="line-review">
              {t(`admin.payments.lines.review.${line.review}`, {
                amount:
                  line.exact_amount === null ? "" : exactMoney(line.exact_amount, line.currency),
                position: line.position ?? "",
              })}
            </span>
          ) : null}
          {line.transfer ? (
            <span className="text-xs text-slate-600">
              <span
                className={line.transfer.target.type === "CART" ? "font-mono" : undefined}
                data-testid="line-target"
              >
                {line.transfer.target.type === "CART"
                  ? line.transfer.target.reference
                  : t(`admin.payments.lines.target.${line.transfer.target.type}`, {
                      reference: line.transfer.target.reference,
                    })}
              </span>{" "}
              · {line.transfer.customer.firstname} {line.transfer.customer.lastname}
              {line.transfer.wallet_credit > 0
                ? ` · ${t("admin.payments.lines.wallet_credit", { amount: format.money(line.transfer.wallet_credit) })}`
                : ""}
            </span>
          ) : null}
          {line.reason ? (
            <span className="text-xs text-slate-600">
              {t(`admin.payments.lines.reasons.${line.reason}`)}
            </span>
          ) : null}
        </span>
      ),
    },
    ...(actions && can("bank.statements.update")
      ? [
          {
            id: "actions",
            header: t("admin.payments.lines.columns.actions"),
            hideHeader: true,
            align: "end" as const,
            cell: (line: BankStatementLineView) => <LineActions line={line} />,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      caption={caption}
      testId="statement-lines"
      columns={columns}
      rows={lines}
      rowKey={(line) => line.cuid}
      toolbar={toolbar}
      paging={paging}
      empty={empty}
    />
  );
}
