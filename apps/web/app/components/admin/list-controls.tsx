import { useEffect, useId, useRef } from "react";
import { Form, useLocation, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/react";
import { SearchIcon } from "../icons";
import { inputClasses } from "../ui/field";
import { type SelectOption, selectClasses } from "./fields";
import { changedSearch, SEARCH_PARAM } from "./table-query";

/**
 * The search box of a list: a GET form on the list's URL (so it works before hydration and the
 * result has its own address), keeping the other parameters, back to page 1. "/" anywhere on
 * the page (outside a text input) focuses it.
 */
export function SearchBox({ label, param = SEARCH_PARAM }: { label: string; param?: string }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      event.preventDefault();
      input.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const kept = [...searchParams].filter(([key]) => key !== param && key !== "page_number");
  return (
    <Form method="get" role="search" className="relative w-full sm:max-w-xs">
      {kept.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        ref={input}
        id={id}
        type="search"
        name={param}
        defaultValue={searchParams.get(param) ?? ""}
        placeholder={label}
        aria-keyshortcuts="/"
        className={`${inputClasses(false)} py-2 pl-9 text-sm`}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-slate-300 px-1.5 font-mono text-xs text-slate-500 sm:block"
      >
        /
      </span>
      <button type="submit" className="sr-only">
        {t("admin.table.search")}
      </button>
    </Form>
  );
}

/** A filter of a list as a select that changes one URL parameter (back to page 1). */
export function FilterSelect({
  label,
  param,
  options,
  allLabel,
}: {
  label: string;
  param: string;
  options: readonly SelectOption[];
  /** the choice that removes the filter */
  allLabel: string;
}) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="flex w-full flex-col gap-1 sm:w-auto">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={searchParams.get(param) ?? ""}
        onChange={(event) =>
          navigate(
            `${location.pathname}${changedSearch(searchParams, { [param]: event.target.value })}`,
            { preventScrollReset: true },
          )
        }
        className={`${selectClasses(false)} py-2 text-sm sm:min-w-48`}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
