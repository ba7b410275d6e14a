import type { AdminSessionResponse } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { LockIcon } from "../../icons";

/**
 * Says above every page that a platform operator suspended the organiser: the console only reads
 * (every change answers ORGANISER_SUSPENDED) and the site shows "temporarily unavailable".
 */
export function SuspendedBanner({ session }: { session: AdminSessionResponse }) {
  const { t } = useTranslation();
  if (session.organiser?.status !== "SUSPENDED") return null;
  return (
    <section
      aria-label={t("admin.suspended.label")}
      className="flex items-center justify-center gap-2 bg-red-700 px-4 py-2 text-center text-sm font-medium text-white"
      data-testid="suspended-banner"
    >
      <LockIcon className="size-4 shrink-0" />
      <p role="status">{t("admin.suspended.banner")}</p>
    </section>
  );
}
