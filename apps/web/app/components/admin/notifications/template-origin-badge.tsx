import type { NotificationTemplateOrigin } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { StatusBadge } from "../status-badge";

const ORIGIN_TONES = { default: "grey", edited: "blue", custom: "green" } as const satisfies Record<
  NotificationTemplateOrigin,
  string
>;

/** Whether a template is a default as written, a default the organiser edited, or its own. */
export function TemplateOriginBadge({ origin }: { origin: NotificationTemplateOrigin }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={ORIGIN_TONES[origin]}>
      {t(`admin.notification_templates.origin.${origin}`)}
    </StatusBadge>
  );
}
