import {
  activityReviews,
  adminReviewList,
  adminReviewView,
  okResponse,
  reviewAnswerBody,
  reviewListQuery,
  reviewParams,
  reviewVisibilityBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { publicActivityReviews, reviewsConsole } from "./service.ts";

/** Reviews: the console's list, answer, visibility and deletion, and an activity's public reviews. */
export function registerReviewRoutes(app: FastifyInstance, deps: ConsoleDeps & ContextDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: reviews"];
  const params = reviewParams;

  api.get(
    "/api/admin/reviews",
    {
      schema: { tags, querystring: reviewListQuery, response: { 200: adminReviewList } },
      config: { console: "customers.reviews.read" },
    },
    (request) => inConsole(deps, request, (context) => reviewsConsole.list(context, request.query)),
  );
  api.put(
    "/api/admin/reviews/:cuid/answer",
    {
      schema: { tags, params, body: reviewAnswerBody, response: { 200: adminReviewView } },
      config: { console: "customers.reviews.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        reviewsConsole.answer(context, request.params.cuid, request.body),
      ),
  );
  api.put(
    "/api/admin/reviews/:cuid/visibility",
    {
      schema: { tags, params, body: reviewVisibilityBody, response: { 200: adminReviewView } },
      config: { console: "customers.reviews.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        reviewsConsole.setHidden(context, request.params.cuid, request.body),
      ),
  );

  api.delete(
    "/api/admin/reviews/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "customers.reviews.delete" },
    },
    (request) =>
      inConsole(deps, request, (context) => reviewsConsole.remove(context, request.params.cuid)),
  );

  api.get(
    "/api/activities/:cuid/reviews",
    {
      schema: {
        tags: ["catalogue"],
        params: z.object({ cuid: z.string().max(40) }),
        response: { 200: activityReviews },
      },
    },
    (request) =>
      inTenant(deps, request, (context) => publicActivityReviews(context, request.params.cuid)),
  );
}
