import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { ChevronLeftIcon, ChevronRightIcon } from "../icons";
import { paging } from "./paging";

/**
 * The paging of an account list (platform-and-account.md §2.3, §9): previous and next links that
 * change `page_number` and keep every other query parameter (page_size included); previous is
 * disabled on page 1, next on the last page, and nothing shows while the whole list fits on one
 * page. Plain links: they work before the page is hydrated, and each page has its own URL.
 */
export function Pagination({
  count,
  pageNumber,
  pageSize,
  className,
}: {
  /** the total number of items of the list */
  count: number;
  pageNumber: number;
  pageSize: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const state = paging(count, pageNumber, pageSize);
  if (!state.visible) return null;

  const hrefOf = (page: number) => {
    const search = new URLSearchParams(location.search);
    if (page === 1) search.delete("page_number");
    else search.set("page_number", String(page));
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };

  return (
    <nav
      aria-label={t("account.pagination.label")}
      className={clsx(
        "flex flex-col items-center gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between",
        className,
      )}
      data-testid="pagination"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        {t("account.pagination.range", {
          first: state.firstItem,
          last: state.lastItem,
          total: count,
        })}
      </p>
      <div className="flex items-center gap-2">
        <PageLink
          to={state.hasPrevious ? hrefOf(state.pageNumber - 1) : null}
          rel="prev"
          label={t("account.pagination.previous")}
        >
          <ChevronLeftIcon className="size-4" />
          <span>{t("account.pagination.previous")}</span>
        </PageLink>
        <span className="px-2 text-sm font-medium whitespace-nowrap text-slate-700">
          {t("account.pagination.page", { page: state.pageNumber, count: state.pageCount })}
        </span>
        <PageLink
          to={state.hasNext ? hrefOf(state.pageNumber + 1) : null}
          rel="next"
          label={t("account.pagination.next")}
        >
          <span>{t("account.pagination.next")}</span>
          <ChevronRightIcon className="size-4" />
        </PageLink>
      </div>
    </nav>
  );
}

const pageLinkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold transition-colors";

/** A previous/next link; without a target it is a disabled button (not a link to nowhere). */
function PageLink({
  to,
  rel,
  label,
  children,
}: {
  to: string | null;
  rel: "prev" | "next";
  label: string;
  children: ReactNode;
}) {
  if (to === null) {
    return (
      <button
        type="button"
        disabled
        aria-label={label}
        className={clsx(pageLinkClass, "cursor-not-allowed border-slate-200 text-slate-400")}
      >
        {children}
      </button>
    );
  }
  return (
    <Link
      to={to}
      rel={rel}
      preventScrollReset={false}
      className={clsx(
        pageLinkClass,
        "border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50",
      )}
    >
      {children}
    </Link>
  );
}
