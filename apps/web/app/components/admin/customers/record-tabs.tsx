import { clsx } from "clsx";
import { useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useCurrentTabInView } from "../../../lib/use-current-tab-in-view";

export interface RecordTab {
  id: string;
  label: string;
  to: string;
  count?: number;
}

/**
 * The sections of a record page as links (`?tab=`): each has its own address, works before
 * hydration and with the keyboard; the row scrolls sideways on phones, the current tab in view.
 */
export function RecordTabs({ tabs, current }: { tabs: readonly RecordTab[]; current: string }) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  useCurrentTabInView(nav, current);
  return (
    <nav
      ref={nav}
      aria-label={t("admin.customers.tabs.label")}
      className="-mx-4 overflow-x-auto px-4"
    >
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={clsx(
                  "-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap",
                  active
                    ? "border-slate-900 text-slate-950"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-950",
                )}
                data-testid={`tab-${tab.id}`}
              >
                {tab.label}
                {tab.count !== undefined ? (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 tabular-nums">
                    {tab.count}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
