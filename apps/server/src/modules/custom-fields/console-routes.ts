import {
  adminCustomFieldList,
  adminCustomFieldsQuery,
  adminCustomFieldView,
  customFieldBody,
  customFieldOrderBody,
  customFieldParams,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { customFieldsConsole } from "./console-service.ts";

/** The console's custom fields of customers and participants. */
export function registerCustomFieldConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: custom fields"];
  const params = customFieldParams;

  api.get(
    "/api/admin/custom-fields",
    {
      schema: {
        tags,
        querystring: adminCustomFieldsQuery,
        response: { 200: adminCustomFieldList },
      },
      config: { console: "customers.custom_fields.read" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        customFieldsConsole.list(context, request.query.entity),
      ),
    }),
  );
  api.post(
    "/api/admin/custom-fields",
    {
      schema: { tags, body: customFieldBody, response: { 201: adminCustomFieldView } },
      config: { console: "customers.custom_fields.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        customFieldsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/custom-fields/order",
    {
      schema: { tags, body: customFieldOrderBody, response: { 200: adminCustomFieldList } },
      config: { console: "customers.custom_fields.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        customFieldsConsole.reorder(context, request.body),
      ),
    }),
  );
  api.put(
    "/api/admin/custom-fields/:cuid",
    {
      schema: { tags, params, body: customFieldBody, response: { 200: adminCustomFieldView } },
      config: { console: "customers.custom_fields.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customFieldsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/custom-fields/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "customers.custom_fields.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        customFieldsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}
