import type { NewsletterStatus } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { useTranslation } from "../../../i18n/react";
import { StatusBadge } from "../status-badge";

const TONES: Record<NewsletterStatus, StatusTone> = {
  DRAFT: "grey",
  SCHEDULED: "blue",
  SENDING: "yellow",
  SENT: "green",
  CANCELLED: "red",
};

/** A newsletter's status as a coloured pill. */
export function NewsletterStatusBadge({ status }: { status: NewsletterStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONES[status]} testId="newsletter-status">
      {t(`admin.newsletters.status.${status}`)}
    </StatusBadge>
  );
}
