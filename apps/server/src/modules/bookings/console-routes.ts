import {
  adminChoiceSearchQuery,
  adminCuidParams,
  adminCustomerChoices,
  adminResourceList,
  adminResourceView,
  bookingCancelBody,
  bookingMoveBody,
  okResponse,
  resourceBody,
  resourceClosureBody,
  resourceClosureParams,
  resourcePlanningQuery,
  resourcePlanningView,
  staffBookingBody,
  staffBookingView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { registerGalleryRoutes } from "../images/gallery-routes.ts";
import type { ImageStore } from "../images/storage.ts";
import { searchCustomers } from "../registrations/console-service.ts";
import { staffBookings } from "./console-booking-service.ts";
import { listConsoleResources, resourcePlanning } from "./console-planning.ts";
import { registerResourceGroupRoutes } from "./console-resource-group-routes.ts";
import { resourceGroupImagesConsole } from "./console-resource-group-service.ts";
import { resourceImagesConsole, resourcesConsole } from "./console-resource-service.ts";

/**
 * The console's resources: their planning (decision 0063), their editor (decision 0065), their
 * images, groups and booking configurations (decision 0071).
 */
export async function registerResourceConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { images: ImageStore },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: resources"];

  api.get(
    "/api/admin/resources",
    {
      schema: { tags, response: { 200: adminResourceList } },
      config: { console: "resources.resources.read" },
    },
    (request) => inConsole(deps, request, (context) => listConsoleResources(context)),
  );
  api.get(
    "/api/admin/resources/:cuid/planning",
    {
      schema: {
        tags,
        params: adminCuidParams,
        querystring: resourcePlanningQuery,
        response: { 200: resourcePlanningView },
      },
      config: { console: "bookings.bookings.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        resourcePlanning(context, request.params.cuid, request.query),
      ),
  );
  registerResourceEditorRoutes(app, deps);
  registerStaffBookingRoutes(app, deps);
  registerResourceGroupRoutes(app, deps);
  await registerGalleryRoutes(app, deps, {
    path: "/api/admin/resources",
    tags,
    permission: "resources.resources.update",
    gallery: resourceImagesConsole,
  });
  await registerGalleryRoutes(app, deps, {
    path: "/api/admin/resource-groups",
    tags,
    permission: "resources.groups.update",
    gallery: resourceGroupImagesConsole,
  });
}

/** Staff book for a customer, move and cancel bookings (decision 0065). */
function registerStaffBookingRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: bookings"];
  const params = adminCuidParams;
  // Whom to book for: the same customer search as registering by hand.
  api.get(
    "/api/admin/bookings/customers",
    {
      schema: {
        tags,
        querystring: adminChoiceSearchQuery,
        response: { 200: adminCustomerChoices },
      },
      config: { console: "bookings.bookings.create" },
    },
    (request) => inConsole(deps, request, (context) => searchCustomers(context, request.query.q)),
  );
  api.post(
    "/api/admin/resources/:cuid/bookings",
    {
      schema: { tags, params, body: staffBookingBody, response: { 201: staffBookingView } },
      config: { console: "bookings.bookings.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        staffBookings.create(context, request.params.cuid, request.body, app.publicUrls),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/bookings/:cuid/period",
    {
      schema: { tags, params, body: bookingMoveBody, response: { 200: staffBookingView } },
      config: { console: "bookings.bookings.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        staffBookings.move(context, request.params.cuid, request.body),
      ),
  );
  api.post(
    "/api/admin/bookings/:cuid/cancel",
    {
      schema: { tags, params, body: bookingCancelBody, response: { 200: staffBookingView } },
      config: { console: "bookings.bookings.delete" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        staffBookings.cancel(context, request.params.cuid, request.body),
      ),
  );
}

function registerResourceEditorRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: resources"];
  const params = adminCuidParams;
  const view = { 200: adminResourceView };

  api.post(
    "/api/admin/resources",
    {
      schema: { tags, body: resourceBody, response: { 201: adminResourceView } },
      config: { console: "resources.resources.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        resourcesConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    "/api/admin/resources/:cuid",
    { schema: { tags, params, response: view }, config: { console: "resources.resources.read" } },
    (request) =>
      inConsole(deps, request, (context) => resourcesConsole.get(context, request.params.cuid)),
  );
  api.put(
    "/api/admin/resources/:cuid",
    {
      schema: { tags, params, body: resourceBody, response: view },
      config: { console: "resources.resources.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        resourcesConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/resources/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "resources.resources.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        resourcesConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
  api.post(
    "/api/admin/resources/:cuid/closures",
    {
      schema: { tags, params, body: resourceClosureBody, response: { 201: adminResourceView } },
      config: { console: "resources.resources.update" },
    },
    async (request, reply) => {
      const saved = await inConsole(deps, request, (context) =>
        resourcesConsole.addClosure(context, request.params.cuid, request.body),
      );
      return reply.status(201).send(saved);
    },
  );
  api.delete(
    "/api/admin/resources/:cuid/closures/:closure",
    {
      schema: { tags, params: resourceClosureParams, response: view },
      config: { console: "resources.resources.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        resourcesConsole.removeClosure(context, request.params.cuid, request.params.closure),
      ),
  );
}
