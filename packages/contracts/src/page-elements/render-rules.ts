// The page elements' rules that the browser applies when it draws them, apart from the settings'
// zod schemas (which only the server and the console's editor need): a storefront page imports
// these without downloading zod (decision 0057). The schema modules re-export them.

/**
 * A cuid as the platform generates them (`@paralleldrive/cuid2`): lower-case letters and digits,
 * at most 64 (the same rule as the catalogue calls' query parameters).
 */
export const CUID_PATTERN = /^[a-z0-9]{1,64}$/;

/** Prefix of a category-group filter id: `category-{group cuid}` (query parameter of the same name). */
export const CATEGORY_GROUP_FILTER_PREFIX = "category-";

/**
 * Placeholder filter id for "one category filter per category group of the organiser, in the
 * groups' order": the renderer expands it to `category-{cuid}` for each group, so pages need not
 * know the groups' cuids (the demo seed uses it).
 */
export const ALL_CATEGORY_GROUPS_FILTER = "categories";

export type CategoryFilterId = `category-${string}`;

const CATEGORY_FILTER_ID = new RegExp(
  `^${CATEGORY_GROUP_FILTER_PREFIX}${CUID_PATTERN.source.slice(1)}`,
);

export function isCategoryFilterId(value: string): value is CategoryFilterId {
  return CATEGORY_FILTER_ID.test(value);
}

/** YYYY-MM-DD, the form of a day in the URL query. */
export const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD day that exists in the calendar. */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The iframe sandbox, fixed by the renderer whatever the settings say (spec §9). */
export const IFRAME_SANDBOX = "allow-forms allow-scripts allow-same-origin";

/**
 * Index of the current tab: the tab whose href is a site path equal to `current.pathname`
 * (ignoring a trailing slash) and whose query parameters all have the same value in
 * `current.search`; among several, the one with the most query parameters, then the first.
 * -1 when none matches. Pass hrefs and pathname with the same language prefix (both localised or
 * neither).
 */
export function findCurrentTab(
  items: readonly { href: string }[],
  current: { pathname: string; search?: string },
): number {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  const currentPath = trim(current.pathname);
  const currentQuery = new URLSearchParams(current.search ?? "");
  let best = -1;
  let bestScore = -1;
  items.forEach((item, index) => {
    if (!item.href.startsWith("/") || item.href.startsWith("//")) return;
    const url = new URL(item.href, "https://site.invalid");
    if (trim(url.pathname) !== currentPath) return;
    let score = 0;
    for (const [key, value] of url.searchParams) {
      if (currentQuery.get(key) !== value) return;
      score += 1;
    }
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}
