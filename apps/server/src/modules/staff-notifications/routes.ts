import {
  adminCuidParams,
  availabilityStaffBody,
  availabilityStaffView,
  staffNotificationPreferencesBody,
  staffNotificationPreferencesView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { availabilityStaffConsole } from "./assignment-service.ts";
import { staffPreferencesConsole } from "./preferences-service.ts";

/**
 * The staff of an availability (read with the availability, changed with its update
 * permission) and the logged-in collaborator's own notification preferences (any member).
 */
export function registerStaffNotificationRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = {
    tags: ["console: availabilities"],
    params: adminCuidParams,
    response: { 200: availabilityStaffView },
  };
  api.get(
    "/api/admin/availabilities/:cuid/staff",
    { schema: staff, config: { console: "availabilities.availabilities.read" } },
    (request) =>
      inConsole(deps, request, (context) =>
        availabilityStaffConsole.view(context, request.params.cuid),
      ),
  );
  api.put(
    "/api/admin/availabilities/:cuid/staff",
    {
      schema: { ...staff, body: availabilityStaffBody },
      config: { console: "availabilities.availabilities.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        availabilityStaffConsole.update(context, request.params.cuid, request.body),
      ),
  );

  const preferences = {
    tags: ["console: profile"],
    response: { 200: staffNotificationPreferencesView },
  };
  api.get(
    "/api/admin/profile/notifications",
    { schema: preferences, config: { console: "session" } },
    (request) => inConsole(deps, request, staffPreferencesConsole.view),
  );
  api.put(
    "/api/admin/profile/notifications",
    {
      schema: { ...preferences, body: staffNotificationPreferencesBody },
      config: { console: "session" },
    },
    (request) =>
      inConsole(deps, request, (context) => staffPreferencesConsole.update(context, request.body)),
  );
}
