import type { ImportCheck, ImportDetail } from "@booking/contracts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { importsApi } from "../../../lib/admin/imports-api";
import { ApiRequestError } from "../../../lib/api";
import { useLanguage } from "../../../lib/root-data";
import { toastError, toastSuccess } from "../../../lib/toast";
import { AlertIcon, CheckCircleIcon } from "../../icons";
import { Button } from "../../ui/button";
import { ImportSummary } from "./import-summary";
import { targetLabel } from "./target-label";

/** What the mapping lacks: required fields no column fills, columns sharing a field. */
function MappingProblems({ detail, check }: { detail: ImportDetail; check: ImportCheck }) {
  const { t } = useTranslation();
  const problems = check.mapping_problems!;
  const labelOf = (key: string) => {
    const target = detail.targets.find((candidate) => candidate.key === key);
    return target ? targetLabel(t, target) : key;
  };
  return (
    <div
      role="alert"
      className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <p className="font-semibold">{t("admin.imports.check.mapping_incomplete")}</p>
      <ul className="mt-2 list-disc pl-5">
        {problems.missing.map((key) => (
          <li key={key}>{t("admin.imports.check.missing", { field: labelOf(key) })}</li>
        ))}
        {[...problems.duplicate, ...problems.unknown].map((index) => (
          <li key={index}>
            {t("admin.imports.check.duplicate", { column: detail.headers[index] ?? "" })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The rows' errors, line by line, with the full list as a CSV to fix the file. */
function RowErrors({ detail, check }: { detail: ImportDetail; check: ImportCheck }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-3" data-testid="import-errors">
      <p
        role="alert"
        className="flex items-start gap-2 rounded-xl bg-red-50 p-4 text-sm font-semibold text-red-900 ring-1 ring-red-200"
      >
        <AlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t("admin.imports.check.errors", { count: check.error_count })}
      </p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("admin.imports.check.errors_caption")}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("admin.imports.check.line")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("admin.imports.check.column")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("admin.imports.check.problem")}
              </th>
            </tr>
          </thead>
          <tbody>
            {check.errors.map((error, index) => (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: a line may hold several errors
                key={index}
                className="border-t border-slate-100"
                data-testid="import-error-row"
              >
                <td className="px-3 py-2 tabular-nums">{error.line}</td>
                <td className="px-3 py-2 break-words">{error.column ?? "—"}</td>
                <td className="px-3 py-2">{t(`admin.imports.codes.${error.code}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <a
        href={importsApi.errorsHref(detail.cuid, language)}
        download
        className="self-start text-sm font-semibold text-accent-ink underline underline-offset-4"
        data-testid="import-errors-download"
      >
        {t("admin.imports.check.download")}
      </a>
    </div>
  );
}

/** The check of every row, the dry run's counts and the import button. */
export function CheckPanel({ detail, check }: { detail: ImportDetail; check: ImportCheck }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [confirmations, setConfirmations] = useState(false);
  const [fullLine, setFullLine] = useState<number | null>(null);

  async function commit() {
    setPending(true);
    setFullLine(null);
    try {
      await importsApi.commit(detail.cuid, confirmations);
      toastSuccess(t("admin.imports.commit.done"));
      await revalidate();
    } catch (error) {
      const line = error instanceof ApiRequestError ? error.details.line : undefined;
      // A place taken while the file was imported: the whole file waits, its line named.
      if (
        error instanceof ApiRequestError &&
        error.code === "AVAILABILITY_FULL" &&
        typeof line === "number"
      ) {
        setFullLine(line);
      } else toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="import-check" className="flex flex-col gap-3">
      <h2 id="import-check" className="text-lg font-semibold text-slate-950">
        {t("admin.imports.check.title", { count: check.row_count })}
      </h2>
      {check.mapping_problems ? <MappingProblems detail={detail} check={check} /> : null}
      {check.error_count > 0 ? <RowErrors detail={detail} check={check} /> : null}
      {check.summary ? (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-900">
            <CheckCircleIcon className="size-4" aria-hidden="true" />
            {t("admin.imports.check.valid")}
          </p>
          <ImportSummary summary={check.summary} done={false} />
          {detail.kind === "REGISTRATIONS" ? (
            <label className="flex min-h-11 items-start gap-3 text-sm">
              <input
                type="checkbox"
                checked={confirmations}
                onChange={(event) => setConfirmations(event.target.checked)}
                className="mt-1"
                data-testid="import-send-confirmations"
              />
              <span>
                <span className="block font-semibold text-slate-950">
                  {t("admin.imports.commit.send_confirmations")}
                </span>
                <span className="block text-slate-600">
                  {t("admin.imports.commit.send_confirmations_help")}
                </span>
              </span>
            </label>
          ) : null}
          {fullLine !== null ? (
            <p
              role="alert"
              className="rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200"
            >
              {t("admin.imports.commit.full_line", { line: fullLine })}
            </p>
          ) : null}
          <div>
            <Button onClick={() => void commit()} disabled={pending} data-testid="import-commit">
              {t("admin.imports.commit.button")}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
