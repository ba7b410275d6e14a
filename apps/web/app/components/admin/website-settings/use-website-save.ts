import { type WebsiteSettingsBody, websiteSettingsBody } from "@booking/contracts";
import { useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { websiteSettingsApi } from "../../../lib/admin/website-settings-api";
import { toastFormError, translateErrorCode } from "../../../lib/toast";

/** Field error codes by their path in the PATCH body ("topbar.email", "navigation.0.href"). */
export type FieldErrors = Record<string, string>;

/**
 * Saves some parts of the website settings: checked first with the contract's schema (the
 * errors show at once, nothing is sent), then sent; the server's field errors land in the same
 * map. `errors[path]` is the code of the field at that path of the body.
 */
export function useWebsiteSave() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const setError = ((name: string, error: { message?: string }) =>
    setErrors((current) => ({
      ...current,
      [name]: error.message ?? "INVALID_FORMAT",
    }))) as unknown as UseFormSetError<FieldValues>;
  const { mutate, pending } = useAdminMutation(websiteSettingsApi.update, {
    success: t("admin.website_settings.saved"),
    form: { setError, resolveField: (path) => path },
  });

  async function save(body: WebsiteSettingsBody): Promise<boolean> {
    const parsed = websiteSettingsBody.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]),
        ),
      );
      toastFormError(translateErrorCode(t, "VALIDATION_ERROR"));
      return false;
    }
    setErrors({});
    return (await mutate(parsed.data)).ok;
  }

  return { save, errors, pending };
}
