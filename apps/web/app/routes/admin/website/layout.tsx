import { Outlet } from "react-router";
import { NavTabs } from "../../../components/admin/nav-tabs";
import { PageHeader } from "../../../components/admin/page-header";
import { WEBSITE_TABS } from "../../../components/admin/website/sections";
import { useTranslation } from "../../../i18n/react";

/** The organiser's website: its pages, and the other tabs of the website settings. */
export default function WebsiteLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("admin.website.title")} description={t("admin.website.description")} />
      <NavTabs label={t("admin.website.tabs.label")} tabs={WEBSITE_TABS} />
      <Outlet />
    </>
  );
}
