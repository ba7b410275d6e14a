import type { ArticleStatusValue } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { useTranslation } from "../../../i18n/react";
import { StatusBadge } from "../status-badge";

const TONES: Record<ArticleStatusValue, StatusTone> = {
  DRAFT: "grey",
  SCHEDULED: "blue",
  PUBLISHED: "green",
};

/** Draft, scheduled (published with a date to come) or published. */
export function ArticleStatusBadge({ status }: { status: ArticleStatusValue }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONES[status]}>{t(`admin.blog.status.${status}`)}</StatusBadge>;
}
