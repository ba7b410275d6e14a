import { takeBackPayment } from "@booking/domain";
import type { ServiceContext } from "../../http/service-context.ts";
import type { LockedDestination } from "./destinations.ts";
import {
  addCartPaid,
  addChargePaid,
  addParticipationPaid,
  addPartPaid,
  addRequestPaid,
  lockProcessedCart,
} from "./queries.ts";

/**
 * Takes `amount` back from what a locked destination was paid — the inverse of
 * `creditDestination`, for an online payment refunded from the console or a bank transfer
 * cancelled. A cart (or a registration, through its cart) gives back from its parts and itself by
 * `takeBackPayment` (money paying for nothing first, then `registrationId`'s part when given, then
 * by what each was paid); a registration request or an attendance charge from its paid amount. Answers false, changing
 * nothing, when the destination holds less than `amount`.
 */
export async function takeBackFromDestination(
  context: ServiceContext,
  destination: LockedDestination,
  amount: number,
  registrationId: number | null = null,
): Promise<boolean> {
  const { db, organiser } = context;
  const organiserId = organiser.id;
  if (destination.type !== "CART" && destination.type !== "REGISTRATION") {
    if (destination.paid < amount) return false;
    const takeBack = {
      REGISTRATION_REQUEST: addRequestPaid,
      ATTENDANCE_CHARGE: addChargePaid,
      BOOKING_PARTICIPATION: addParticipationPaid,
    }[destination.type];
    await takeBack(db, organiserId, destination.id, -amount);
    return true;
  }
  if (destination.type !== "CART") throw new Error("take back from a cart, with its parts locked");
  const { parts } = destination;
  // Already locked by lockDestination: read again for its service fees.
  const cart = await lockProcessedCart(db, organiserId, destination.id, null);
  if (!cart) throw new Error(`cart ${destination.id} vanished`);
  const preferred = parts.findIndex((p) => p.kind === "REGISTRATION" && p.id === registrationId);
  const taken = takeBackPayment(
    amount,
    { service_fees: cart.serviceFees, paid: cart.paidAmount, parts },
    preferred < 0 ? null : preferred,
  );
  if (taken.rest > 0) return false;
  for (const [index, part] of parts.entries()) {
    if (taken.shares[index]! > 0) await addPartPaid(db, organiserId, part, -taken.shares[index]!);
  }
  await addCartPaid(db, organiserId, destination.id, -amount);
  return true;
}
