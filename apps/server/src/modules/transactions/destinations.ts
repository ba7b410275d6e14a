import type {
  ErrorCode,
  PaymentBalanceView,
  PaymentDestination,
  PaymentDestinationType,
} from "@booking/contracts";
import {
  attendanceChargeAmountDue,
  bookingShareAmountDue,
  cartAmountDue,
  partAmountDue,
  registrationAmountDue,
  registrationRequestAmountDue,
  spreadPayment,
} from "@booking/domain";
import type { ServiceContext } from "../../http/service-context.ts";
import { emitEvents, type NewEvent } from "../events/emit.ts";
import type { PaymentRow } from "../payments/queries.ts";
import {
  addPaidAmounts,
  type BalanceTarget,
  type CartPartRow,
  findRegistration,
  lockAttendanceCharge,
  lockBookingParticipation,
  lockCartsParts,
  lockProcessedCart,
  lockProcessedCarts,
  lockRegistrationRequest,
  type PaidKind,
} from "./queries.ts";

// What an account payment pays (docs/decisions/0019-account-payments.md): a processed cart, one
// of its registrations, a registration request or an attendance charge (0064) — locked, with what it still owes, and how a
// payment is credited to it.

export interface LockedDestination extends BalanceTarget {
  type: PaymentDestinationType;
  id: number;
  cuid: string;
  reference: string;
  customerId: number;
  total: number;
  paid: number;
  /** what is still owed: `cartAmountDue`, `registrationAmountDue`, `registrationRequestAmountDue` */
  due: number;
  /** a cancelled registration: nothing is asked, nothing is taken */
  cancelled: boolean;
  /** a cart's parts (registrations, bundles, memberships, vouchers), locked; [] otherwise */
  parts: CartPartRow[];
}

export const NOT_FOUND: Record<PaymentDestinationType, ErrorCode> = {
  CART: "CART_NOT_FOUND",
  REGISTRATION: "REGISTRATION_NOT_FOUND",
  REGISTRATION_REQUEST: "REGISTRATION_REQUEST_NOT_FOUND",
  ATTENDANCE_CHARGE: "ATTENDANCE_CHARGE_NOT_FOUND",
  BOOKING_PARTICIPATION: "BOOKING_NOT_FOUND",
};

/**
 * Processed carts as destinations of payments, locked with their parts (the first lock of every
 * cart change) in six statements whatever their number, in id order; the customer's own only
 * when `customerId` is given. A cart not found is left out.
 */
export async function lockCartDestinations(
  context: Pick<ServiceContext, "db" | "organiser">,
  cartIds: number[],
  customerId: number | null,
): Promise<Array<LockedDestination & { type: "CART" }>> {
  const { db, organiser } = context;
  const found = await lockProcessedCarts(db, organiser.id, cartIds, customerId);
  if (found.length === 0) return [];
  const partsOf = await lockCartsParts(
    db,
    organiser.id,
    found.map((cart) => cart.id),
  );
  return found.map((cart) => {
    const parts = partsOf.get(cart.id) ?? [];
    return {
      type: "CART" as const,
      id: cart.id,
      cuid: cart.cuid,
      reference: cart.reference ?? "",
      customerId: cart.customerId,
      total: (cart.totalAmount ?? 0) + cart.serviceFees,
      paid: cart.paidAmount,
      due: cartAmountDue({ service_fees: cart.serviceFees, paid: cart.paidAmount, parts }),
      cancelled: false,
      parts,
      cartId: cart.id,
      registrationId: null,
      registrationRequestId: null,
      attendanceChargeId: null,
      bookingParticipationId: null,
    };
  });
}

/**
 * Locks what `destination` names and answers where it stands; null when it does not exist — or,
 * with `customerId`, is not that customer's (another customer's or organiser's, an open cart).
 * Locks in the order of every cart change: the cart (a registration's cart first), its parts or
 * the registration, or the registration request. The caller locks the customer (wallet) after.
 */
export async function lockDestination(
  context: ServiceContext,
  destination: PaymentDestination,
  customerId: number | null,
): Promise<LockedDestination | null> {
  const { db, organiser } = context;
  const organiserId = organiser.id;
  switch (destination.type) {
    case "CART": {
      const [locked] = await lockCartDestinations(context, [destination.id], customerId);
      return locked ?? null;
    }
    case "REGISTRATION": {
      const found = await findRegistration(db, organiserId, destination.id, customerId);
      if (!found) return null;
      // Its cart first (the lock order of every cart change), then the registration itself.
      await lockProcessedCart(db, organiserId, found.cartId, null);
      const registration = await findRegistration(db, organiserId, found.id, null, { lock: true });
      if (!registration) return null;
      return {
        type: "REGISTRATION",
        id: registration.id,
        cuid: registration.cuid,
        reference: registration.reference,
        customerId: registration.customerId,
        total: registration.totalAmount,
        paid: registration.paidAmount,
        due: registrationAmountDue({
          cancelled: registration.cancelled,
          total: registration.totalAmount,
          paid: registration.paidAmount,
        }),
        cancelled: registration.cancelled,
        parts: [],
        cartId: registration.cartId,
        registrationId: registration.id,
        registrationRequestId: null,
        attendanceChargeId: null,
        bookingParticipationId: null,
      };
    }
    case "REGISTRATION_REQUEST": {
      const request = await lockRegistrationRequest(db, organiserId, destination.id, customerId);
      if (!request) return null;
      // An approved request is paid through the order its approval made (decision 0061).
      if (request.cartId !== null) {
        return lockDestination(context, { type: "CART", id: request.cartId }, customerId);
      }
      return {
        type: "REGISTRATION_REQUEST",
        id: request.id,
        cuid: request.cuid,
        reference: request.reference,
        customerId: request.customerId,
        total: request.totalAmount,
        paid: request.paidAmount,
        due: registrationRequestAmountDue({
          status: request.status,
          total_amount: request.totalAmount,
          paid_amount: request.paidAmount,
        }),
        cancelled: false,
        parts: [],
        cartId: null,
        registrationId: null,
        registrationRequestId: request.id,
        attendanceChargeId: null,
        bookingParticipationId: null,
      };
    }
    case "ATTENDANCE_CHARGE": {
      const charge = await lockAttendanceCharge(db, organiserId, destination.id, customerId);
      if (!charge) return null;
      return {
        type: "ATTENDANCE_CHARGE",
        id: charge.id,
        cuid: charge.cuid,
        reference: charge.reference ?? "",
        customerId: charge.customerId,
        total: charge.totalAmount,
        paid: charge.paidAmount,
        due: attendanceChargeAmountDue({ total: charge.totalAmount, paid: charge.paidAmount }),
        cancelled: false,
        parts: [],
        cartId: null,
        registrationId: null,
        registrationRequestId: null,
        attendanceChargeId: charge.id,
        bookingParticipationId: null,
      };
    }
    case "BOOKING_PARTICIPATION": {
      const share = await lockBookingParticipation(db, organiserId, destination.id, customerId);
      if (!share) return null;
      return {
        type: "BOOKING_PARTICIPATION",
        id: share.id,
        cuid: share.cuid,
        // A share gets its payment reference when its page is first read (decision 0072); the
        // pages of shares made before that name it by its cuid.
        reference: share.reference ?? share.cuid,
        customerId: share.customerId,
        total: share.totalAmount,
        paid: share.paidAmount,
        due: bookingShareAmountDue({ total: share.totalAmount, paid: share.paidAmount }),
        cancelled: false,
        parts: [],
        cartId: null,
        registrationId: null,
        registrationRequestId: null,
        attendanceChargeId: null,
        bookingParticipationId: share.id,
      };
    }
  }
}

/** The destination a balance payment pays, from its row. */
export function destinationOfPayment(payment: PaymentRow): PaymentDestination {
  if (payment.bookingParticipationId !== null) {
    return { type: "BOOKING_PARTICIPATION", id: payment.bookingParticipationId };
  }
  if (payment.attendanceChargeId !== null) {
    return { type: "ATTENDANCE_CHARGE", id: payment.attendanceChargeId };
  }
  if (payment.registrationRequestId !== null) {
    return { type: "REGISTRATION_REQUEST", id: payment.registrationRequestId };
  }
  if (payment.registrationId !== null) return { type: "REGISTRATION", id: payment.registrationId };
  if (payment.cartId !== null) return { type: "CART", id: payment.cartId };
  throw new Error(`balance payment ${payment.id} pays nothing`);
}

/**
 * Credits `amount` to a locked destination, up to what it owes, and answers the rest (what it no
 * longer owed: an overpayment, for the caller to give back). A registration's payment counts on
 * its cart too; a cart's is spread over its parts by what each owes (largest remainder, as at
 * checkout), the share of the service fees staying on the cart only. Emits `payment.received`
 * (in the caller's transaction) so that invoicing sees a debt paid in full, however it was paid.
 */
export async function creditDestination(
  context: ServiceContext,
  destination: LockedDestination,
  amount: number,
): Promise<number> {
  const [rest] = await creditDestinations(context, [{ destination, amount }]);
  return rest!;
}

/**
 * `creditDestination` of several distinct destinations (a batch of transfers: an import's amounts
 * paid), in one statement per kind of row paid and one for the events, whatever their number.
 */
export async function creditDestinations(
  context: Pick<ServiceContext, "db" | "organiser">,
  credits: ReadonlyArray<{ destination: LockedDestination; amount: number }>,
): Promise<number[]> {
  const { db, organiser } = context;
  const paid = new Map<PaidKind, Map<number, number>>();
  const add = (kind: PaidKind, id: number, amount: number) => {
    const amounts = paid.get(kind) ?? new Map<number, number>();
    if (amounts.has(id)) throw new Error(`${kind} ${id} credited twice in one batch`);
    paid.set(kind, amounts.set(id, amount));
  };
  const received: NewEvent[] = [];
  const rests = credits.map(({ destination, amount }) => {
    const credited = Math.min(amount, destination.due);
    if (credited <= 0) return amount;
    switch (destination.type) {
      case "CART": {
        const { shares } = spreadPayment(credited, destination.parts.map(partAmountDue));
        for (const [index, part] of destination.parts.entries()) {
          if (shares[index]! > 0) add(part.kind, part.id, shares[index]!);
        }
        add("CART", destination.id, credited);
        break;
      }
      case "REGISTRATION":
        add("REGISTRATION", destination.id, credited);
        add("CART", destination.cartId!, credited);
        break;
      default:
        add(destination.type, destination.id, credited);
    }
    received.push({ type: "payment.received", payload: { destination_cuid: destination.cuid } });
    return amount - credited;
  });
  for (const [kind, amounts] of paid) await addPaidAmounts(db, organiser.id, kind, amounts);
  await emitEvents(db, organiser.id, received);
  return rests;
}

export function balanceView(destination: LockedDestination): PaymentBalanceView {
  return {
    type: destination.type,
    id: destination.id,
    cuid: destination.cuid,
    reference: destination.reference,
    total_amount: destination.total,
    paid_amount: destination.paid,
    amount_due: destination.due,
  };
}
