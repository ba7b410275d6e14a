import type { FastifyInstance } from "fastify";
import { checkOperatorAccess } from "../modules/operators/auth.ts";
import { type ConsoleAccess, type ConsoleDeps, checkConsoleAccess } from "./console-context.ts";

export interface ConsoleRoute {
  method: string;
  url: string;
  access: ConsoleAccess;
}

declare module "fastify" {
  interface FastifyInstance {
    /** every /api/admin route with its access rule (the permission test walks them all) */
    consoleRoutes: ConsoleRoute[];
  }
}

export const CONSOLE_API_PREFIX = "/api/admin/";

/**
 * Every console call answers on the admin host only and must declare who may make it; a route
 * registered without its rule stops the server at start-up rather than ship unguarded. The rule
 * is checked before validation (`request.consoleAccess` then holds the caller).
 */
export function registerConsoleRouteGuard(app: FastifyInstance, deps: ConsoleDeps): void {
  const routes: ConsoleRoute[] = [];
  app.decorate("consoleRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(CONSOLE_API_PREFIX)) return;
    const access = route.config?.console;
    if (!access) throw new Error(`${route.url} declares no console access rule`);
    route.config = { ...route.config, hosts: "admin" };
    if (access !== "public") {
      route.preValidation = [
        async (request) => {
          // The platform area's calls are operators' (decision 0040), every other one staff's.
          if (access === "operator") {
            request.operatorAccess = await checkOperatorAccess(deps, request);
          } else {
            request.consoleAccess = await checkConsoleAccess(deps, request, access);
          }
        },
        ...[route.preValidation ?? []].flat(),
      ];
    }
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, access });
    }
  });
}
