import { matchRoutes, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { CONSOLE_LAYOUT_ROUTE_ID, siteBuild } from "../src/http/site-routes.ts";

/** A route as React Router's build lists it: flat, naming its parent. */
type Route = { id: string; parentId?: string; path?: string; index?: boolean };

function buildOf(routes: Route[]): ServerBuild {
  const byId = Object.fromEntries(routes.map((route) => [route.id, { ...route, module: {} }]));
  return { routes: byId, assets: { version: "1", routes: byId } } as unknown as ServerBuild;
}

const BUILD = buildOf([
  { id: "root", path: "" },
  { id: CONSOLE_LAYOUT_ROUTE_ID, parentId: "root", path: "admin" },
  { id: "routes/admin/login", parentId: CONSOLE_LAYOUT_ROUTE_ID, path: "login" },
  { id: "admin-console", parentId: CONSOLE_LAYOUT_ROUTE_ID },
  { id: "routes/admin/home", parentId: "admin-console", index: true },
  {
    id: "routes/admin/availabilities/detail",
    parentId: "admin-console",
    path: "availabilities/:cuid",
  },
  { id: "routes/storefront/layout", parentId: "root", path: ":lang?" },
  {
    id: "routes/storefront/availability",
    parentId: "routes/storefront/layout",
    path: "availabilities/:cuid",
  },
  { id: "routes/storefront/page", parentId: "routes/storefront/layout", path: "*" },
]);

/** The route tree React Router matches, from a build's flat list. */
function tree(
  build: ServerBuild,
  parentId?: string,
): Array<{ id: string; path?: string; index?: boolean; children?: unknown[] }> {
  return Object.values(build.routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => {
      const children = tree(build, route!.id);
      return route!.index
        ? { id: route!.id, index: true }
        : { id: route!.id, path: route!.path, ...(children.length ? { children } : {}) };
    });
}

const matched = (build: ServerBuild, path: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: the minimal route objects of this test
  matchRoutes(tree(build, undefined) as any, path)?.map((match) => match.route.id) ?? null;

describe("the sites' routes (decision 0081)", () => {
  it("a site's build has every route but the console's, and matches its pages as the whole build does", () => {
    const site = siteBuild(BUILD);
    expect(Object.keys(site.assets.routes)).toEqual(Object.keys(site.routes));
    expect(site.assets.version).toBe("1");
    expect(Object.keys(site.routes).sort()).toEqual([
      "root",
      "routes/storefront/availability",
      "routes/storefront/layout",
      "routes/storefront/page",
    ]);
    for (const path of ["/availabilities/abc", "/en/availabilities/abc", "/a-stored-page"]) {
      expect(matched(site, path)).toEqual(matched(BUILD, path));
    }
    // A console path on a site is no console page there (the console's host alone serves it).
    expect(matched(BUILD, "/admin/login")).toEqual([
      "root",
      CONSOLE_LAYOUT_ROUTE_ID,
      "routes/admin/login",
    ]);
    expect(matched(site, "/admin/login")).toEqual([
      "root",
      "routes/storefront/layout",
      "routes/storefront/page",
    ]);
    // The build itself is not changed: the console's host still serves every route.
    expect(Object.keys(BUILD.routes)).toHaveLength(9);
  });

  it("a build without the console's route is refused rather than served whole", () => {
    const renamed = buildOf([
      { id: "root", path: "" },
      { id: "routes/console/layout", parentId: "root", path: "admin" },
    ]);
    expect(() => siteBuild(renamed)).toThrow(CONSOLE_LAYOUT_ROUTE_ID);
  });
});
