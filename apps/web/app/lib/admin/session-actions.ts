import type { AdminSessionResponse } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError } from "../api";
import { toastFormError, translateErrorCode } from "../toast";
import { adminApi } from "./api";
import { CONSOLE_LOGIN } from "./paths";

/**
 * The session's own actions. Both load a whole new page rather than revalidating: the language,
 * the permissions and every page's data belong to the session, and none of the page shown before
 * may stay on screen (an impersonation ended, another organiser's record).
 */
export function useSessionActions() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<string>) {
    if (pending) return;
    setPending(true);
    try {
      window.location.assign(await action());
    } catch (error) {
      toastFormError(
        translateErrorCode(t, error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR"),
      );
      setPending(false);
    }
  }

  return {
    pending,
    /** Ends the session (an impersonation too) and shows the log-in page, or `next`. */
    logout: (next = CONSOLE_LOGIN) =>
      run(async () => {
        await adminApi.logout();
        return next;
      }),
    /** Shows another organiser; `target` picks the page to open from the new session. */
    switchOrganiser: (organiser: string, target: (session: AdminSessionResponse) => string) =>
      run(async () => target(await adminApi.switchOrganiser(organiser))),
  };
}
