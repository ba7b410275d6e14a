import { type TFunction, type Translator, whenTranslated } from "../i18n/translator";

type Toast = typeof import("sonner").toast;

/** Toast numbers of the spec (storefront §9, platform §9). */
export const TOAST_VISIBLE = 3;
export const TOAST_DURATION = 4000;
export const TOAST_SUCCESS_DURATION = 2000;
export const TOAST_FORM_ERROR_DURATION = 3000;
export const TOAST_POSITION = "bottom-right" as const;
/**
 * The console's actions sit at the top right (page header: Publish, Save) and in sticky save bars
 * at the bottom (buttons at the right, the bar as wide as the page): its toasts are at the bottom
 * centre, above the height of a save bar, where they cover neither (docs/decisions/0037, 0070).
 */
export const CONSOLE_TOAST_POSITION = "bottom-center" as const;
/**
 * A save bar is 69 px high (12 px padding around a 44 px button, its border); the toasts keep
 * sonner's 16 px gap above it, on phones too (sonner's `offset` and `mobileOffset`).
 */
export const CONSOLE_TOAST_OFFSET = { bottom: "5.5rem" } as const;
/** sonner's own width; it is not configurable, kept here to document the spec's number. */
export const TOAST_WIDTH = 356;
export const TOAST_GAP = 14;
/**
 * The spec's swipe threshold. sonner 2 has a fixed internal threshold (45 px) and no option to
 * change it; the constant records the intended value for when it becomes configurable.
 */
export const TOAST_SWIPE_THRESHOLD = 20;

// sonner (its toaster and `toast`) is downloaded with the first toast (decision 0057): storefront
// visitors who never see one never download it. The toaster mounts then (components/toaster.tsx)
// and shows what was asked before it was there.
const requestListeners = new Set<() => void>();
let requested = false;

/** Whether a toast was asked for on this page (the storefront mounts its toaster then). */
export function toastRequested(): boolean {
  return requested;
}

export function onToastRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

// sonner's toaster drops the toasts published before it subscribed: a toast asked for while
// it is still downloading or mounting waits until it is there.
let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

/** Called once sonner's toaster is mounted and listening (components/toaster.tsx). */
export function markToasterMounted(): void {
  toasterMounted();
}

async function sonner(): Promise<Toast> {
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  const [{ toast }] = await Promise.all([import("sonner"), toasterReady]);
  return toast;
}

/** The translation of `forms.errors.{code}`, or the raw code when there is none. */
export function translateErrorCode(t: TFunction, code: string): string {
  return t(`forms.errors.${code}`, { defaultValue: code });
}

export function toastSuccess(message: string): void {
  void sonner().then((toast) => toast.success(message, { duration: TOAST_SUCCESS_DURATION }));
}

/** The success toast of a translation key, shown once its string is there (`whenTranslated`). */
export function toastSuccessOf(translator: Translator, key: string): void {
  void whenTranslated(translator, key).then(toastSuccess);
}

/** An API error code, translated as forms.errors.{code} with the raw code as fallback. */
export function toastError(code: string, t: TFunction): void {
  const message = translateErrorCode(t, code);
  void sonner().then((toast) => toast.error(message, { duration: TOAST_DURATION }));
}

/** An error that stopped a form submission (already translated). */
export function toastFormError(message: string): void {
  void sonner().then((toast) => toast.error(message, { duration: TOAST_FORM_ERROR_DURATION }));
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
  // The loading toast shows as soon as sonner is there; a toaster that cannot be downloaded
  // (offline) changes nothing to the task's outcome.
  const loading = sonner().then(
    (toast) => ({
      toast,
      id: toast.loading(t("forms.messages.loading"), { duration: Number.POSITIVE_INFINITY }),
    }),
    () => null,
  );
  try {
    const value = await task;
    const shown = await loading;
    shown?.toast.success(success ?? t("forms.messages.updated"), {
      id: shown.id,
      duration: TOAST_SUCCESS_DURATION,
    });
    return value;
  } catch (error) {
    const shown = await loading;
    shown?.toast.dismiss(shown.id);
    throw error;
  }
}
