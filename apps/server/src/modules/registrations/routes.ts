import {
  cancelRegistrationBody,
  createReviewBody,
  listRegistrationsQuery,
  registrationDetailParams,
  registrationDetailResponse,
  registrationList,
  registrationResponse,
  reviewResponse,
  updateRegistrationBody,
  updateReviewBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { customerItemOr404 } from "../account-items/routes.ts";
import { withCalendarFeed } from "./calendar-feed.ts";
import {
  cancelRegistration,
  createReview,
  listRegistrations,
  updateRegistration,
  updateReview,
} from "./service.ts";

/** The customer's registrations in the account area: platform-and-account.md §7. */
export function registerRegistrationRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["registrations"];

  api.get(
    "/api/registrations",
    { schema: { tags, querystring: listRegistrationsQuery, response: { 200: registrationList } } },
    async (request) =>
      inTenant(deps, request, (context) => listRegistrations(context, request.query)),
  );

  api.get(
    "/api/registrations/:cuid",
    {
      schema: {
        tags,
        params: registrationDetailParams,
        response: { 200: registrationDetailResponse },
      },
    },
    async (request) => ({
      registration: await customerItemOr404(
        deps,
        request,
        (context, cuid) =>
          withCalendarFeed({ ...context, secret: deps.secret, urls: app.publicUrls }, cuid),
        "REGISTRATION_NOT_FOUND",
      ),
    }),
  );

  api.put(
    "/api/registrations",
    { schema: { tags, body: updateRegistrationBody, response: { 200: registrationResponse } } },
    async (request) => ({
      registration: await inTenant(deps, request, (context) =>
        updateRegistration(context, request.body),
      ),
    }),
  );

  api.post(
    "/api/registrations/cancel",
    { schema: { tags, body: cancelRegistrationBody, response: { 200: registrationResponse } } },
    async (request) => ({
      registration: await inTenant(deps, request, (context) =>
        cancelRegistration(context, request.body),
      ),
    }),
  );

  api.post(
    "/api/registrations/review",
    { schema: { tags, body: createReviewBody, response: { 201: reviewResponse } } },
    async (request, reply) => {
      const review = await inTenant(deps, request, (context) =>
        createReview(context, request.body),
      );
      return reply.status(201).send({ review });
    },
  );

  api.put(
    "/api/registrations/review",
    { schema: { tags, body: updateReviewBody, response: { 200: reviewResponse } } },
    async (request) => ({
      review: await inTenant(deps, request, (context) => updateReview(context, request.body)),
    }),
  );
}
