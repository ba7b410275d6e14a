import { type AccountItemsReader, accountListQuery } from "@booking/contracts";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import type { Actor, ContextDeps, ServiceContext } from "../../http/service-context.ts";
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
import { customerProofs } from "../transaction-proofs/service.ts";
import { customerReads } from "./reads.ts";

/** An order's read, null (not the customer's, or no order) instead of CART_NOT_FOUND. */
function unlessCartMissing<T>(read: (context: ServiceContext, cuid: string) => Promise<T>) {
  return async (context: ServiceContext, cuid: string): Promise<T | null> => {
    try {
      return await read(context, cuid);
    } catch (error) {
      if (error instanceof AppError && error.code === "CART_NOT_FOUND") return null;
      throw error;
    }
  };
}

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
    cart: item(unlessCartMissing(processedCart)),
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
    cartTransactionProofs: item(unlessCartMissing(customerProofs.ofCart)),
  };
}
