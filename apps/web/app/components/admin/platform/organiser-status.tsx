import type { OrganiserStatus } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { StatusBadge } from "../status-badge";

/** ACTIVE in green, SUSPENDED in red. */
export function OrganiserStatusBadge({ status }: { status: OrganiserStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      tone={status === "ACTIVE" ? "green" : "red"}
      value={status}
      testId="organiser-status"
    >
      {t(`admin.platform.status.${status}`)}
    </StatusBadge>
  );
}
