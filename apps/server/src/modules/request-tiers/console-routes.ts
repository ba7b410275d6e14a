import {
  activityParams,
  activityRequestTierParams,
  adminRequestTierList,
  adminRequestTierView,
  okResponse,
  orderBody,
  requestTierBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { requestTiersConsole } from "./console-service.ts";

/**
 * The tiers of an activity's request configuration (/api/admin/activities/:cuid/request-tiers):
 * read with the activity, changed with the right to change it.
 */
export function registerRequestTierConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: activities"];
  const path = "/api/admin/activities/:cuid/request-tiers";

  api.get(
    path,
    {
      schema: { tags, params: activityParams, response: { 200: adminRequestTierList } },
      config: { console: "activities.activities.read" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        requestTiersConsole.list(context, request.params.cuid),
      ),
    }),
  );
  api.post(
    path,
    {
      schema: {
        tags,
        params: activityParams,
        body: requestTierBody,
        response: { 201: adminRequestTierView },
      },
      config: { console: "activities.activities.update" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        requestTiersConsole.create(context, request.params.cuid, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    `${path}/order`,
    {
      schema: {
        tags,
        params: activityParams,
        body: orderBody,
        response: { 200: adminRequestTierList },
      },
      config: { console: "activities.activities.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        requestTiersConsole.reorder(context, request.params.cuid, request.body),
      ),
    }),
  );
  api.put(
    `${path}/:tier`,
    {
      schema: {
        tags,
        params: activityRequestTierParams,
        body: requestTierBody,
        response: { 200: adminRequestTierView },
      },
      config: { console: "activities.activities.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        requestTiersConsole.update(context, request.params.cuid, request.params.tier, request.body),
      ),
  );
  api.delete(
    `${path}/:tier`,
    {
      schema: { tags, params: activityRequestTierParams, response: { 200: okResponse } },
      config: { console: "activities.activities.update" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        requestTiersConsole.remove(context, request.params.cuid, request.params.tier),
      );
      return { ok: true as const };
    },
  );
}
