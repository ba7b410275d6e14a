import {
  accountItemParams,
  accountListQuery,
  cancelRegistrationRequestBody,
  registrationRequestList,
  registrationRequestResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { customerItemOr404 } from "../account-items/routes.ts";
import {
  cancelRegistrationRequest,
  listRegistrationRequests,
  registrationRequestByCuid,
} from "./service.ts";

/** The customer's registration requests: platform-and-account.md §2.3, §7. */
export function registerRegistrationRequestRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["registration requests"];

  api.get(
    "/api/registrations/requests",
    {
      schema: { tags, querystring: accountListQuery, response: { 200: registrationRequestList } },
    },
    async (request) =>
      inTenant(deps, request, (context) => listRegistrationRequests(context, request.query)),
  );

  api.get(
    "/api/registrations/requests/:cuid",
    {
      schema: { tags, params: accountItemParams, response: { 200: registrationRequestResponse } },
    },
    async (request) => ({
      registration_request: await customerItemOr404(
        deps,
        request,
        registrationRequestByCuid,
        "REGISTRATION_REQUEST_NOT_FOUND",
      ),
    }),
  );

  api.post(
    "/api/registrations/requests/cancel",
    {
      schema: {
        tags,
        body: cancelRegistrationRequestBody,
        response: { 200: registrationRequestResponse },
      },
    },
    async (request) => ({
      registration_request: await inTenant(deps, request, (context) =>
        cancelRegistrationRequest(context, request.body.registration_request_id),
      ),
    }),
  );
}
