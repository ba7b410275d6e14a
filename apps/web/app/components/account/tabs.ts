import type { CustomerCounters } from "@booking/contracts";
import { type AccountTab, type AccountTabKey, accountTabs } from "@booking/domain";
import { stripLanguage } from "../../lib/links";

/**
 * The tabs whose pages exist: every tab of the spec has its page now. A tab added later joins
 * this list with its page, so that a customer never gets a tab leading nowhere.
 */
export const ACCOUNT_PAGES: ReadonlySet<AccountTabKey> = new Set([
  "home",
  "profile",
  "participants",
  "carts",
  "registrations",
  "bookings",
  "registrations_requests",
  "bundles",
  "memberships",
  "attendance_charges",
  "vouchers",
]);

/** The tabs shown to the customer: the spec's visibility rule, limited to the pages that exist. */
export function shownTabs(counters: CustomerCounters): AccountTab[] {
  return accountTabs(counters).filter((tab) => ACCOUNT_PAGES.has(tab.key));
}

/** The tab path of an account URL: `/fr/account/participants/x/edit` → `participants`. */
export function activeTabPath(pathname: string): string {
  const rest = stripLanguage(pathname).replace(/^\/account(?=\/|$)\/?/, "");
  return rest.split("/")[0] || "home";
}
