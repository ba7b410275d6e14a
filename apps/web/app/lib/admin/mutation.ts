import { useCallback, useRef, useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError } from "../api";
import { useSubmitErrorHandler } from "../form-errors";
import { toastFormError, toastSuccess, translateErrorCode } from "../toast";
import { loginHref } from "./paths";

/** The form a mutation reports its field errors to (VALIDATION_ERROR, a conflict on a field). */
export interface FormBinding<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** the form field of an API field path, or null when the form has none */
  resolveField: (path: string) => Path<T> | null;
}

export type MutationOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface AdminMutationOptions<R, F extends FieldValues> {
  /** the toast of a success (already translated), or a function of the answer */
  success?: string | ((value: R) => string);
  /** re-run the page's loaders after a success (default true: the page shows the change) */
  revalidate?: boolean;
  form?: FormBinding<F>;
}

/**
 * One console write: sends it, then on success toasts and revalidates the loaders; on failure
 * an expired session goes to the log-in page (coming back here), field codes go onto the bound
 * form and anything else is a toast of forms.errors.{code}. Resolves with what happened, never
 * rejects, and ignores a second call while the first one runs (double clicks).
 */
export function useAdminMutation<A extends unknown[], R, F extends FieldValues = FieldValues>(
  send: (...args: A) => Promise<R>,
  options: AdminMutationOptions<R, F> = {},
) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const handleFormError = useSubmitErrorHandler();
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const latest = useRef({ send, options });
  latest.current = { send, options };

  const mutate = useCallback(
    async (...args: A): Promise<MutationOutcome<R>> => {
      if (running.current) return { ok: false, error: new Error("BUSY") };
      running.current = true;
      setPending(true);
      const { send: request, options: current } = latest.current;
      try {
        const value = await request(...args);
        if (current.success) {
          toastSuccess(
            typeof current.success === "function" ? current.success(value) : current.success,
          );
        }
        if (current.revalidate !== false) await revalidate();
        return { ok: true, value };
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === "UNAUTHENTICATED") {
          window.location.assign(loginHref(window.location.pathname + window.location.search));
        } else if (current.form) {
          handleFormError(error, current.form.setError, current.form.resolveField);
        } else {
          toastFormError(
            translateErrorCode(t, error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR"),
          );
        }
        return { ok: false, error };
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [handleFormError, revalidate, t],
  );

  return { mutate, pending };
}
