import type { NavTab } from "../nav-tabs";

/** The website section's tabs, Pages first; each shows to the roles that may read its page. */
export const WEBSITE_TABS: readonly NavTab[] = [
  {
    to: "/admin/website",
    label: "admin.website.tabs.pages",
    permission: "website.pages.read",
    end: true,
  },
  {
    to: "/admin/website/layout",
    label: "admin.website.tabs.layout",
    permission: "website.website.read",
  },
  {
    to: "/admin/website/navigation",
    label: "admin.website.tabs.navigation",
    permission: "website.website.read",
  },
  {
    to: "/admin/website/theme",
    label: "admin.website.tabs.theme",
    permission: "website.website.read",
  },
  {
    to: "/admin/website/domain",
    label: "admin.website.tabs.domain",
    permission: "website.website.read",
  },
];
