import { useTranslation } from "../../i18n/react";
import { SidePanel } from "../catalogue/detail";
import { LocalizedLink } from "../localized-link";
import { ButtonLink } from "../ui/button";

/**
 * The add form of an availability whose activity takes requests (issue 15 §1): the parent asks
 * for this session, or picks among the week's sessions; the organiser approves, then they pay.
 */
export function RequestPanel({
  availabilityCuid,
  activityCuid,
}: {
  availabilityCuid: string;
  activityCuid: string;
}) {
  const { t } = useTranslation();
  return (
    <SidePanel title={t("requests.panel.title")} testId="request-panel-link">
      <p className="text-sm text-slate-700">{t("requests.panel.body")}</p>
      <ButtonLink
        to={`/cart/registrations/request?availabilities=${encodeURIComponent(availabilityCuid)}`}
        size="lg"
        className="w-full"
        data-testid="request-this-session"
      >
        {t("requests.panel.this_session")}
      </ButtonLink>
      <LocalizedLink
        to={`/cart/registrations/request/${encodeURIComponent(activityCuid)}`}
        className="text-sm font-medium text-accent-ink underline underline-offset-2"
        data-testid="request-week"
      >
        {t("requests.panel.week")}
      </LocalizedLink>
    </SidePanel>
  );
}
