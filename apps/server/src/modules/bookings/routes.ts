import {
  accountItemParams,
  accountListQuery,
  bookingList,
  bookingResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { customerItemOr404 } from "../account-items/routes.ts";
import { registerCustomerCancellationRoutes } from "./customer-cancellation-routes.ts";
import { bookingByCuid, listBookings } from "./service.ts";

/** The customer's resource bookings: platform-and-account.md §2.3, §6. */
export function registerBookingRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["bookings"];

  api.get(
    "/api/bookings",
    { schema: { tags, querystring: accountListQuery, response: { 200: bookingList } } },
    async (request) => inTenant(deps, request, (context) => listBookings(context, request.query)),
  );

  api.get(
    "/api/bookings/:cuid",
    { schema: { tags, params: accountItemParams, response: { 200: bookingResponse } } },
    async (request) => ({
      booking: await customerItemOr404(deps, request, bookingByCuid, "BOOKING_NOT_FOUND"),
    }),
  );
  registerCustomerCancellationRoutes(app, deps);
}
