import {
  adminCatalogList,
  adminCatalogView,
  adminCuidParams,
  catalogBody,
  okResponse,
  orderBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { catalogsConsole } from "./console-service.ts";

/** The console's catalogs (activities.catalogs.*). */
export function registerCatalogConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: catalogs"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/catalogs",
    {
      schema: { tags, response: { 200: adminCatalogList } },
      config: { console: "activities.catalogs.read" },
    },
    async (request) => ({ data: await inConsole(deps, request, catalogsConsole.list) }),
  );
  api.post(
    "/api/admin/catalogs",
    {
      schema: { tags, body: catalogBody, response: { 201: adminCatalogView } },
      config: { console: "activities.catalogs.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        catalogsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/catalogs/order",
    {
      schema: { tags, body: orderBody, response: { 200: adminCatalogList } },
      config: { console: "activities.catalogs.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        catalogsConsole.reorder(context, request.body),
      ),
    }),
  );
  api.put(
    "/api/admin/catalogs/:cuid",
    {
      schema: { tags, params, body: catalogBody, response: { 200: adminCatalogView } },
      config: { console: "activities.catalogs.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        catalogsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/catalogs/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.catalogs.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        catalogsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}
