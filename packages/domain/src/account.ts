/**
 * Account area rules (platform-and-account.md §2.3 and §9 "Account area and UI"): which tabs a
 * customer sees from their counters, and the paging of account lists.
 */

/** The customer counters of GET /api/session (§3.5 "Customer"). */
export type AccountCounters = {
  participants: number;
  carts: number;
  registrations: number;
  bookings: number;
  registrations_requests: number;
  bundles: number;
  vouchers: number;
  available_vouchers: number;
  memberships: number;
  attendance_charges: number;
};

/** The account tabs, in the order of the spec; each has the path `/account/{path}`. */
export const ACCOUNT_TABS = [
  { key: "home", path: "home" },
  { key: "profile", path: "profile" },
  { key: "participants", path: "participants" },
  { key: "carts", path: "carts" },
  { key: "registrations", path: "registrations" },
  { key: "bookings", path: "bookings" },
  { key: "registrations_requests", path: "registrations-requests" },
  { key: "bundles", path: "bundles" },
  { key: "memberships", path: "memberships" },
  { key: "attendance_charges", path: "attendance-charges" },
  { key: "vouchers", path: "vouchers" },
] as const;

export type AccountTabKey = (typeof ACCOUNT_TABS)[number]["key"];

export type AccountTab = {
  key: AccountTabKey;
  /** the path under /account */
  path: string;
  /** the number in the tab's label; null for tabs without a counter (home, profile) */
  count: number | null;
};

/**
 * The tabs a customer sees, in order:
 * - home, profile and participants always (participants labelled with its counter);
 * - carts, registrations, bookings, registrations requests, bundles, memberships and attendance
 *   charges only when their counter is at least 1;
 * - vouchers when the vouchers counter or the available-vouchers counter is at least 1, labelled
 *   with the larger of the two (the vouchers the list shows).
 * Counters that are not finite numbers count as 0.
 */
export function accountTabs(counters: AccountCounters): AccountTab[] {
  const value = (count: number) => (Number.isFinite(count) && count > 0 ? Math.floor(count) : 0);
  const tabs: AccountTab[] = [];
  for (const { key, path } of ACCOUNT_TABS) {
    switch (key) {
      case "home":
      case "profile":
        tabs.push({ key, path, count: null });
        break;
      case "participants":
        tabs.push({ key, path, count: value(counters.participants) });
        break;
      case "vouchers": {
        const count = Math.max(value(counters.vouchers), value(counters.available_vouchers));
        if (count >= 1) tabs.push({ key, path, count });
        break;
      }
      default: {
        const count = value(counters[key]);
        if (count >= 1) tabs.push({ key, path, count });
      }
    }
  }
  return tabs;
}

/** Default page size of account lists; page numbers start at 1. */
export const ACCOUNT_PAGE_SIZE = 20;

export type Paging = {
  /** the page shown, clamped to 1…pageCount */
  pageNumber: number;
  pageSize: number;
  /** at least 1, even for an empty list */
  pageCount: number;
  /** false on page 1 */
  hasPrevious: boolean;
  /** false on the last page */
  hasNext: boolean;
  /** paging controls show only when the total exceeds the page size */
  visible: boolean;
  /** 1-based positions of the first and last items of the page; 0 and 0 for an empty list */
  firstItem: number;
  lastItem: number;
};

/**
 * The paging of a list of `count` items shown `pageSize` at a time on page `pageNumber`. An
 * invalid page size falls back to the default, an invalid or out-of-range page number to the
 * nearest page.
 */
export function paging(count: number, pageNumber: number, pageSize = ACCOUNT_PAGE_SIZE): Paging {
  const total = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  const size = Number.isInteger(pageSize) && pageSize >= 1 ? pageSize : ACCOUNT_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const requested = Number.isFinite(pageNumber) ? Math.floor(pageNumber) : 1;
  const page = Math.min(pageCount, Math.max(1, requested));
  const firstItem = total === 0 ? 0 : (page - 1) * size + 1;
  return {
    pageNumber: page,
    pageSize: size,
    pageCount,
    hasPrevious: page > 1,
    hasNext: page < pageCount,
    visible: total > size,
    firstItem,
    lastItem: total === 0 ? 0 : Math.min(total, page * size),
  };
}
