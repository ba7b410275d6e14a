import type { BankStatementImportResponse } from "@booking/contracts";
import { useState } from "react";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { StatementChecks } from "../../../components/admin/payments/statement-checks";
import { StatementDropzone } from "../../../components/admin/payments/statement-dropzone";
import { StatementLines } from "../../../components/admin/payments/statement-lines";
import { AlertIcon, FileIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/import";

export function loader(args: Route.LoaderArgs) {
  requirePermission(args, "bank.statements.create");
  return null;
}

/** What an import did: the counts, a warning about the account, then the new lines. */
function ImportResult({ result }: { result: BankStatementImportResponse }) {
  const { t } = useTranslation();
  const figures = [
    { key: "imported", value: result.imported, tone: "text-slate-950" },
    { key: "matched", value: result.matched, tone: "text-emerald-800" },
    { key: "unmatched", value: result.unmatched, tone: "text-amber-800" },
    { key: "review", value: result.review, tone: "text-amber-800" },
    { key: "duplicates", value: result.duplicates, tone: "text-slate-600" },
  ];
  return (
    <section
      aria-labelledby="import-result"
      className="flex flex-col gap-4"
      data-testid="import-result"
    >
      <h2 id="import-result" className="text-lg font-semibold text-slate-950">
        {t("admin.payments.import.result")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map((figure) => (
          <div
            key={figure.key}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
          >
            <dt className="text-xs font-medium text-slate-600">
              {t(`admin.payments.import.counts.${figure.key}`)}
            </dt>
            <dd
              className={`mt-1 text-2xl font-bold tabular-nums ${figure.tone}`}
              data-testid={`import-${figure.key}`}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {result.account_warning ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("admin.payments.import.account_warning", {
            file: result.account_warning.file_iban ?? "—",
            organiser: result.account_warning.organiser_iban ?? "—",
          })}
        </p>
      ) : null}
      {result.statements.map((statement) => (
        <StatementChecks key={statement.cuid} statement={statement} />
      ))}
      {result.imported === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.payments.import.nothing_new")}</p>
      ) : (
        <StatementLines
          caption={t("admin.payments.import.result")}
          lines={result.lines}
          actions={false}
          empty={<EmptyState icon={FileIcon} title={t("admin.payments.lines.empty")} />}
        />
      )}
      {result.unmatched > 0 ? (
        <div>
          <ButtonLink to="/admin/payments/lines" variant="secondary">
            {t("admin.payments.import.to_unmatched")}
          </ButtonLink>
        </div>
      ) : null}
    </section>
  );
}

export default function ImportStatement() {
  const { t } = useTranslation();
  const [result, setResult] = useState<BankStatementImportResponse | null>(null);
  return (
    <>
      <PageHeader
        title={t("admin.payments.import.title")}
        description={t("admin.payments.import.description")}
        back={{ to: "/admin/payments/statements", label: t("admin.payments.tabs.statements") }}
      />
      <StatementDropzone onImported={setResult} />
      {result ? <ImportResult result={result} /> : null}
    </>
  );
}
