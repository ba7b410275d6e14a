import {
  adminCuidParams,
  adminResourceList,
  resourcePlanningQuery,
  resourcePlanningView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { listConsoleResources, resourcePlanning } from "./console-planning.ts";

/** The console's resources and their planning (read-only for now: decision 0063). */
export function registerResourceConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: resources"];

  api.get(
    "/api/admin/resources",
    {
      schema: { tags, response: { 200: adminResourceList } },
      config: { console: "resources.resources.read" },
    },
    (request) => inConsole(deps, request, (context) => listConsoleResources(context)),
  );
  api.get(
    "/api/admin/resources/:cuid/planning",
    {
      schema: {
        tags,
        params: adminCuidParams,
        querystring: resourcePlanningQuery,
        response: { 200: resourcePlanningView },
      },
      config: { console: "bookings.bookings.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        resourcePlanning(context, request.params.cuid, request.query),
      ),
  );
}
