import { useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { useTranslation } from "../i18n/react";
import { ApiRequestError, api } from "./api";
import { localizeHref, stripLanguage } from "./links";
import { useLanguage } from "./root-data";
import { toastFormError, toastSuccess, translateErrorCode } from "./toast";

/** POST /api/auth/logout, then revalidate; leaves the account area, which needs a customer. */
export function useLogout() {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useLanguage();
  const [pending, setPending] = useState(false);

  async function logout() {
    if (pending) return;
    setPending(true);
    try {
      await api.logout();
      if (stripLanguage(location.pathname).startsWith("/account")) {
        await navigate(localizeHref("/", language));
      }
      await revalidate();
      toastSuccess(t("layout.logout_success"));
    } catch (error) {
      toastFormError(
        translateErrorCode(t, error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR"),
      );
    } finally {
      setPending(false);
    }
  }

  return { logout, pending };
}
