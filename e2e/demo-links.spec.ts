import type { APIRequestContext } from "@playwright/test";
import type { NavigationLink } from "../packages/db/src/organiser-config.ts";
import { demoEn } from "../packages/db/src/seed/demo-en.ts";
import { demoFr } from "../packages/db/src/seed/demo-fr.ts";
import type { DemoOrganiser } from "../packages/db/src/seed/types.ts";
import { expect, test } from "./fixtures.ts";
import { port } from "./helpers.ts";

// Every link of both demo sites leads to a page, in both languages: the links of the layout as
// the seed configures it (top bar announcement, header links at every depth, footer columns,
// legal links, call to action), then every site link found on those pages and on the home page
// (one level deep), each requested on the organiser's host. A 404 (or a 5xx) fails the test and
// the list names each broken link and the page it was found on.

type Layout = {
  topbar?: { announcement?: { href?: string | null } | null };
  header?: { links?: NavigationLink[] };
  footer?: {
    columns?: { links: NavigationLink[] }[];
    legal_links?: NavigationLink[];
    call_to_action?: { href?: string | null } | null;
  };
};

function layoutLinks(demo: DemoOrganiser): string[] {
  const layout = (demo.organiser.website?.layout ?? {}) as Layout;
  const walk = (links: NavigationLink[] = []): string[] =>
    links.flatMap((link) => [link.href, ...walk(link.children)]);
  return [
    layout.topbar?.announcement?.href,
    ...walk(layout.header?.links),
    ...(layout.footer?.columns ?? []).flatMap((column) => walk(column.links)),
    ...walk(layout.footer?.legal_links),
    layout.footer?.call_to_action?.href,
  ].filter((href): href is string => typeof href === "string" && href.startsWith("/"));
}

/** The site paths (with query) that a page's HTML links to, on its own origin. */
function siteLinks(html: string, origin: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const href = match[1]!.replaceAll("&amp;", "&");
    if (!href.startsWith("/") && !href.startsWith(origin)) continue;
    const url = new URL(href, origin);
    if (url.origin !== origin) continue;
    links.push(url.pathname + url.search);
  }
  return links;
}

const localise = (href: string, language: string) =>
  /^\/(fr|en)(\/|$)/.test(href) ? href : `/${language}${href === "/" ? "" : href}`;

/**
 * Requests each path, a few at a time, following redirects on the same site; returns the final
 * status and HTML of each. Node does not resolve *.localhost: loopback with the host header.
 */
async function statuses(request: APIRequestContext, origin: string, paths: string[]) {
  const host = new URL(origin).host;
  const result = new Map<string, { status: number; html: string }>();
  const queue = [...paths];
  const get = async (path: string, hops = 0): Promise<{ status: number; html: string }> => {
    const response = await request.get(`http://127.0.0.1:${port}${path}`, {
      headers: { host },
      maxRedirects: 0,
      timeout: 30_000,
    });
    const location = response.headers().location;
    if (response.status() >= 300 && response.status() < 400 && location && hops < 5) {
      const next = new URL(location, origin);
      if (next.origin === origin) return get(next.pathname + next.search, hops + 1);
    }
    const html = response.headers()["content-type"]?.includes("text/html")
      ? await response.text()
      : "";
    return { status: response.status(), html };
  };
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      result.set(path, await get(path));
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return result;
}

const now = new Date();
const SITES = [
  { host: "demo", demo: demoFr(now) },
  { host: "demo-en", demo: demoEn(now) },
];

for (const { host, demo } of SITES) {
  for (const language of ["fr", "en"] as const) {
    test(`every link of ${host} in ${language} leads to a page`, async ({ request }) => {
      test.setTimeout(240_000);
      const origin = `http://${host}.localhost:${port}`;
      const foundOn = new Map<string, string>();
      const layout = layoutLinks(demo).map((href) => localise(href, language));
      expect(layout.length).toBeGreaterThan(8);
      for (const path of [`/${language}`, ...layout]) foundOn.set(path, "layout");

      // The layout's pages and the home page, then every site link they hold.
      const first = await statuses(request, origin, [...foundOn.keys()]);
      for (const [page, { html }] of first) {
        for (const link of siteLinks(html, origin)) {
          if (!foundOn.has(link)) foundOn.set(link, page);
        }
      }
      const second = await statuses(
        request,
        origin,
        [...foundOn.keys()].filter((path) => !first.has(path)),
      );

      const broken = [...first, ...second]
        .filter(([, { status }]) => status === 404 || status >= 500)
        .map(([path, { status }]) => `${status} ${path} (found on ${foundOn.get(path)})`);
      expect(broken, `broken links of ${host} in ${language}`).toEqual([]);
      // The crawl reached the pages the layout names and what they link to (the availabilities
      // their cards show, the account pages, the other language).
      expect(foundOn.size).toBeGreaterThan(layout.length + 10);
      test.info().annotations.push({ type: "links", description: String(foundOn.size) });
    });
  }
}
