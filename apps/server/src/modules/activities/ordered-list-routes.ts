import { activityParams, type OrderBody, okResponse, orderBody } from "@booking/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  type ConsoleAccess,
  type ConsoleContext,
  type ConsoleDeps,
  inConsole,
} from "../../http/console-context.ts";

/** What the console service of an ordered list under an activity offers its routes. */
export interface ActivityListConsole<Body, View> {
  list(context: ConsoleContext, activityCuid: string): Promise<View[]>;
  create(context: ConsoleContext, activityCuid: string, body: Body): Promise<View>;
  reorder(context: ConsoleContext, activityCuid: string, body: OrderBody): Promise<View[]>;
  update(context: ConsoleContext, activityCuid: string, cuid: string, body: Body): Promise<View>;
  remove(context: ConsoleContext, activityCuid: string, cuid: string): Promise<void>;
}

export interface ActivityListRoutes<Body, View> {
  /** The list's path under the activity: "questions", "request-tiers"… */
  segment: string;
  /** The name of an item's path parameter ("question", "tier"…) and the contract of both. */
  param: string;
  params: z.ZodType<{ cuid: string }>;
  body: z.ZodType<Body>;
  view: z.ZodType<View>;
  list: z.ZodType<{ data: View[] }>;
  access: {
    read: ConsoleAccess;
    create: ConsoleAccess;
    update: ConsoleAccess;
    delete: ConsoleAccess;
  };
  service: ActivityListConsole<Body, View>;
}

/**
 * The five routes of an ordered list an activity owns (options, questions, request tiers,
 * registration constraints): /api/admin/activities/:cuid/{segment} to list and create,
 * /order to reorder, /:{param} to change and delete one item.
 */
export function registerActivityListRoutes<Body, View>(
  app: FastifyInstance,
  deps: ConsoleDeps,
  routes: ActivityListRoutes<Body, View>,
): void {
  // The schemas are the list's own, so the handlers read what they validated through casts.
  const api = app;
  const tags = ["console: activities"];
  const path = `/api/admin/activities/:cuid/${routes.segment}`;
  const itemPath = `${path}/:${routes.param}`;
  const itemParams = routes.params;
  const activityOf = (request: FastifyRequest) => (request.params as { cuid: string }).cuid;
  const itemOf = (request: FastifyRequest) =>
    (request.params as Record<string, string>)[routes.param] as string;
  const { service, access } = routes;

  api.get(
    path,
    {
      schema: { tags, params: activityParams, response: { 200: routes.list } },
      config: { console: access.read },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) => service.list(context, activityOf(request))),
    }),
  );
  api.post(
    path,
    {
      schema: { tags, params: activityParams, body: routes.body, response: { 201: routes.view } },
      config: { console: access.create },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        service.create(context, activityOf(request), request.body as Body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    `${path}/order`,
    {
      schema: { tags, params: activityParams, body: orderBody, response: { 200: routes.list } },
      config: { console: access.update },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        service.reorder(context, activityOf(request), request.body as OrderBody),
      ),
    }),
  );
  api.put(
    itemPath,
    {
      schema: { tags, params: itemParams, body: routes.body, response: { 200: routes.view } },
      config: { console: access.update },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        service.update(context, activityOf(request), itemOf(request), request.body as Body),
      ),
  );
  api.delete(
    itemPath,
    {
      schema: { tags, params: itemParams, response: { 200: okResponse } },
      config: { console: access.delete },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        service.remove(context, activityOf(request), itemOf(request)),
      );
      return { ok: true as const };
    },
  );
}
