import {
  activityRequestTierParams,
  adminRequestTierList,
  adminRequestTierView,
  requestTierBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ConsoleDeps } from "../../http/console-context.ts";
import { registerActivityListRoutes } from "../activities/ordered-list-routes.ts";
import { requestTiersConsole } from "./console-service.ts";

/**
 * The tiers of an activity's request configuration (/api/admin/activities/:cuid/request-tiers):
 * read with the activity, changed with the right to change it.
 */
export function registerRequestTierConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  registerActivityListRoutes(app, deps, {
    segment: "request-tiers",
    param: "tier",
    params: activityRequestTierParams,
    body: requestTierBody,
    view: adminRequestTierView,
    list: adminRequestTierList,
    access: {
      read: "activities.activities.read",
      create: "activities.activities.update",
      update: "activities.activities.update",
      delete: "activities.activities.update",
    },
    service: requestTiersConsole,
  });
}
