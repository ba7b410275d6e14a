import {
  activityOptionParams,
  activityParams,
  adminOptionList,
  adminOptionView,
  okResponse,
  optionBody,
  orderBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { activityOptionsConsole } from "./option-service.ts";

/** An activity's options with their prices (/api/admin/activities/:cuid/options). */
export function registerActivityOptionRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: activities"];
  const params = activityOptionParams;

  api.get(
    "/api/admin/activities/:cuid/options",
    {
      schema: { tags, params: activityParams, response: { 200: adminOptionList } },
      config: { console: "activities.options.read" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        activityOptionsConsole.list(context, request.params.cuid),
      ),
    }),
  );
  api.post(
    "/api/admin/activities/:cuid/options",
    {
      schema: {
        tags,
        params: activityParams,
        body: optionBody,
        response: { 201: adminOptionView },
      },
      config: { console: "activities.options.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        activityOptionsConsole.create(context, request.params.cuid, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/activities/:cuid/options/order",
    {
      schema: { tags, params: activityParams, body: orderBody, response: { 200: adminOptionList } },
      config: { console: "activities.options.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        activityOptionsConsole.reorder(context, request.params.cuid, request.body),
      ),
    }),
  );
  api.put(
    "/api/admin/activities/:cuid/options/:option",
    {
      schema: { tags, params, body: optionBody, response: { 200: adminOptionView } },
      config: { console: "activities.options.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        activityOptionsConsole.update(
          context,
          request.params.cuid,
          request.params.option,
          request.body,
        ),
      ),
  );
  api.delete(
    "/api/admin/activities/:cuid/options/:option",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.options.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        activityOptionsConsole.remove(context, request.params.cuid, request.params.option),
      );
      return { ok: true as const };
    },
  );
}
