import type { Permission } from "@booking/domain";
import type { ComponentType } from "react";
import { HistoryIcon, HomeIcon, type IconProps, ShieldIcon, UsersIcon } from "../../icons";

export interface ConsoleNavLink {
  to: string;
  /** the i18n key of its label */
  label: string;
  icon: ComponentType<IconProps>;
  /** the permission it needs (its page's read permission); none: every collaborator */
  permission?: Permission;
  /** active on this exact path only (the home), otherwise on its sub-pages too */
  end?: boolean;
}

export interface ConsoleNavArea {
  id: string;
  /** the i18n key of the heading shown above an area of several links */
  label: string;
  links: readonly ConsoleNavLink[];
}

/**
 * The console's navigation, in the sidebar's order: Home, Activities, Availabilities,
 * Registrations, Customers, Payments, Settings, Collaborators. A new page takes one line: a link
 * in its area, or its area at its place in that order. Only pages that exist are listed, and a
 * link shows only to the collaborators whose role grants its permission.
 */
export const CONSOLE_NAV: readonly ConsoleNavArea[] = [
  {
    id: "home",
    label: "admin.nav.home",
    links: [{ to: "/admin", label: "admin.nav.home", icon: HomeIcon, end: true }],
  },
  {
    id: "collaborators",
    label: "admin.nav.collaborators_area",
    links: [
      {
        to: "/admin/collaborators",
        label: "admin.nav.collaborators",
        icon: UsersIcon,
        permission: "collaborators.collaborators.read",
      },
      {
        to: "/admin/roles",
        label: "admin.nav.roles",
        icon: ShieldIcon,
        permission: "collaborators.roles.read",
      },
      {
        to: "/admin/audit-log",
        label: "admin.nav.audit_log",
        icon: HistoryIcon,
        permission: "collaborators.logs.read",
      },
    ],
  },
];

/** The areas and links this collaborator may open (areas left without a link are dropped). */
export function visibleNav(can: (permission: Permission) => boolean): ConsoleNavArea[] {
  return CONSOLE_NAV.map((area) => ({
    ...area,
    links: area.links.filter((link) => !link.permission || can(link.permission)),
  })).filter((area) => area.links.length > 0);
}

/**
 * The list page a path belongs to (`/admin/roles/x` → `/admin/roles`), where the console goes
 * after a switch of organiser (the record open may be the other organiser's); the home otherwise.
 */
export function sectionOf(pathname: string): string {
  const links = CONSOLE_NAV.flatMap((area) => area.links).filter((link) => !link.end);
  const match = links.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  return match?.to ?? "/admin";
}
