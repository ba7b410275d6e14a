import type { AdminSessionResponse } from "@booking/contracts";
import { clsx } from "clsx";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { ExternalLinkIcon } from "../../icons";
import { type ConsoleNavLink, currentLinkOf, visibleNav } from "./nav";
import { OrganiserSwitcher } from "./organiser-switcher";
import { UserMenu } from "./user-menu";

/** The console's mark and name (the name for screen readers only when `compact`). */
export function ConsoleBrand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2.5">
      <span
        aria-hidden="true"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-sm font-bold text-on-accent"
      >
        B
      </span>
      <span
        className={clsx("text-sm leading-tight font-semibold text-slate-950", compact && "sr-only")}
      >
        {t("common.product")}
      </span>
    </span>
  );
}

const rowClass =
  "flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors";

function NavItem({ link, current }: { link: ConsoleNavLink; current: boolean }) {
  const { t } = useTranslation();
  const Icon = link.icon;
  return (
    <Link
      to={link.to}
      aria-current={current ? "page" : undefined}
      className={clsx(
        rowClass,
        current
          ? "bg-accent-soft font-semibold text-accent-ink"
          : "text-slate-700 hover:bg-slate-100 hover:text-slate-950",
      )}
    >
      <Icon className="size-5 shrink-0" />
      <span className="truncate">{t(link.label)}</span>
    </Link>
  );
}

/**
 * What the sidebar holds, on wide screens beside the page and on phones in the menu drawer: the
 * organiser (and its switcher), the pages the role may open, the storefront link and the user.
 */
export function SidebarContent({ session }: { session: AdminSessionResponse }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const areas = visibleNav(can);
  const currentLink = currentLinkOf(useLocation().pathname);
  return (
    <div className="flex h-full flex-col gap-4 p-3">
      <OrganiserSwitcher session={session} />
      <nav aria-label={t("admin.shell.navigation")} className="flex-1 overflow-y-auto">
        <ul className="flex flex-col gap-4">
          {areas.map((area) => (
            <li key={area.id}>
              {area.links.length > 1 ? (
                <p
                  id={`nav-${area.id}`}
                  className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {t(area.label)}
                </p>
              ) : null}
              <ul
                className="flex flex-col gap-0.5"
                aria-labelledby={area.links.length > 1 ? `nav-${area.id}` : undefined}
              >
                {area.links.map((link) => (
                  <li key={link.to}>
                    <NavItem link={link} current={link.to === currentLink} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-1 border-t border-slate-200 pt-3">
        {session.organiser ? (
          <a
            href={session.organiser.storefront_url}
            target="_blank"
            rel="noopener noreferrer"
            className={clsx(rowClass, "text-slate-700 hover:bg-slate-100 hover:text-slate-950")}
          >
            <ExternalLinkIcon className="size-5 shrink-0" />
            <span className="truncate">{t("admin.shell.view_site")}</span>
            <span className="sr-only">{t("admin.shell.new_tab")}</span>
          </a>
        ) : null}
        <UserMenu session={session} />
      </div>
    </div>
  );
}
