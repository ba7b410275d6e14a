import type { NavigationLink } from "@booking/contracts";
import { clsx } from "clsx";
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { ChevronDownIcon } from "../icons";
import { LocalizedLink } from "../localized-link";

const topItemClass =
  "inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 hover:text-slate-950";
const panelLinkClass =
  "block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 hover:text-slate-950";

const hasGrandChildren = (link: NavigationLink) =>
  link.children.some((child) => child.children.length > 0);
const isLink = (href: string) => href !== "#" && href !== "";

/**
 * Desktop navigation, built as the WAI "disclosure navigation" pattern (buttons with
 * aria-expanded that show lists of links): plain links, a simple dropdown for one level of
 * children and a mega menu (columns of groups) when children have children of their own.
 * Panels open on click, Enter/Space or mouse hover and close on Escape, outside click, focus
 * leaving the navigation and navigation to another page.
 */
export function DesktopNav({ links }: { links: NavigationLink[] }) {
  const { t } = useTranslation();
  const baseId = useId();
  const navRef = useRef<HTMLElement>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const openedByHover = useRef(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { pathname } = useLocation();
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpenId(null);
  }

  useEffect(() => {
    if (openId === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openId]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  if (links.length === 0) return null;

  const panelId = (link: NavigationLink) => `${baseId}-panel-${link.id}`;
  const triggerId = (link: NavigationLink) => `${baseId}-trigger-${link.id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape" && openId !== null) {
      const trigger = document.getElementById(`${baseId}-trigger-${openId}`);
      setOpenId(null);
      trigger?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!navRef.current?.contains(event.relatedTarget as Node | null)) setOpenId(null);
  };
  /** Focus moving to another top-level item closes the open panel. */
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>("[data-nav-item]");
    if (openId !== null && item?.dataset.navItem !== openId) setOpenId(null);
  };
  const hoverOpen = (id: string | null) => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(
      () => {
        openedByHover.current = id !== null;
        setOpenId(id);
      },
      id === null ? 150 : 60,
    );
  };

  return (
    <nav
      ref={navRef}
      aria-label={t("layout.header.navigation")}
      className="site-nav hidden md:block"
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onFocus={onFocus}
    >
      <ul className="flex flex-wrap items-center gap-1">
        {links.map((link) => {
          if (link.children.length === 0) {
            return (
              <li key={link.id} data-nav-item={link.id}>
                <LocalizedLink to={link.href} className={topItemClass}>
                  {link.name}
                </LocalizedLink>
              </li>
            );
          }
          const mega = hasGrandChildren(link);
          const open = openId === link.id;
          return (
            <li
              key={link.id}
              data-nav-item={link.id}
              className={mega ? "static" : "relative"}
              onPointerEnter={(event) => event.pointerType === "mouse" && hoverOpen(link.id)}
              onPointerLeave={(event) => event.pointerType === "mouse" && hoverOpen(null)}
            >
              <button
                type="button"
                id={triggerId(link)}
                aria-expanded={open}
                aria-controls={panelId(link)}
                data-state={open ? "open" : "closed"}
                className={clsx(topItemClass, open && "bg-slate-100 text-slate-950")}
                onClick={() => {
                  clearTimeout(hoverTimer.current);
                  if (open && openedByHover.current) {
                    // The pointer opened it a moment ago: a click confirms rather than closes.
                    openedByHover.current = false;
                    return;
                  }
                  openedByHover.current = false;
                  setOpenId(open ? null : link.id);
                }}
              >
                {link.name}
                <ChevronDownIcon
                  className={clsx("size-4 transition-transform duration-150", open && "rotate-180")}
                />
              </button>
              <div
                id={panelId(link)}
                hidden={!open}
                className={clsx(
                  "nav-panel absolute top-full z-50 pt-2",
                  mega ? "inset-x-4 sm:inset-x-6" : "left-0 w-64",
                )}
              >
                <div
                  className={clsx(
                    "rounded-xl border border-slate-200 bg-white shadow-xl",
                    mega ? "p-6" : "p-2",
                  )}
                >
                  {mega ? <MegaMenu link={link} /> : <SimpleDropdown link={link} />}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SimpleDropdown({ link }: { link: NavigationLink }) {
  return (
    <ul className="flex flex-col">
      {isLink(link.href) ? (
        <li>
          <LocalizedLink to={link.href} className={clsx(panelLinkClass, "font-semibold")}>
            {link.name}
          </LocalizedLink>
        </li>
      ) : null}
      {link.children.map((child) => (
        <li key={child.id}>
          <LocalizedLink to={child.href} className={panelLinkClass}>
            {child.name}
          </LocalizedLink>
        </li>
      ))}
    </ul>
  );
}

function MegaMenu({ link }: { link: NavigationLink }) {
  return (
    <div className="flex flex-col gap-4">
      {isLink(link.href) ? (
        <LocalizedLink
          to={link.href}
          className="self-start rounded-md text-base font-semibold text-accent-ink underline-offset-4 hover:underline"
        >
          {link.name}
        </LocalizedLink>
      ) : null}
      <ul className="grid grid-cols-2 gap-x-6 gap-y-6 lg:grid-cols-4">
        {link.children.map((group) => (
          <li key={group.id} className="min-w-0">
            {isLink(group.href) ? (
              <LocalizedLink
                to={group.href}
                className="block rounded-md px-3 py-1 text-sm font-semibold text-slate-950 hover:underline"
              >
                {group.name}
              </LocalizedLink>
            ) : (
              <p className="px-3 py-1 text-sm font-semibold text-slate-950">{group.name}</p>
            )}
            {group.children.length > 0 ? <NestedLinks links={group.children} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function NestedLinks({ links }: { links: NavigationLink[] }) {
  return (
    <ul className="mt-1 flex flex-col">
      {links.map((child) => (
        <li key={child.id}>
          <LocalizedLink to={child.href} className={panelLinkClass}>
            {child.name}
          </LocalizedLink>
          {child.children.length > 0 ? (
            <div className="pl-3">
              <NestedLinks links={child.children} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
