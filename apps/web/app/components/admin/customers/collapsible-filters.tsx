import { clsx } from "clsx";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { FilterIcon } from "../../icons";

/**
 * A list's filters: always shown from 640 px; on a phone behind a "Filters" button (shown open
 * while a filter is set), so the rows come first.
 */
export function CollapsibleFilters({ active, children }: { active: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(active);
  const id = useId();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={id}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 sm:hidden"
      >
        <FilterIcon className="size-4" />
        {t("admin.customers.filters.toggle")}
      </button>
      <div
        id={id}
        className={clsx(
          open ? "flex" : "hidden",
          "w-full flex-col gap-3 sm:flex sm:w-auto sm:flex-row sm:flex-wrap sm:items-end",
        )}
      >
        {children}
      </div>
    </>
  );
}
