import type { AccountTab } from "@booking/domain";
import { clsx } from "clsx";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { LocalizedLink } from "../localized-link";
import { TAB_ICONS } from "./icons";
import { activeTabPath } from "./tabs";

/**
 * The account tabs, each labelled with its count (platform-and-account.md §2.3). One list: from
 * 1024 px a vertical menu beside the page, below a row of pills that scrolls sideways, with the
 * current tab brought into view.
 */
export function AccountNavigation({ tabs }: { tabs: AccountTab[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = activeTabPath(location.pathname);
  const list = useRef<HTMLUListElement>(null);
  // Which ends of the pill row hide more tabs: a fade there says the row scrolls.
  const [hidden, setHidden] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const start = element.scrollLeft > 2;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 2;
    setHidden((previous) =>
      previous.start === start && previous.end === end ? previous : { start, end },
    );
  }, []);

  useEffect(() => {
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const current = element.querySelector<HTMLElement>(`[data-tab-path="${active}"]`);
    if (current && element.scrollWidth > element.clientWidth) {
      const left = current.offsetLeft - (element.clientWidth - current.offsetWidth) / 2;
      element.scrollTo({ left: Math.max(0, left), behavior: "instant" });
    }
    measure();
  }, [active, measure]);

  return (
    <nav
      aria-label={t("account.navigation")}
      data-testid="account-tabs"
      className="relative -mx-4 sm:-mx-6 lg:mx-0"
    >
      <ul
        ref={list}
        onScroll={measure}
        className={clsx(
          "relative flex snap-x scroll-px-4 gap-1.5 overflow-x-auto px-4 pb-1 sm:scroll-px-6 sm:gap-2 sm:px-6",
          "[scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
          "lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0 lg:pb-0",
        )}
      >
        {tabs.map((tab) => {
          const Icon = TAB_ICONS[tab.key];
          const current = tab.path === active;
          return (
            <li key={tab.key} className="shrink-0 snap-start" data-tab-path={tab.path}>
              <LocalizedLink
                to={`/account/${tab.path}`}
                aria-current={current ? "page" : undefined}
                data-tab={tab.key}
                className={clsx(
                  "group flex min-h-11 items-center gap-2.5 text-sm font-medium whitespace-nowrap transition-colors",
                  // phones and tablets: pills
                  "rounded-full border px-3.5",
                  current
                    ? "border-transparent bg-slate-900 text-white"
                    : "border-slate-200 bg-white text-slate-800 hover:border-slate-300 hover:bg-slate-50",
                  // from 1024 px: menu rows
                  "lg:rounded-lg lg:border-0 lg:px-3",
                  current
                    ? "lg:bg-accent-soft lg:font-semibold lg:text-accent-ink"
                    : "lg:bg-transparent lg:text-slate-700 lg:hover:bg-white lg:hover:text-slate-950",
                )}
              >
                <Icon
                  className={clsx(
                    "size-4 shrink-0 lg:size-5",
                    current ? "lg:text-accent-ink" : "text-slate-500 group-hover:text-slate-700",
                  )}
                />
                <span className="lg:min-w-0 lg:flex-1 lg:whitespace-normal">
                  {t(`account.tabs.${tab.key}`)}
                </span>
                {tab.count !== null ? (
                  <span
                    className={clsx(
                      "min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums",
                      current
                        ? "bg-white/20 text-white lg:bg-white lg:text-accent-ink"
                        : "bg-slate-100 text-slate-700 lg:bg-slate-200/70",
                    )}
                    data-testid="tab-count"
                  >
                    {tab.count}
                  </span>
                ) : null}
              </LocalizedLink>
            </li>
          );
        })}
      </ul>
      <span
        aria-hidden="true"
        className={clsx(
          "pointer-events-none absolute inset-y-0 left-0 w-8 bg-linear-to-r from-slate-50 to-transparent transition-opacity lg:hidden",
          hidden.start ? "opacity-100" : "opacity-0",
        )}
      />
      <span
        aria-hidden="true"
        className={clsx(
          "pointer-events-none absolute inset-y-0 right-0 w-12 bg-linear-to-l from-slate-50 to-transparent transition-opacity lg:hidden",
          hidden.end ? "opacity-100" : "opacity-0",
        )}
      />
    </nav>
  );
}
