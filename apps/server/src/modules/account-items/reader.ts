import { type AccountItemsReader, accountListQuery } from "@booking/contracts";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import type { Actor, ContextDeps } from "../../http/service-context.ts";
import { attendanceChargeByCuid, listAttendanceCharges } from "../attendance-charges/service.ts";
import { ownBookingCancellation } from "../bookings/customer-cancellation.ts";
import { bookingByCuid, listBookings } from "../bookings/service.ts";
import { processedCart } from "../checkout/service.ts";
import { pageInvoices } from "../invoices/service.ts";
import {
  bundleByCuid,
  listBundles,
  listMemberships,
  listOrders,
  membershipByCuid,
} from "../purchases/service.ts";
import {
  listRegistrationRequests,
  registrationRequestByCuid,
} from "../registration-requests/service.ts";
import { customerReads } from "./reads.ts";

/**
 * The account pages' reads of orders, registration requests, bookings, bundles, memberships and
 * attendance charges, for the page loaders of one request (see customerReads).
 */
export function createAccountItemsReader(
  deps: ContextDeps,
  request: FastifyRequest,
  actor: Actor,
): AccountItemsReader {
  const { list, item } = customerReads(deps, request, actor);
  return {
    carts: list(accountListQuery, listOrders),
    cart: item(async (context, cuid) => {
      try {
        return await processedCart(context, cuid);
      } catch (error) {
        if (error instanceof AppError && error.code === "CART_NOT_FOUND") return null;
        throw error;
      }
    }),
    registrationRequests: list(accountListQuery, listRegistrationRequests),
    registrationRequest: item(registrationRequestByCuid),
    bookings: list(accountListQuery, listBookings),
    booking: item(bookingByCuid),
    bookingCancellation: item(ownBookingCancellation),
    bundles: list(accountListQuery, listBundles),
    bundle: item(bundleByCuid),
    memberships: list(accountListQuery, listMemberships),
    membership: item(membershipByCuid),
    attendanceCharges: list(accountListQuery, listAttendanceCharges),
    attendanceCharge: item(attendanceChargeByCuid),
    cartInvoices: item((context, cuid) => pageInvoices(context, "CART", cuid)),
    registrationRequestInvoices: item((context, cuid) =>
      pageInvoices(context, "REGISTRATION_REQUEST", cuid),
    ),
    bookingInvoices: item((context, cuid) => pageInvoices(context, "BOOKING", cuid)),
  };
}
