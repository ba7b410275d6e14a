import {
  apiKeyBody,
  apiKeyCreated,
  apiKeyList,
  apiKeyParams,
  apiKeyView,
  okResponse,
  webhookDeliveriesQuery,
  webhookDeliveryList,
  webhookDeliveryParams,
  webhookEndpointBody,
  webhookEndpointDetail,
  webhookEndpointList,
  webhookParams,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import type { IntegrationsConsole } from "./service.ts";

/**
 * The console's integrations (decision 0086): reading needs `integrations.integrations.read`;
 * subscribing, editing, resending and creating keys `activate`; deleting and revoking
 * `deactivate`.
 */
export function registerIntegrationConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { integrations: IntegrationsConsole },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: integrations"];
  const { integrations } = deps;
  const read = "integrations.integrations.read" as const;
  const activate = "integrations.integrations.activate" as const;
  const deactivate = "integrations.integrations.deactivate" as const;
  const base = "/api/admin/integrations/webhooks";

  api.get(
    base,
    { schema: { tags, response: { 200: webhookEndpointList } }, config: { console: read } },
    (request) => inConsole(deps, request, (context) => integrations.listEndpoints(context)),
  );
  api.post(
    base,
    {
      schema: { tags, body: webhookEndpointBody, response: { 201: webhookEndpointDetail } },
      config: { console: activate },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        integrations.createEndpoint(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    `${base}/:cuid`,
    {
      schema: { tags, params: webhookParams, response: { 200: webhookEndpointDetail } },
      config: { console: read },
    },
    (request) =>
      inConsole(deps, request, (context) => integrations.getEndpoint(context, request.params.cuid)),
  );
  api.put(
    `${base}/:cuid`,
    {
      schema: {
        tags,
        params: webhookParams,
        body: webhookEndpointBody,
        response: { 200: webhookEndpointDetail },
      },
      config: { console: activate },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        integrations.updateEndpoint(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    `${base}/:cuid`,
    {
      schema: { tags, params: webhookParams, response: { 200: okResponse } },
      config: { console: deactivate },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        integrations.deleteEndpoint(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
  api.get(
    `${base}/:cuid/deliveries`,
    {
      schema: {
        tags,
        params: webhookParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveryList },
      },
      config: { console: read },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        integrations.listDeliveries(context, request.params.cuid, request.query),
      ),
  );
  api.post(
    `${base}/:cuid/deliveries/:delivery/resend`,
    {
      schema: { tags, params: webhookDeliveryParams, response: { 200: okResponse } },
      config: { console: activate },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        integrations.resendDelivery(context, request.params.cuid, request.params.delivery),
      );
      return { ok: true as const };
    },
  );

  const keys = "/api/admin/integrations/api-keys";
  api.get(
    keys,
    { schema: { tags, response: { 200: apiKeyList } }, config: { console: read } },
    (request) => inConsole(deps, request, (context) => integrations.listApiKeys(context)),
  );
  api.post(
    keys,
    {
      schema: { tags, body: apiKeyBody, response: { 201: apiKeyCreated } },
      config: { console: activate },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        integrations.createApiKey(context, request.body),
      );
      // The whole key is in this answer only: nothing may keep a copy of it.
      return reply.status(201).header("cache-control", "no-store").send(created);
    },
  );
  api.post(
    `${keys}/:cuid/revoke`,
    {
      schema: { tags, params: apiKeyParams, response: { 200: apiKeyView } },
      config: { console: deactivate },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        integrations.revokeApiKey(context, request.params.cuid),
      ),
  );
}
