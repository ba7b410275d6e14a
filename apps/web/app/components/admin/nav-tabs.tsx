import type { Permission } from "@booking/domain";
import { clsx } from "clsx";
import { useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { useConsole } from "../../lib/admin/console";
import { useCurrentTabInView } from "../../lib/use-current-tab-in-view";

export interface NavTab {
  to: string;
  /** the i18n key of its label */
  label: string;
  /** its page's read permission: the tab shows only to the roles holding it */
  permission: Permission;
  /** active on this exact path only */
  end?: boolean;
}

/**
 * The tabs of a console page made of several sub-pages (one route each), scrolling sideways
 * when they do not fit; each tab shows only to the collaborators who may read its page.
 */
export function NavTabs({ label, tabs }: { label: string; tabs: readonly NavTab[] }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useCurrentTabInView(nav, pathname);
  return (
    <nav
      ref={nav}
      aria-label={label}
      className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs
          .filter((tab) => can(tab.permission))
          .map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                preventScrollReset
                className={({ isActive }) =>
                  clsx(
                    "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap",
                    isActive
                      ? "border-accent text-slate-950"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-950",
                  )
                }
              >
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
