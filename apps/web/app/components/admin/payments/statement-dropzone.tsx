import type { BankStatementImportResponse } from "@booking/contracts";
import { BANK_STATEMENT_MAX_BYTES } from "@booking/contracts";
import { clsx } from "clsx";
import { type DragEvent, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { loginHref } from "../../../lib/admin/paths";
import { paymentsApi, StatementUploadError } from "../../../lib/admin/payments-api";
import { ApiRequestError } from "../../../lib/api";
import { toastSuccess, translateErrorCode } from "../../../lib/toast";
import { AlertIcon, FileIcon } from "../../icons";
import { Spinner } from "../../ui/spinner";

/**
 * The statement upload: a file dropped on the zone or chosen with its button (keyboard and
 * phones), sent at once. A refused file says why, with the parser's own words (the line or
 * element at fault) for the organiser to show their bank.
 */
export function StatementDropzone({
  onImported,
}: {
  onImported: (result: BankStatementImportResponse) => void;
}) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail: string | null } | null>(null);

  async function send(file: File) {
    if (pending) return;
    setProblem(null);
    if (file.size > BANK_STATEMENT_MAX_BYTES) {
      setProblem({ message: translateErrorCode(t, "PAYLOAD_TOO_LARGE"), detail: null });
      return;
    }
    setPending(file.name);
    try {
      const result = await paymentsApi.uploadStatement(file);
      toastSuccess(
        t("admin.payments.import.done", { imported: result.imported, matched: result.matched }),
      );
      onImported(result);
      await revalidate();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "UNAUTHENTICATED") {
        window.location.assign(loginHref(window.location.pathname));
        return;
      }
      setProblem({
        message: translateErrorCode(
          t,
          error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR",
        ),
        detail: error instanceof StatementUploadError ? error.detail : null,
      });
    } finally {
      setPending(null);
      if (input.current) input.current.value = "";
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  }

  return (
    <div className="flex flex-col gap-3">
      {/* Dropping is a shortcut: the file button inside does the same from a keyboard. */}
      <section
        aria-label={t("admin.payments.import.drop")}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={clsx(
          "flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors",
          dragging ? "border-accent bg-accent/5" : "border-slate-300 bg-white",
        )}
        data-testid="statement-dropzone"
      >
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600"
        >
          {pending ? <Spinner /> : <FileIcon className="size-6" />}
        </span>
        {pending ? (
          <p role="status" className="text-sm font-medium text-slate-800">
            {t("admin.payments.import.sending", { name: pending })}
          </p>
        ) : (
          <>
            <p className="text-base font-semibold text-slate-950">
              {t("admin.payments.import.drop")}
            </p>
            <p className="max-w-md text-sm text-pretty text-slate-600">
              {t("admin.payments.import.formats")}
            </p>
            <label
              htmlFor={id}
              className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:brightness-95"
            >
              {t("admin.payments.import.choose")}
              <input
                ref={input}
                id={id}
                type="file"
                accept=".xml,.cod,.coda,.txt,.bc2,application/xml,text/xml,text/plain"
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void send(file);
                }}
                data-testid="statement-file"
              />
            </label>
          </>
        )}
      </section>
      {problem ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200"
          data-testid="import-error"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{problem.message}</p>
            {problem.detail ? <p className="mt-1 font-mono text-xs">{problem.detail}</p> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
