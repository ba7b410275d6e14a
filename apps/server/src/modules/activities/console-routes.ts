import {
  activityBody,
  activityParams,
  activityPublishedBody,
  adminActivitiesQuery,
  adminActivityList,
  adminActivityView,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import type { ImageStore } from "../images/storage.ts";
import { registerRequestTierConsoleRoutes } from "../request-tiers/console-routes.ts";
import { activitiesConsole } from "./console-service.ts";
import { registerActivityConstraintRoutes } from "./constraint-routes.ts";
import { registerActivityImageRoutes } from "./image-routes.ts";
import { registerActivityOptionRoutes } from "./option-routes.ts";
import { registerActivityQuestionRoutes } from "./question-routes.ts";

export interface ActivityRouteDeps extends ConsoleDeps {
  images: ImageStore;
}

/**
 * The console's activities: list, create, edit, publish or unpublish, delete (when nothing
 * refers to them), with their options, questions and images.
 */
export async function registerActivityConsoleRoutes(
  app: FastifyInstance,
  deps: ActivityRouteDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: activities"];
  const params = activityParams;

  api.get(
    "/api/admin/activities",
    {
      schema: { tags, querystring: adminActivitiesQuery, response: { 200: adminActivityList } },
      config: { console: "activities.activities.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => activitiesConsole.list(context, request.query)),
  );
  api.post(
    "/api/admin/activities",
    {
      schema: { tags, body: activityBody, response: { 201: adminActivityView } },
      config: { console: "activities.activities.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        activitiesConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    "/api/admin/activities/:cuid",
    {
      schema: { tags, params, response: { 200: adminActivityView } },
      config: { console: "activities.activities.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => activitiesConsole.get(context, request.params.cuid)),
  );
  api.put(
    "/api/admin/activities/:cuid",
    {
      schema: { tags, params, body: activityBody, response: { 200: adminActivityView } },
      config: { console: "activities.activities.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        activitiesConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.put(
    "/api/admin/activities/:cuid/published",
    {
      schema: { tags, params, body: activityPublishedBody, response: { 200: adminActivityView } },
      config: { console: "activities.activities.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        activitiesConsole.setPublished(context, request.params.cuid, request.body.published),
      ),
  );
  api.delete(
    "/api/admin/activities/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.activities.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        activitiesConsole.remove(context, request.params.cuid, deps.images),
      );
      return { ok: true as const };
    },
  );

  registerActivityOptionRoutes(app, deps);
  registerActivityQuestionRoutes(app, deps);
  registerActivityConstraintRoutes(app, deps);
  registerRequestTierConsoleRoutes(app, deps);
  await registerActivityImageRoutes(app, deps);
}
