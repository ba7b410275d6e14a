import { accountItemParams, bookingCancellationView } from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextDeps } from "../../http/service-context.ts";
import { customerItemOr404 } from "../account-items/routes.ts";
import { cancelOwnBooking, ownBookingCancellation } from "./customer-cancellation.ts";

/**
 * The customer's own cancellation of a booking (decision 0071): whether it is still possible
 * (and why not), and doing it.
 */
export function registerCustomerCancellationRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["bookings"];
  const schema = { tags, params: accountItemParams, response: { 200: bookingCancellationView } };

  api.get("/api/bookings/:cuid/cancellation", { schema }, (request) =>
    customerItemOr404(deps, request, ownBookingCancellation, "BOOKING_NOT_FOUND"),
  );
  api.post("/api/bookings/:cuid/cancel", { schema }, (request) =>
    customerItemOr404(deps, request, cancelOwnBooking, "BOOKING_NOT_FOUND"),
  );
}
