import type { StatusTone } from "@booking/domain";
import { useTranslation } from "../../../i18n/react";
import { StatusBadge } from "../status-badge";

const TONES: Record<string, StatusTone> = {
  OPEN: "green",
  FULL: "yellow",
  CLOSED: "red",
  OVERLAP: "grey",
};

/** The status of an availability or of one of its dates (OPEN, FULL, CLOSED, OVERLAP). */
export function AvailabilityStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONES[status] ?? "grey"} testId="availability-status" value={status}>
      {t(`admin.availabilities.status.${status}`)}
    </StatusBadge>
  );
}
