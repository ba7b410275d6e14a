import type { ComponentProps, ReactNode } from "react";
import { ChevronRightIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { AccountEmptyState } from "./empty-state";
import { AccountPageHeader } from "./page-header";
import { Pagination } from "./pagination";

// The list pages of the account area (registrations, participants, orders, bookings, vouchers…):
// one page of items with the paging under it, or the empty state when there is none.

export type ListPaging = { count: number; pageNumber: number; pageSize: number };

/** One page of an account list and its paging, or `empty` when the list has no item at all. */
export function AccountList({
  paging,
  empty,
  label,
  testId,
  className = "flex flex-col gap-3",
  children,
}: {
  paging: ListPaging;
  empty: ComponentProps<typeof AccountEmptyState>;
  /** the accessible name of the list */
  label: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  if (paging.count === 0) return <AccountEmptyState {...empty} />;
  return (
    <>
      <ul aria-label={label} className={className} data-testid={testId}>
        {children}
      </ul>
      <Pagination {...paging} />
    </>
  );
}

/** An account list page: its heading (with its actions), then the list. */
export function AccountListPage({
  title,
  subtitle,
  actions,
  ...list
}: ComponentProps<typeof AccountList> & {
  title: string;
  subtitle: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-8">
      <AccountPageHeader title={title} subtitle={subtitle} actions={actions} />
      <AccountList {...list} />
    </div>
  );
}

/**
 * One item of an account list, a link to its page: what it is (`children`, on the left), then its
 * badges and its amount (with an optional note under it) on the right, or under it on phones.
 */
export function AccountListCard({
  to,
  testId,
  data,
  badges,
  amount,
  amountNote,
  children,
}: {
  to: string;
  testId: string;
  /** `data-*` attributes of the link, for tests and styles */
  data?: Record<`data-${string}`, string>;
  badges: ReactNode;
  amount: string | null;
  amountNote?: string | null;
  children: ReactNode;
}) {
  return (
    <li>
      <LocalizedLink
        to={to}
        className="group flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs transition-colors hover:border-slate-300 sm:flex-row sm:items-center sm:p-5"
        data-testid={testId}
        {...data}
      >
        <div className="flex min-w-0 flex-1 gap-4">{children}</div>
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3 sm:flex-col sm:items-end sm:border-0 sm:pt-0">
          <div className="flex flex-wrap gap-1.5 sm:justify-end">{badges}</div>
          <div className="flex items-center gap-1 text-right">
            {amount ? (
              <span className="flex flex-col items-end">
                <span className="text-base font-semibold whitespace-nowrap text-slate-950 tabular-nums">
                  {amount}
                </span>
                {amountNote ? (
                  <span className="text-xs whitespace-nowrap text-slate-600">{amountNote}</span>
                ) : null}
              </span>
            ) : null}
            <ChevronRightIcon
              className="size-5 text-slate-400 group-hover:text-slate-700"
              aria-hidden="true"
            />
          </div>
        </div>
      </LocalizedLink>
    </li>
  );
}
