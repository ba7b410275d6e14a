import { useTranslation } from "../../../i18n/react";
import { type NavTab, NavTabs } from "../nav-tabs";

const TABS: readonly NavTab[] = [
  {
    to: "/admin/resources",
    label: "admin.resources.tabs.planning",
    permission: "bookings.bookings.read",
    end: true,
  },
  {
    to: "/admin/resources/groups",
    label: "admin.resources.tabs.groups",
    permission: "resources.groups.read",
  },
  {
    to: "/admin/resources/configurations",
    label: "admin.resources.tabs.configurations",
    permission: "bookings.configurations.read",
  },
];

/** The resources area's pages: the planning, the groups and the booking configurations. */
export function ResourcesTabs() {
  const { t } = useTranslation();
  return <NavTabs label={t("admin.resources.tabs.label")} tabs={TABS} />;
}
