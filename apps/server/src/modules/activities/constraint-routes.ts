import {
  activityParams,
  activityRegistrationConstraintParams,
  adminRegistrationConstraintList,
  adminRegistrationConstraintView,
  okResponse,
  orderBody,
  registrationConstraintBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { activityConstraintsConsole } from "./constraint-service.ts";

/**
 * An activity's registration constraints (/api/admin/activities/:cuid/registration-constraints),
 * under the activities.registration_constraints.* permissions.
 */
export function registerActivityConstraintRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: activities"];
  const path = "/api/admin/activities/:cuid/registration-constraints";
  const params = activityRegistrationConstraintParams;

  api.get(
    path,
    {
      schema: { tags, params: activityParams, response: { 200: adminRegistrationConstraintList } },
      config: { console: "activities.registration_constraints.read" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        activityConstraintsConsole.list(context, request.params.cuid),
      ),
    }),
  );
  api.post(
    path,
    {
      schema: {
        tags,
        params: activityParams,
        body: registrationConstraintBody,
        response: { 201: adminRegistrationConstraintView },
      },
      config: { console: "activities.registration_constraints.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        activityConstraintsConsole.create(context, request.params.cuid, request.body),
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
        response: { 200: adminRegistrationConstraintList },
      },
      config: { console: "activities.registration_constraints.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        activityConstraintsConsole.reorder(context, request.params.cuid, request.body),
      ),
    }),
  );
  api.put(
    `${path}/:constraint`,
    {
      schema: {
        tags,
        params,
        body: registrationConstraintBody,
        response: { 200: adminRegistrationConstraintView },
      },
      config: { console: "activities.registration_constraints.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        activityConstraintsConsole.update(
          context,
          request.params.cuid,
          request.params.constraint,
          request.body,
        ),
      ),
  );
  api.delete(
    `${path}/:constraint`,
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.registration_constraints.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        activityConstraintsConsole.remove(context, request.params.cuid, request.params.constraint),
      );
      return { ok: true as const };
    },
  );
}
