import type { TFunction } from "i18next";
import { toast } from "sonner";

/** Toast numbers of the spec (storefront §9, platform §9). */
export const TOAST_VISIBLE = 3;
export const TOAST_DURATION = 4000;
export const TOAST_SUCCESS_DURATION = 2000;
export const TOAST_FORM_ERROR_DURATION = 3000;
export const TOAST_POSITION = "bottom-right" as const;
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
