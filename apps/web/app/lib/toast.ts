import type { TFunction } from "i18next";
import { toast } from "sonner";

/** Toast numbers of the spec (storefront §9, platform §9). */
export const TOAST_VISIBLE = 3;
export const TOAST_DURATION = 4000;
export const TOAST_SUCCESS_DURATION = 2000;
export const TOAST_FORM_ERROR_DURATION = 3000;
export const TOAST_POSITION = "bottom-right" as const;
/**
 * The console's forms end with their save button at the bottom right, where a bottom-right
 * toast would cover it: the console shows its toasts at the top right (docs/decisions/0037).
 */
export const CONSOLE_TOAST_POSITION = "top-right" as const;
/** sonner's own width; it is not configurable, kept here to document the spec's number. */
export const TOAST_WIDTH = 356;
export const TOAST_GAP = 14;
/**
 * The spec's swipe threshold. sonner 2 has a fixed internal threshold (45 px) and no option to
 * change it; the constant records the intended value for when it becomes configurable.
 */
export const TOAST_SWIPE_THRESHOLD = 20;

/** The translation of `forms.errors.{code}`, or the raw code when there is none. */
export function translateErrorCode(t: TFunction, code: string): string {
  return t(`forms.errors.${code}`, { defaultValue: code });
}

export function toastSuccess(message: string): void {
  toast.success(message, { duration: TOAST_SUCCESS_DURATION });
}

/** An API error code, translated as forms.errors.{code} with the raw code as fallback. */
export function toastError(code: string, t: TFunction): void {
  toast.error(translateErrorCode(t, code), { duration: TOAST_DURATION });
}

/** An error that stopped a form submission (already translated). */
export function toastFormError(message: string): void {
  toast.error(message, { duration: TOAST_FORM_ERROR_DURATION });
}

/**
 * A toast that follows a task (platform-and-account.md §8): a loading toast that stays until the
 * task ends, then turns into its success message — by default the "updated" message — or goes
 * away on failure (the caller shows the error on the form or as its own toast). Resolves or
 * rejects as the task does.
 */
export async function toastPromise<T>(
  task: Promise<T>,
  t: TFunction,
  success?: string,
): Promise<T> {
  const id = toast.loading(t("forms.messages.loading"), { duration: Number.POSITIVE_INFINITY });
  try {
    const value = await task;
    toast.success(success ?? t("forms.messages.updated"), {
      id,
      duration: TOAST_SUCCESS_DURATION,
    });
    return value;
  } catch (error) {
    toast.dismiss(id);
    throw error;
  }
}
