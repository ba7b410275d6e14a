import {
  adminBookingConfigurationList,
  adminBookingConfigurationView,
  adminCuidParams,
  adminResourceGroupList,
  adminResourceGroupView,
  bookingConfigurationBody,
  okResponse,
  resourceGroupBody,
} from "@booking/contracts";
import type { Permission } from "@booking/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type ConsoleContext, type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { bookingConfigurationsConsole } from "./console-booking-configuration-service.ts";
import { resourceGroupsConsole } from "./console-resource-group-service.ts";

/**
 * The calls of one console record type: list, read, create, update, delete (methods, so that a
 * service taking its own body's type fits).
 */
type RecordConsole = {
  list(context: ConsoleContext): Promise<unknown>;
  get(context: ConsoleContext, cuid: string): Promise<unknown>;
  create(context: ConsoleContext, input: unknown): Promise<unknown>;
  update(context: ConsoleContext, cuid: string, input: unknown): Promise<unknown>;
  remove(context: ConsoleContext, cuid: string): Promise<void>;
};

/**
 * `{path}` (list, create) and `{path}/:cuid` (read, update, delete) of a console record, each
 * under `{permission}.{action}`.
 */
function registerRecordRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps,
  options: {
    path: string;
    tags: string[];
    permission: string;
    body: z.ZodType;
    view: z.ZodType;
    list: z.ZodType;
    service: RecordConsole;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { path, tags, body, view, list, service } = options;
  const access = (action: string) => ({
    console: `${options.permission}.${action}` as Permission,
  });
  const params = adminCuidParams;

  api.get(path, { schema: { tags, response: { 200: list } }, config: access("read") }, (request) =>
    inConsole(deps, request, (context) => service.list(context)),
  );
  api.post(
    path,
    { schema: { tags, body, response: { 201: view } }, config: access("create") },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        service.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    `${path}/:cuid`,
    { schema: { tags, params, response: { 200: view } }, config: access("read") },
    (request) => inConsole(deps, request, (context) => service.get(context, request.params.cuid)),
  );
  api.put(
    `${path}/:cuid`,
    { schema: { tags, params, body, response: { 200: view } }, config: access("update") },
    (request) =>
      inConsole(deps, request, (context) =>
        service.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    `${path}/:cuid`,
    { schema: { tags, params, response: { 200: okResponse } }, config: access("delete") },
    async (request) => {
      await inConsole(deps, request, (context) => service.remove(context, request.params.cuid));
      return { ok: true as const };
    },
  );
}

/** Resource groups and booking configurations (decision 0071). */
export function registerResourceGroupRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  registerRecordRoutes(app, deps, {
    path: "/api/admin/resource-groups",
    tags: ["console: resources"],
    permission: "resources.groups",
    body: resourceGroupBody,
    view: adminResourceGroupView,
    list: adminResourceGroupList,
    service: resourceGroupsConsole,
  });
  registerRecordRoutes(app, deps, {
    path: "/api/admin/booking-configurations",
    tags: ["console: bookings"],
    permission: "bookings.configurations",
    body: bookingConfigurationBody,
    view: adminBookingConfigurationView,
    list: adminBookingConfigurationList,
    service: bookingConfigurationsConsole,
  });
}
