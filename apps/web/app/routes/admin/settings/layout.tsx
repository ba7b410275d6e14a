import { Outlet } from "react-router";
import { NavTabs } from "../../../components/admin/nav-tabs";
import { PageHeader } from "../../../components/admin/page-header";
import { SETTINGS_SECTIONS } from "../../../components/admin/settings/sections";
import { useTranslation } from "../../../i18n/react";

/** The organiser's settings: account, business, preferences and payments, one tab each. */
export default function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("admin.settings.title")} description={t("admin.settings.description")} />
      <NavTabs label={t("admin.settings.tabs.label")} tabs={SETTINGS_SECTIONS} />
      <Outlet />
    </>
  );
}
