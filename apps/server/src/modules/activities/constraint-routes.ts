import {
  activityRegistrationConstraintParams,
  adminRegistrationConstraintList,
  adminRegistrationConstraintView,
  registrationConstraintBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ConsoleDeps } from "../../http/console-context.ts";
import { activityConstraintsConsole } from "./constraint-service.ts";
import { registerActivityListRoutes } from "./ordered-list-routes.ts";

/**
 * An activity's registration constraints (/api/admin/activities/:cuid/registration-constraints),
 * under the activities.registration_constraints.* permissions.
 */
export function registerActivityConstraintRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  registerActivityListRoutes(app, deps, {
    segment: "registration-constraints",
    param: "constraint",
    params: activityRegistrationConstraintParams,
    body: registrationConstraintBody,
    view: adminRegistrationConstraintView,
    list: adminRegistrationConstraintList,
    access: {
      read: "activities.registration_constraints.read",
      create: "activities.registration_constraints.create",
      update: "activities.registration_constraints.update",
      delete: "activities.registration_constraints.delete",
    },
    service: activityConstraintsConsole,
  });
}
