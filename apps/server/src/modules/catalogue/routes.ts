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
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
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
export function registerCatalogueRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["catalogue"];

  api.get(
    "/api/activities",
    { schema: { tags, querystring: activitiesQuery, response: { 200: activitiesResponse } } },
    (request) => inTenant(deps, request, (context) => listActivities(context, request.query)),
  );

  api.get(
    "/api/availabilities",
    { schema: { tags, querystring: availabilitiesQuery, response: { 200: availabilityList } } },
    (request) => inTenant(deps, request, (context) => listAvailabilities(context, request.query)),
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
    (request) =>
      inTenant(deps, request, (context) => availabilitiesCalendar(context, request.query)),
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
    (request) =>
      inTenant(deps, request, (context) => listAvailabilityDates(context, request.query)),
  );

  api.get(
    "/api/bundles",
    { schema: { tags, querystring: productsQuery, response: { 200: bundleList } } },
    (request) => inTenant(deps, request, (context) => listBundles(context, request.query)),
  );

  api.get(
    "/api/memberships",
    { schema: { tags, querystring: productsQuery, response: { 200: membershipList } } },
    (request) => inTenant(deps, request, (context) => listMemberships(context, request.query)),
  );

  api.get(
    "/api/vouchers",
    { schema: { tags, querystring: productsQuery, response: { 200: voucherList } } },
    (request) => inTenant(deps, request, (context) => listVouchers(context, request.query)),
  );

  api.get(
    "/api/resources",
    { schema: { tags, querystring: resourcesQuery, response: { 200: resourceList } } },
    (request) => inTenant(deps, request, (context) => listResourceViews(context, request.query)),
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
    (request) =>
      inTenant(deps, request, (context) => listResourceAvailabilities(context, request.query)),
  );
}
