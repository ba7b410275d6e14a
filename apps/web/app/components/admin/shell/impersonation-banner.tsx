import type { AdminSessionResponse } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { PLATFORM_HOME } from "../../../lib/admin/paths";
import { fullName } from "../../../lib/admin/people";
import { useSessionActions } from "../../../lib/admin/session-actions";
import { AlertIcon } from "../../icons";
import { Spinner } from "../../ui/spinner";

/**
 * Marks a console opened as another collaborator (collaborators.impersonate), or as the owner by
 * a platform operator (decision 0040), above every page, with the way out: logging out ends the
 * impersonation (the operator goes back to the platform area).
 */
export function ImpersonationBanner({ session }: { session: AdminSessionResponse }) {
  const { t } = useTranslation();
  const { logout, pending } = useSessionActions();
  const operator = session.operator_impersonator;
  if (!session.impersonator && !operator) return null;
  const names = {
    name: fullName(session.collaborator),
    email: session.collaborator.email,
    impersonator: operator ? operator.name : fullName(session.impersonator!),
  };
  return (
    <section
      aria-label={t("admin.impersonation.label")}
      className="flex flex-col items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-center text-sm text-amber-950 sm:flex-row sm:gap-4"
      data-testid="impersonation-banner"
    >
      <p role="status" className="flex items-center gap-2 font-medium">
        <AlertIcon className="size-4 shrink-0" />
        <span>
          {t(
            operator ? "admin.impersonation.operator_notice" : "admin.impersonation.notice",
            names,
          )}
        </span>
      </p>
      <button
        type="button"
        onClick={() => void logout(operator ? PLATFORM_HOME : undefined)}
        disabled={pending}
        className="inline-flex min-h-9 items-center gap-2 rounded-lg bg-amber-950 px-3 font-semibold text-white hover:bg-amber-900 disabled:opacity-70"
      >
        {pending ? <Spinner /> : null}
        {t("admin.impersonation.stop")}
      </button>
    </section>
  );
}
