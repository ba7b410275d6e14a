/**
 * Which links of the site's layout lead somewhere: a stored page, a route the storefront always
 * answers, or an activity that exists. The console warns (it does not refuse) about the others.
 */

/** Site paths the storefront answers whatever pages are stored (storefront.md §2 "Routes"). */
export const STOREFRONT_ROUTES = [
  "/",
  "/blog",
  "/terms",
  "/checkout",
  "/cart/add",
  "/auth/login",
  "/auth/register",
  "/auth/password",
  "/page-not-found",
  "/account",
  "/account/home",
  "/account/profile",
  "/account/participants",
  "/account/carts",
  "/account/registrations",
  "/account/bookings",
  "/account/registrations-requests",
  "/account/bundles",
  "/account/vouchers",
  "/account/memberships",
  "/account/attendance-charges",
] as const;

/** Detail routes whose last segment is an identifier the link checker does not look up. */
const DETAIL_ROUTES = /^\/(blog|availabilities|bundles|memberships|vouchers)\/[^/]+$/;
const ACTIVITY_ROUTE = /^\/activities\/([^/]+)$/;
const LANGUAGE_PREFIX = /^\/(fr|en)(?=\/|$)/;

export interface SiteLinkTargets {
  /** stored pages' paths */
  pages: readonly string[];
  /** cuids of the organiser's activities */
  activities: readonly string[];
}

/**
 * The site path an href leads to, without language prefix, query or fragment; null for anything
 * that is not a path of the site (external URLs, mailto:, tel:, `#`).
 */
export function sitePathOf(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  let path = href.split(/[?#]/, 1)[0]!.replace(LANGUAGE_PREFIX, "");
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape is compared as written.
  }
  return path === "" ? "/" : path;
}

export function hrefResolves(href: string, targets: SiteLinkTargets): boolean {
  const path = sitePathOf(href);
  if (path === null) return true;
  if ((STOREFRONT_ROUTES as readonly string[]).includes(path)) return true;
  if (targets.pages.includes(path) || DETAIL_ROUTES.test(path)) return true;
  const activity = ACTIVITY_ROUTE.exec(path);
  return activity !== null && targets.activities.includes(activity[1]!);
}

/** The hrefs of `hrefs` that lead to no page, each once, in their first order. */
export function unresolvedHrefs(hrefs: Iterable<string>, targets: SiteLinkTargets): string[] {
  const missing = new Set<string>();
  for (const href of hrefs) if (!hrefResolves(href, targets)) missing.add(href);
  return [...missing];
}

interface LinkTree {
  href: string;
  children: readonly LinkTree[];
}

/** Every href of a link tree, depth first. */
export function* treeHrefs(links: readonly LinkTree[]): Generator<string> {
  for (const link of links) {
    yield link.href;
    yield* treeHrefs(link.children);
  }
}
