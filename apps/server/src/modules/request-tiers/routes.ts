import {
  publicActivityParams,
  registrationRequestsConfigurationResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { requestsConfiguration } from "./service.ts";

/** The storefront's read of an activity's request configuration (platform-and-account.md §7). */
export function registerRequestConfigurationRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/activities/:cuid/registrations-requests-configuration",
    {
      schema: {
        tags: ["registration requests"],
        params: publicActivityParams,
        response: { 200: registrationRequestsConfigurationResponse },
      },
    },
    (request) =>
      inTenant(deps, request, (context) => requestsConfiguration(context, request.params.cuid)),
  );
}
