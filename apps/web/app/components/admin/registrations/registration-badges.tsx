import type { AdminRegistrationListItem } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { StatusBadge } from "../status-badge";

/**
 * A registration's state in the console's lists: cancelled (red), or its payment — outstanding
 * (yellow), settled (green), free (grey) — and a blue "bundle" when a bundle paid for it.
 */
export function RegistrationBadges({
  registration,
}: {
  registration: Pick<AdminRegistrationListItem, "cancelled" | "payment_state" | "bundle">;
}) {
  const { t } = useTranslation();
  const tone = { outstanding: "yellow", settled: "green", free: "grey" } as const;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {registration.cancelled ? (
        <StatusBadge tone="red">{t("admin.registrations.states.cancelled")}</StatusBadge>
      ) : (
        <StatusBadge tone={tone[registration.payment_state]}>
          {t(`admin.registrations.payment_states.${registration.payment_state}`)}
        </StatusBadge>
      )}
      {registration.bundle ? (
        <StatusBadge tone="blue">{t("admin.registrations.states.bundle")}</StatusBadge>
      ) : null}
    </span>
  );
}
