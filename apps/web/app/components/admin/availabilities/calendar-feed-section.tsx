import type { AvailabilityCalendarFeed } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { apiRequest } from "../../../lib/api";
import { CalendarSubscribeLinks } from "../../calendar/subscribe-links";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";
import { FormPanel } from "../form-panel";

/**
 * The availability's calendar feed (decision 0093): staff subscribe to it or pass it on, and
 * with availabilities.synchronisation.update give it a new address when the old one leaked
 * (calendars subscribed to the old one stop receiving its dates).
 */
export function CalendarFeedSection({
  availabilityCuid,
  feed,
}: {
  availabilityCuid: string;
  feed: AvailabilityCalendarFeed;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const regenerate = useAdminMutation(
    () =>
      apiRequest<AvailabilityCalendarFeed>(
        "POST",
        `/api/admin/availabilities/${encodeURIComponent(availabilityCuid)}/calendar-feed`,
        {},
      ),
    { success: t("admin.calendar_feed.regenerated") },
  );
  return (
    <FormPanel
      title={t("admin.calendar_feed.title")}
      description={t("admin.calendar_feed.description")}
      testId="availability-calendar-feed"
      actions={
        can("availabilities.synchronisation.update") ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" size="sm" data-testid="calendar-feed-regenerate">
                {t("admin.calendar_feed.regenerate")}
              </Button>
            }
            title={t("admin.calendar_feed.regenerate_title")}
            description={t("admin.calendar_feed.regenerate_description")}
            confirmLabel={t("admin.calendar_feed.regenerate")}
            onConfirm={async () => (await regenerate.mutate()).ok}
          />
        ) : null
      }
    >
      <CalendarSubscribeLinks feed={feed} />
    </FormPanel>
  );
}
