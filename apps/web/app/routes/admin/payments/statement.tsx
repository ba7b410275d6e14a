import type { BankStatementDetail } from "@booking/contracts";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { StatementChecks } from "../../../components/admin/payments/statement-checks";
import { StatementLines } from "../../../components/admin/payments/statement-lines";
import { FileIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/statement";

/** One imported statement with its lines in file order. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "bank.statements.read");
  return adminGet<BankStatementDetail>(
    args,
    `/api/admin/bank-statements/${encodeURIComponent(args.params.cuid)}`,
  );
}

export default function Statement({ loaderData: statement }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  return (
    <>
      <PageHeader
        title={statement.file_name}
        back={{ to: "/admin/payments/statements", label: t("admin.payments.tabs.statements") }}
        description={t("admin.payments.statements.detail", {
          format: statement.format === "CAMT053" ? "CAMT.053" : "CODA",
          account: statement.account_iban ?? "—",
          date: format.dateTime(statement.created_at),
        })}
      />
      <StatementChecks statement={statement} />
      <StatementLines
        caption={statement.file_name}
        lines={statement.lines}
        empty={<EmptyState icon={FileIcon} title={t("admin.payments.lines.empty")} />}
      />
    </>
  );
}
