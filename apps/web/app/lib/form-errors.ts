import { useCallback } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useTranslation } from "../i18n/react";
import { ApiRequestError } from "./api";
import { constraintRefusalText } from "./constraint-errors";
import { toastFormError, translateErrorCode } from "./toast";

/**
 * Turns a failed submission into feedback, as the spec's error catalogue says:
 * - field codes of an answer (VALIDATION_ERROR, or a conflict such as EMAIL_ALREADY_USED that
 *   names its field) go onto the matching form fields (forms.errors.{code});
 * - any other API code is a toast with forms.errors.{code}, falling back to the raw code;
 * - other errors show their message, or UNKNOWN_ERROR.
 *
 * `resolveField` maps an API field path (`email`, `participant.birthdate`, `custom_data.0.data`)
 * to a form field name, or null when the form has no such field.
 */
export function useSubmitErrorHandler() {
  const { t } = useTranslation();
  return useCallback(
    <T extends FieldValues>(
      error: unknown,
      setError: UseFormSetError<T>,
      resolveField: (path: string) => Path<T> | null,
    ) => {
      if (error instanceof ApiRequestError) {
        const entries = Object.entries(error.fields);
        if (entries.length > 0) {
          let unmatched = 0;
          let first = true;
          for (const [path, code] of entries) {
            const field = resolveField(path);
            if (field) {
              setError(field, { type: "server", message: code }, { shouldFocus: first });
              first = false;
            } else {
              unmatched += 1;
            }
          }
          if (unmatched > 0) toastFormError(translateErrorCode(t, error.code));
          return;
        }
        toastFormError(constraintRefusalText(error, t) ?? translateErrorCode(t, error.code));
        return;
      }
      if (error instanceof Error && error.message) {
        toastFormError(error.message);
        return;
      }
      toastFormError(translateErrorCode(t, "UNKNOWN_ERROR"));
    },
    [t],
  );
}

/** A resolver for forms whose field names are the API's own paths. */
export function sameNameFields<T extends FieldValues>(names: readonly Path<T>[]) {
  return (path: string): Path<T> | null =>
    (names as readonly string[]).includes(path) ? (path as Path<T>) : null;
}
