import {
  adminCuidParams,
  adminDateConfigurationList,
  adminDateConfigurationView,
  dateConfigurationBody,
  okResponse,
  orderBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { dateConfigurationsConsole as service } from "./console-service.ts";

/** The console's date configurations (date_configurations.date_configurations.*). */
export function registerDateConfigurationConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: date configurations"];
  const params = adminCuidParams;
  const body = dateConfigurationBody;
  const view = adminDateConfigurationView;

  api.get(
    "/api/admin/date-configurations",
    {
      schema: { tags, response: { 200: adminDateConfigurationList } },
      config: { console: "date_configurations.date_configurations.read" },
    },
    async (request) => ({ data: await inConsole(deps, request, service.list) }),
  );
  api.post(
    "/api/admin/date-configurations",
    {
      schema: { tags, body, response: { 201: view } },
      config: { console: "date_configurations.date_configurations.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        service.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/date-configurations/order",
    {
      schema: { tags, body: orderBody, response: { 200: adminDateConfigurationList } },
      config: { console: "date_configurations.date_configurations.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) => service.reorder(context, request.body)),
    }),
  );
  api.put(
    "/api/admin/date-configurations/:cuid",
    {
      schema: { tags, params, body, response: { 200: view } },
      config: { console: "date_configurations.date_configurations.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        service.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/date-configurations/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "date_configurations.date_configurations.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) => service.remove(context, request.params.cuid));
      return { ok: true as const };
    },
  );
}
