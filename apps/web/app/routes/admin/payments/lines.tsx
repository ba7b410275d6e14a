import {
  BANK_STATEMENT_LINE_STATUSES,
  type BankStatementLineView,
  type ListEnvelope,
} from "@booking/contracts";
import { readListPage } from "../../../components/account/paging";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { StatementLines } from "../../../components/admin/payments/statement-lines";
import { CheckCircleIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/lines";

/**
 * The lines of every statement, the unmatched ones by default (what is left to do): `status`
 * "all" shows them all, `q` searches the payer, the communication and the reference.
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "bank.statements.read");
  const url = new URL(args.request.url);
  const chosen = url.searchParams.get("status");
  const status =
    chosen === "all"
      ? undefined
      : (BANK_STATEMENT_LINE_STATUSES.find((value) => value === chosen) ?? "UNMATCHED");
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const page = await readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<BankStatementLineView>>(
      args,
      withQuery("/api/admin/bank-statement-lines", { ...paging, status, q }),
    ),
  );
  return { ...page, status: status ?? "all", searching: q !== undefined };
}

export default function Lines({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StatementLines
      caption={t("admin.payments.tabs.lines")}
      lines={loaderData.data}
      paging={loaderData.paging}
      showStatement
      toolbar={
        <>
          <SearchBox label={t("admin.payments.lines.search")} param="q" />
          <FilterSelect
            label={t("admin.payments.lines.filter")}
            param="status"
            allLabel={t("admin.payments.lines.statuses.UNMATCHED")}
            options={[
              ...BANK_STATEMENT_LINE_STATUSES.filter((status) => status !== "UNMATCHED").map(
                (status) => ({
                  value: status,
                  label: t(`admin.payments.lines.statuses.${status}`),
                }),
              ),
              { value: "all", label: t("admin.payments.lines.all") },
            ]}
          />
        </>
      }
      empty={
        <EmptyState
          icon={CheckCircleIcon}
          title={t(
            loaderData.status === "UNMATCHED" && !loaderData.searching
              ? "admin.payments.lines.empty_unmatched"
              : "admin.payments.lines.empty",
          )}
        />
      }
    />
  );
}
