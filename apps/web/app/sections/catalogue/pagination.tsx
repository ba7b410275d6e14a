import { clsx } from "clsx";
import { Link, useLocation } from "react-router";
import { PAGE_NUMBER_PARAM } from "../../components/filters/query";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pages: number, around = 1): Array<number | "gap"> {
  const result: Array<number | "gap"> = [];
  for (let index = 1; index <= pages; index++) {
    if (index === 1 || index === pages || Math.abs(index - page) <= around) {
      result.push(index);
    } else if (result[result.length - 1] !== "gap") {
      result.push("gap");
    }
  }
  return result;
}

const itemClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-semibold";

/**
 * Previous/next links and page numbers (page_number in the query, other parameters kept). Shown
 * only above one page; previous is disabled on page 1, next on the last page. Links work before
 * hydration too.
 */
export function Pagination({
  page,
  pages,
  label,
}: {
  page: number;
  pages: number;
  /** accessible name of the navigation (which list it pages) */
  label?: string;
}) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    params.set(PAGE_NUMBER_PARAM, String(target));
    return `${pathname}?${params.toString()}${hash}`;
  };
  const enabled = clsx(itemClass, "border-slate-300 bg-white text-slate-900 hover:bg-slate-50");
  const disabled = clsx(
    itemClass,
    "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500",
  );
  return (
    <nav
      aria-label={label ?? t("catalogue.pagination.label")}
      className="mt-8 flex flex-wrap items-center justify-between gap-3"
    >
      {page > 1 ? (
        <Link
          to={hrefFor(page - 1)}
          preventScrollReset
          rel="prev"
          className={enabled}
          data-testid="pagination-previous"
        >
          <ChevronLeftIcon className="size-4" />
          {t("catalogue.pagination.previous")}
        </Link>
      ) : (
        <button type="button" disabled className={disabled} data-testid="pagination-previous">
          <ChevronLeftIcon className="size-4" />
          {t("catalogue.pagination.previous")}
        </button>
      )}
      <ol className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, pages).map((item, index) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                preventScrollReset
                aria-current={item === page ? "page" : undefined}
                aria-label={t("catalogue.pagination.page", { page: item })}
                className={clsx(
                  itemClass,
                  item === page
                    ? "border-accent bg-accent text-on-accent"
                    : "border-transparent text-slate-900 hover:bg-slate-100",
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      <p className="text-sm text-slate-700 sm:hidden">
        {t("catalogue.pagination.status", { page, pages })}
      </p>
      {page < pages ? (
        <Link
          to={hrefFor(page + 1)}
          preventScrollReset
          rel="next"
          className={enabled}
          data-testid="pagination-next"
        >
          {t("catalogue.pagination.next")}
          <ChevronRightIcon className="size-4" />
        </Link>
      ) : (
        <button type="button" disabled className={disabled} data-testid="pagination-next">
          {t("catalogue.pagination.next")}
          <ChevronRightIcon className="size-4" />
        </button>
      )}
    </nav>
  );
}
