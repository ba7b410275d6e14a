import type { CustomerCounters, SessionCustomer } from "@booking/contracts";
import type { AccountTab } from "@booking/domain";
import { type RouterContextProvider, redirect, useRouteLoaderData } from "react-router";
import { withRedirect } from "../../lib/links";
import { type StorefrontPage, storefrontPage } from "../../lib/storefront-page";
import { shownTabs } from "./tabs";

/** The route id of the account layout, whose loader data every account page reads. */
export const ACCOUNT_LAYOUT_ID = "routes/account/layout";

export interface AccountSession extends StorefrontPage {
  customer: SessionCustomer;
  counters: CustomerCounters;
  wallet: number;
}

/**
 * What every account loader starts with: the storefront page and the logged-in customer. A
 * visitor is sent to the login page, which brings them back here (redirect parameter).
 */
export function requireAccount(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
  request: Request,
): AccountSession {
  const page = storefrontPage(context, params);
  const { customer, counters, wallet } = page.storefront.session;
  if (!customer || !counters) {
    const url = new URL(request.url);
    throw redirect(withRedirect(`/${page.language}/auth/login`, url.pathname + url.search));
  }
  return { ...page, customer, counters, wallet: wallet?.amount ?? 0 };
}

/** The data of the account layout, formatted on the server. */
export interface AccountData {
  customer: SessionCustomer;
  counters: CustomerCounters;
  tabs: AccountTab[];
  wallet: { amount: number; label: string };
  memberSince: string;
  /** the organiser's catalogue page, for "browse activities" */
  catalogue: string;
  organiser: string;
}

export function accountData(session: AccountSession): AccountData {
  const { customer, counters, format, storefront } = session;
  return {
    customer,
    counters,
    tabs: shownTabs(counters),
    wallet: { amount: session.wallet, label: format.money(session.wallet) },
    memberSince: format.date(customer.created_at),
    catalogue: storefront.organiser.catalogue?.path || "/",
    organiser: storefront.organiser.name,
  };
}

/** The account layout's data, from any page under it. */
export function useAccount(): AccountData {
  const data = useRouteLoaderData(ACCOUNT_LAYOUT_ID) as { account: AccountData } | undefined;
  if (!data) throw new Error("useAccount() is only available under the account layout");
  return data.account;
}
