import type { AdminBookingConfigurationView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";

/** The configuration's rules in a few words, as the list and the editor's header say them. */
export function useRulesSummary() {
  const { t } = useTranslation();
  return (configuration: AdminBookingConfigurationView) =>
    [
      configuration.audience === "MEMBERS"
        ? t("admin.booking_configurations.summary.members", {
            memberships: configuration.memberships.map((one) => one.title).join(", "),
          })
        : t("admin.booking_configurations.summary.everyone"),
      configuration.days_ahead === null
        ? null
        : t("admin.booking_configurations.summary.days_ahead", {
            count: configuration.days_ahead,
          }),
      configuration.cancellation_hours === null
        ? t("admin.booking_configurations.summary.no_cancellation")
        : t("admin.booking_configurations.summary.cancellation", {
            count: configuration.cancellation_hours,
          }),
      configuration.max_per_week === null
        ? null
        : t("admin.booking_configurations.summary.max_per_week", {
            count: configuration.max_per_week,
          }),
    ]
      .filter(Boolean)
      .join(" · ");
}
