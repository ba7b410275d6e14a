import {
  adminCuidParams,
  adminLocationList,
  adminLocationsQuery,
  adminLocationView,
  locationBody,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { locationsConsole } from "./console-service.ts";

/** The console's locations: list, create, read, edit, delete (when nothing is held there). */
export function registerLocationConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: locations"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/locations",
    {
      schema: { tags, querystring: adminLocationsQuery, response: { 200: adminLocationList } },
      config: { console: "activities.locations.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => locationsConsole.list(context, request.query)),
  );
  api.post(
    "/api/admin/locations",
    {
      schema: { tags, body: locationBody, response: { 201: adminLocationView } },
      config: { console: "activities.locations.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        locationsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    "/api/admin/locations/:cuid",
    {
      schema: { tags, params, response: { 200: adminLocationView } },
      config: { console: "activities.locations.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => locationsConsole.get(context, request.params.cuid)),
  );
  api.put(
    "/api/admin/locations/:cuid",
    {
      schema: { tags, params, body: locationBody, response: { 200: adminLocationView } },
      config: { console: "activities.locations.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        locationsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/locations/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.locations.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        locationsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}
