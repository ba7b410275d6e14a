import {
  activitiesQuery,
  activityList,
  activityView,
  availabilitiesCalendarQuery,
  availabilitiesQuery,
  availabilityCalendar,
  availabilityDatesQuery,
  availabilityDatesResponse,
  availabilityList,
  bundleList,
  membershipList,
  productsQuery,
  resourceAvailabilitiesQuery,
  resourceAvailabilityList,
  resourceList,
  resourcesQuery,
  voucherList,
} from "@booking/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPublicJson } from "../../http/public-answers.ts";
import type { PublicCache } from "../../http/public-cache.ts";
import { type ContextDeps, inTenant, type ServiceContext } from "../../http/service-context.ts";
import {
  availabilitiesCalendar,
  listActivities,
  listAvailabilities,
  listAvailabilityDates,
  listBundles,
  listMemberships,
  listResourceAvailabilities,
  listResourceViews,
  listVouchers,
} from "./service.ts";

/** `GET /api/activities?id=…` answers the requested activities only, without paging. */
const activitiesResponse = z.union([activityList, z.object({ data: z.array(activityView) })]);

/** The storefront's catalogue calls (storefront.md §7), read-only, on organiser hosts. */
export function registerCatalogueRoutes(
  app: FastifyInstance,
  deps: ContextDeps & { publicCache: PublicCache | null },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["catalogue"];
  // The answers are the same for every visitor of the organiser: cached for a moment (0012).
  const answer = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: (context: ServiceContext) => Promise<T>,
  ) => sendPublicJson(deps.publicCache, request, reply, () => inTenant(deps, request, read));

  api.get(
    "/api/activities",
    { schema: { tags, querystring: activitiesQuery, response: { 200: activitiesResponse } } },
    (request, reply) => answer(request, reply, (context) => listActivities(context, request.query)),
  );

  api.get(
    "/api/availabilities",
    { schema: { tags, querystring: availabilitiesQuery, response: { 200: availabilityList } } },
    (request, reply) =>
      answer(request, reply, (context) => listAvailabilities(context, request.query)),
  );

  api.get(
    "/api/availabilities/calendar",
    {
      schema: {
        tags,
        querystring: availabilitiesCalendarQuery,
        response: { 200: availabilityCalendar },
      },
    },
    (request, reply) =>
      answer(request, reply, (context) => availabilitiesCalendar(context, request.query)),
  );

  api.get(
    "/api/availabilities/dates",
    {
      schema: {
        tags,
        querystring: availabilityDatesQuery,
        response: { 200: availabilityDatesResponse },
      },
    },
    (request, reply) =>
      answer(request, reply, (context) => listAvailabilityDates(context, request.query)),
  );

  api.get(
    "/api/bundles",
    { schema: { tags, querystring: productsQuery, response: { 200: bundleList } } },
    (request, reply) => answer(request, reply, (context) => listBundles(context, request.query)),
  );

  api.get(
    "/api/memberships",
    { schema: { tags, querystring: productsQuery, response: { 200: membershipList } } },
    (request, reply) =>
      answer(request, reply, (context) => listMemberships(context, request.query)),
  );

  api.get(
    "/api/vouchers",
    { schema: { tags, querystring: productsQuery, response: { 200: voucherList } } },
    (request, reply) => answer(request, reply, (context) => listVouchers(context, request.query)),
  );

  api.get(
    "/api/resources",
    { schema: { tags, querystring: resourcesQuery, response: { 200: resourceList } } },
    (request, reply) =>
      answer(request, reply, (context) => listResourceViews(context, request.query)),
  );

  api.get(
    "/api/resources/availabilities",
    {
      schema: {
        tags,
        querystring: resourceAvailabilitiesQuery,
        response: { 200: resourceAvailabilityList },
      },
    },
    (request, reply) =>
      answer(request, reply, (context) => listResourceAvailabilities(context, request.query)),
  );
}
