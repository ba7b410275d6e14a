import type { NavTab } from "../nav-tabs";

/** The website section's tabs, Pages first; each shows to the roles that may read its page. */
export const WEBSITE_TABS: readonly NavTab[] = [
  { to: "/admin/website", label: "admin.website.tabs.pages", permission: "website.pages.read", end: true },
];
