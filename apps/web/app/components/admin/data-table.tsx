import { clsx } from "clsx";
import { Fragment, type ReactNode, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { Pagination } from "../account/pagination";
import { ChevronDownIcon, ChevronsUpDownIcon } from "../icons";
import { changedSearch, SORT_PARAM, type SortState, sortParam } from "./table-query";

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** the column sorts the list: its header links to `sort=id`, then `sort=-id` */
  sortable?: boolean;
  align?: "start" | "end";
  /** the header is for screen readers only (a column of row actions) */
  hideHeader?: boolean;
  className?: string;
}

/**
 * A console list as a table: one column config, the empty state in place of the rows, optional
 * URL-driven sort (give `sort`, the loader reads it with `readSort`) and paging (give `paging`,
 * the loader reads it with `readListPage`), and optional expandable rows (`renderDetail`).
 * Wide screens get a table; phones get one card per row, each value under its column's name.
 * `toolbar` sits above the rows (a SearchBox, FilterSelects).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  toolbar,
  sort,
  paging,
  renderDetail,
  detailLabel,
  testId,
}: {
  /** what the table lists, read out by screen readers */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  toolbar?: ReactNode;
  sort?: SortState;
  paging?: { count: number; pageNumber: number; pageSize: number };
  renderDetail?: (row: T) => ReactNode;
  /** the accessible name of a row's expand button */
  detailLabel?: (row: T) => string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const idPrefix = useId();
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const columnCount = columns.length + (renderDetail ? 1 : 0);

  return (
    <section
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs"
      data-testid={testId}
    >
      {toolbar ? (
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:flex-wrap sm:items-end">
          {toolbar}
        </div>
      ) : null}
      {rows.length === 0 ? (
        empty
      ) : (
        // A table wider than the page scrolls inside its card instead of widening the page.
        <div className="relative overflow-x-auto">
          <table className="block w-full text-left text-sm md:table">
            <caption className="sr-only">{caption}</caption>
            <thead className="hidden border-b border-slate-200 bg-slate-50 md:table-header-group">
              <tr>
                {renderDetail ? (
                  <th scope="col" className="w-12">
                    <span className="sr-only">{t("admin.table.details")}</span>
                  </th>
                ) : null}
                {columns.map((column) => (
                  <HeaderCell key={column.id} column={column} sort={sort} />
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 md:table-row-group">
              {rows.map((row) => {
                const key = rowKey(row);
                const open = expanded.has(key);
                const detailId = `${idPrefix}-${key}`;
                return (
                  <Fragment key={key}>
                    <tr className="flex flex-col py-2 hover:bg-slate-50/70 md:table-row md:py-0">
                      {renderDetail ? (
                        // Last on phones, under the values; first column on wide screens.
                        <td className="order-last px-4 pt-1 md:order-none md:table-cell md:w-12 md:py-2 md:pr-0 md:pl-3">
                          <button
                            type="button"
                            onClick={() => toggle(key)}
                            aria-expanded={open}
                            aria-controls={detailId}
                            aria-label={
                              detailLabel
                                ? `${t("admin.table.details")}: ${detailLabel(row)}`
                                : undefined
                            }
                            className="inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-lg text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-950 max-md:-ml-2 max-md:px-2"
                          >
                            <ChevronDownIcon className={clsx("size-5", open || "-rotate-90")} />
                            <span className="md:sr-only">{t("admin.table.details")}</span>
                          </button>
                        </td>
                      ) : null}
                      {columns.map((column) => (
                        <td
                          key={column.id}
                          className={clsx(
                            "flex items-start justify-between gap-4 px-4 py-1.5 md:table-cell md:px-4 md:py-3 md:align-middle",
                            column.align === "end" && "md:text-right",
                            column.className,
                          )}
                        >
                          {column.hideHeader ? null : (
                            <span className="shrink-0 text-xs font-medium text-slate-500 md:hidden">
                              {column.header}
                            </span>
                          )}
                          <div
                            className={clsx(
                              "min-w-0",
                              column.hideHeader ? "w-full" : "text-right md:text-left",
                              column.align === "end" && "md:text-right",
                            )}
                          >
                            {column.cell(row)}
                          </div>
                        </td>
                      ))}
                    </tr>
                    {renderDetail ? (
                      <tr id={detailId} hidden={!open} className="block md:table-row">
                        <td
                          colSpan={columnCount}
                          className="block bg-slate-50 px-4 py-4 md:table-cell md:px-6"
                        >
                          {open ? renderDetail(row) : null}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {paging ? <Pagination {...paging} className="px-4 pb-4" /> : null}
    </section>
  );
}

function HeaderCell<T>({ column, sort }: { column: DataTableColumn<T>; sort?: SortState }) {
  const location = useLocation();
  const className = clsx(
    "px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase",
    column.align === "end" && "text-right",
  );
  if (column.hideHeader) {
    return (
      <th scope="col" className={className}>
        <span className="sr-only">{column.header}</span>
      </th>
    );
  }
  if (!column.sortable || !sort) {
    return (
      <th scope="col" className={className}>
        {column.header}
      </th>
    );
  }
  const active = sort.key === column.id;
  const next = sortParam({ key: column.id, descending: active && !sort.descending });
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}
    >
      <Link
        to={`${location.pathname}${changedSearch(location.search, { [SORT_PARAM]: next })}`}
        preventScrollReset
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-950"
      >
        {column.header}
        {active ? (
          <ChevronDownIcon
            aria-hidden="true"
            className={clsx("size-3.5", sort.descending || "rotate-180")}
          />
        ) : (
          <ChevronsUpDownIcon aria-hidden="true" className="size-3.5 opacity-50" />
        )}
      </Link>
    </th>
  );
}
