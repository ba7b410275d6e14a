import { IMPORT_MAX_BYTES } from "@booking/contracts";
import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { importsApi } from "../../../lib/admin/imports-api";
import { loginHref } from "../../../lib/admin/paths";
import { ApiRequestError } from "../../../lib/api";
import { translateErrorCode } from "../../../lib/toast";
import { AlertIcon, FileIcon } from "../../icons";
import { Spinner } from "../../ui/spinner";

/**
 * The file of an import (CSV or XLSX), chosen with its button, sent at once; the wizard goes on
 * with the new import's columns. Used to start an import and to send a corrected file.
 */
export function ImportDropzone({ kind, label }: { kind: string; label: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(file: File) {
    if (pending) return;
    setProblem(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(translateErrorCode(t, "PAYLOAD_TOO_LARGE"));
      return;
    }
    setPending(file.name);
    try {
      const created = await importsApi.upload(kind, file);
      await navigate(`/admin/imports/${created.cuid}`);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "UNAUTHENTICATED") {
        window.location.assign(loginHref(window.location.pathname));
        return;
      }
      const code = error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR";
      const field = error instanceof ApiRequestError ? error.fields?.file : undefined;
      setProblem(
        translateErrorCode(t, field === "INVALID_CHARACTERS" ? "IMPORT_FILE_INVALID" : code),
      );
    } finally {
      setPending(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-8 text-center">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600"
        >
          {pending ? <Spinner /> : <FileIcon className="size-6" />}
        </span>
        {pending ? (
          <p role="status" className="text-sm font-medium text-slate-800">
            {t("admin.imports.upload.sending", { name: pending })}
          </p>
        ) : (
          <>
            <p className="max-w-md text-sm text-pretty text-slate-600">
              {t("admin.imports.upload.formats")}
            </p>
            <label
              htmlFor={id}
              className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:brightness-95"
            >
              {label}
              <input
                ref={input}
                id={id}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void send(file);
                }}
                data-testid="import-file"
              />
            </label>
          </>
        )}
      </div>
      {problem ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-red-50 p-4 text-sm font-semibold text-red-900 ring-1 ring-red-200"
          data-testid="import-upload-error"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {problem}
        </p>
      ) : null}
    </div>
  );
}
