import type { ServerBuild } from "react-router";

/** The console's route (apps/web/app/routes.ts): everything under it is served on the admin host only. */
export const CONSOLE_LAYOUT_ROUTE_ID = "routes/admin/layout";

/**
 * The web build as the organisers' sites and the platform's host serve it: without the console's
 * routes, which only the admin host serves (their loaders answer 404 anywhere else). React Router
 * matches a path by trying its build's routes in turn (281 once the optional language segment
 * is spelled out, about two thirds of them the console's), twice or more per request: a site's
 * page now tries only the routes a site can serve (decision 0081). The browser's manifest of the
 * routes loses the same ones: a site's pages never lead to the console's routes (another host).
 */
export function siteBuild(build: ServerBuild): ServerBuild {
  const underConsole = (id: string | undefined): boolean => {
    for (let route = id ? build.routes[id] : undefined; route; ) {
      if (route.id === CONSOLE_LAYOUT_ROUTE_ID) return true;
      route = route.parentId ? build.routes[route.parentId] : undefined;
    }
    return false;
  };
  if (!build.routes[CONSOLE_LAYOUT_ROUTE_ID]) {
    throw new Error(
      `The web build has no route ${CONSOLE_LAYOUT_ROUTE_ID} (apps/web/app/routes.ts)`,
    );
  }
  // The routes and the browser's manifest of them agree (a page's render walks the manifest).
  const siteOnly = <R>(routes: Record<string, R>) =>
    Object.fromEntries(Object.entries(routes).filter(([id]) => !underConsole(id)));
  return {
    ...build,
    routes: siteOnly(build.routes),
    assets: { ...build.assets, routes: siteOnly(build.assets.routes) },
  };
}
