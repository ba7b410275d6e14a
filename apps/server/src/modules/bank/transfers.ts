import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { creditWallet, debitWallet } from "../checkout/queries.ts";
import { emitEvent } from "../events/emit.ts";
import { asServiceContext } from "../registrations/console-place.ts";
import {
  creditDestination,
  type LockedDestination,
  lockDestination,
} from "../transactions/destinations.ts";
import { takeBackFromDestination } from "../transactions/take-back.ts";
import {
  findTransfer,
  insertTransfer,
  markTransferCancelled,
  setLineStatus,
  type TransferRow,
} from "./console-queries.ts";

// Money received by bank transfer for a processed cart, recorded by hand or matched from a
// statement line, and its cancellation. The cart is credited as an account payment credits it
// (docs/decisions/0019-account-payments.md): spread over its parts by what each owes, so the
// registrations' payment badges follow. Money beyond what the cart owes was received all the same:
// it goes to the customer's wallet (OVERPAYMENT, naming the cart), as for an online balance paid
// twice — never refused, never lost.

/** A processed cart, locked with its parts (the first lock of every cart change); else 404. */
export async function lockCart(
  context: ConsoleContext,
  cartId: number,
): Promise<LockedDestination> {
  const cart = await lockDestination(asServiceContext(context), { type: "CART", id: cartId }, null);
  if (!cart) throw new AppError("CART_NOT_FOUND");
  return cart;
}

export async function receiveTransfer(
  context: ConsoleContext,
  cart: LockedDestination,
  input: {
    amount: number;
    receivedOn: string;
    note: string | null;
    statementLineId: number | null;
  },
): Promise<TransferRow> {
  const { db, organiser } = context;
  const walletCredit = await creditDestination(asServiceContext(context), cart, input.amount);
  const transfer = await insertTransfer(db, {
    organiserId: organiser.id,
    cartId: cart.id,
    amount: input.amount,
    walletCredit,
    receivedOn: input.receivedOn,
    statementLineId: input.statementLineId,
    collaboratorId: context.actor.collaboratorId,
    note: input.note,
  });
  if (walletCredit > 0) {
    await creditWallet(db, {
      organiserId: organiser.id,
      customerId: cart.customerId,
      amount: walletCredit,
      reason: "OVERPAYMENT",
      cartId: cart.id,
    });
  }
  await emitEvent(db, organiser.id, "bank_statement.transfer.reconciled", {
    transfer_cuid: transfer.cuid,
  });
  context.log.info(
    { event: "bank_transfer_received", cartId: cart.id, amount: input.amount, walletCredit },
    "bank transfer credited to its cart",
  );
  return transfer;
}

/**
 * Cancels a transfer (recorded by mistake, or a statement line matched to the wrong cart): the
 * cart gives back what it was credited (`takeBackFromDestination`) and the wallet what it was
 * credited beyond; a statement line goes back to UNMATCHED. Locks the cart first, then the
 * transfer. Refused when it was cancelled already (409 BANK_TRANSFER_CANCELLED), when the cart
 * holds less than it was credited (refunded meanwhile: 409 REFUND_ABOVE_PAID) or the wallet less
 * than its credit (spent meanwhile: 409 WALLET_CREDIT_SPENT).
 */
export async function cancelTransfer(
  context: ConsoleContext,
  found: TransferRow,
): Promise<{ transfer: TransferRow; cart: LockedDestination }> {
  const { db, organiser } = context;
  const cart = await lockCart(context, found.cartId);
  const transfer = await findTransfer(db, organiser.id, { cuid: found.cuid }, { lock: true });
  if (!transfer) throw new AppError("BANK_TRANSFER_NOT_FOUND");
  if (transfer.cancelledAt !== null) throw new AppError("BANK_TRANSFER_CANCELLED");
  const credited = transfer.amount - transfer.walletCredit;
  if (credited > 0) {
    const taken = await takeBackFromDestination(asServiceContext(context), cart, credited);
    if (!taken) throw new AppError("REFUND_ABOVE_PAID", undefined, { paid_amount: cart.paid });
  }
  const now = new Date();
  await markTransferCancelled(db, organiser.id, transfer.id, now);
  if (transfer.statementLineId !== null) {
    await setLineStatus(db, organiser.id, transfer.statementLineId, "UNMATCHED");
  }
  // The customer (wallet) last, as in every cart change. The wallet may have spent the credit
  // meanwhile: nothing is taken back then.
  if (transfer.walletCredit > 0) {
    const taken = await debitWallet(db, {
      organiserId: organiser.id,
      customerId: cart.customerId,
      cartId: cart.id,
      amount: transfer.walletCredit,
      reason: "OVERPAYMENT",
    });
    if (!taken) {
      throw new AppError("WALLET_CREDIT_SPENT", undefined, {
        wallet_credit: transfer.walletCredit,
      });
    }
  }
  context.log.info(
    { event: "bank_transfer_cancelled", cartId: cart.id, transferId: transfer.id },
    "bank transfer cancelled",
  );
  return { transfer: { ...transfer, cancelledAt: now }, cart };
}
