import {
  activityOptionParams,
  adminOptionList,
  adminOptionView,
  optionBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ConsoleDeps } from "../../http/console-context.ts";
import { activityOptionsConsole } from "./option-service.ts";
import { registerActivityListRoutes } from "./ordered-list-routes.ts";

/** An activity's options with their prices (/api/admin/activities/:cuid/options). */
export function registerActivityOptionRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  registerActivityListRoutes(app, deps, {
    segment: "options",
    param: "option",
    params: activityOptionParams,
    body: optionBody,
    view: adminOptionView,
    list: adminOptionList,
    access: {
      read: "activities.options.read",
      create: "activities.options.create",
      update: "activities.options.update",
      delete: "activities.options.delete",
    },
    service: activityOptionsConsole,
  });
}
