import type { PaymentDestination, TransferTargetType } from "@booking/contracts";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { creditWallet, debitWallet } from "../checkout/queries.ts";
import { emitEvents } from "../events/emit.ts";
import { asServiceContext } from "../registrations/console-place.ts";
import {
  creditDestinations,
  type LockedDestination,
  lockDestination,
  NOT_FOUND,
} from "../transactions/destinations.ts";
import { takeBackFromDestination } from "../transactions/take-back.ts";
import {
  findTransfer,
  insertTransfers,
  markTransferCancelled,
  setLineStatus,
  type TransferRow,
} from "./console-queries.ts";

// Money received by bank transfer for a processed cart, an attendance charge (decision 0067) or a
// booking share (decision 0072),
// recorded by hand or matched from a statement line, and its cancellation. It is credited as an
// account payment credits it (docs/decisions/0019-account-payments.md): a cart's spread over its
// parts by what each owes, so the registrations' payment badges follow. Money beyond what it owes
// was received all the same: it goes to the customer's wallet (OVERPAYMENT, naming the cart or
// the charge), as for an online balance paid twice — never refused, never lost.

/** What a bank transfer pays. */
export type TransferTarget = PaymentDestination & { type: TransferTargetType };

/** What a transfer's row pays. */
export function targetOfTransfer(transfer: TransferRow): TransferTarget {
  if (transfer.attendanceChargeId !== null) {
    return { type: "ATTENDANCE_CHARGE", id: transfer.attendanceChargeId };
  }
  if (transfer.bookingParticipationId !== null) {
    return { type: "BOOKING_PARTICIPATION", id: transfer.bookingParticipationId };
  }
  return { type: "CART", id: transfer.cartId! };
}

/** The columns naming a locked target, on a transfer or a wallet movement. */
const targetColumns = (target: LockedDestination) => ({
  cartId: target.type === "CART" ? target.id : null,
  attendanceChargeId: target.type === "ATTENDANCE_CHARGE" ? target.id : null,
  bookingParticipationId: target.type === "BOOKING_PARTICIPATION" ? target.id : null,
});

/**
 * A processed cart, locked with its parts (the first lock of every cart change), or an attendance
 * charge or a booking share, locked; else 404 CART_NOT_FOUND / ATTENDANCE_CHARGE_NOT_FOUND /
 * BOOKING_NOT_FOUND.
 */
export async function lockTarget(
  context: ConsoleContext,
  target: TransferTarget,
): Promise<LockedDestination> {
  const locked = await lockDestination(asServiceContext(context), target, null);
  if (!locked) throw new AppError(NOT_FOUND[target.type]);
  return locked;
}

export async function receiveTransfer(
  context: ConsoleContext,
  target: LockedDestination,
  input: TransferInput,
): Promise<TransferRow> {
  const [transfer] = await receiveTransfers(context, [{ target, input }]);
  return transfer!;
}

type TransferInput = {
  amount: number;
  receivedOn: string;
  note: string | null;
  statementLineId: number | null;
};

/**
 * `receiveTransfer` of several distinct targets at once (an import's amounts paid): their
 * credits, transfers and events take a few statements whatever their number; only the money
 * beyond what a target owed adds its wallet credit.
 */
export async function receiveTransfers(
  context: ConsoleContext,
  received: ReadonlyArray<{ target: LockedDestination; input: TransferInput }>,
): Promise<TransferRow[]> {
  const { db, organiser } = context;
  const walletCredits = await creditDestinations(
    context,
    received.map(({ target, input }) => ({ destination: target, amount: input.amount })),
  );
  const transfers = await insertTransfers(
    db,
    received.map(({ target, input }, index) => ({
      organiserId: organiser.id,
      ...targetColumns(target),
      amount: input.amount,
      walletCredit: walletCredits[index]!,
      receivedOn: input.receivedOn,
      statementLineId: input.statementLineId,
      collaboratorId: context.actor.collaboratorId,
      note: input.note,
    })),
  );
  for (const [index, { target, input }] of received.entries()) {
    const walletCredit = walletCredits[index]!;
    if (walletCredit > 0) {
      await creditWallet(db, {
        organiserId: organiser.id,
        customerId: target.customerId,
        amount: walletCredit,
        reason: "OVERPAYMENT",
        ...targetColumns(target),
      });
    }
    context.log.info(
      {
        event: "bank_transfer_received",
        target: target.type,
        targetId: target.id,
        amount: input.amount,
        walletCredit,
      },
      "bank transfer credited",
    );
  }
  await emitEvents(
    db,
    organiser.id,
    transfers.map((transfer) => ({
      type: "bank_statement.transfer.reconciled" as const,
      payload: { transfer_cuid: transfer.cuid },
    })),
  );
  return transfers;
}

/**
 * Cancels a transfer (recorded by mistake, or a statement line matched to the wrong cart): the
 * cart or charge gives back what it was credited (`takeBackFromDestination`) and the wallet what
 * it was credited beyond; a statement line goes back to UNMATCHED. Locks the target first, then
 * the transfer. Refused when it was cancelled already (409 BANK_TRANSFER_CANCELLED), when the
 * target holds less than it was credited (refunded meanwhile: 409 REFUND_ABOVE_PAID) or the wallet less
 * than its credit (spent meanwhile: 409 WALLET_CREDIT_SPENT).
 */
export async function cancelTransfer(
  context: ConsoleContext,
  found: TransferRow,
): Promise<{ transfer: TransferRow; target: LockedDestination }> {
  const { db, organiser } = context;
  const target = await lockTarget(context, targetOfTransfer(found));
  const transfer = await findTransfer(db, organiser.id, { cuid: found.cuid }, { lock: true });
  if (!transfer) throw new AppError("BANK_TRANSFER_NOT_FOUND");
  if (transfer.cancelledAt !== null) throw new AppError("BANK_TRANSFER_CANCELLED");
  const credited = transfer.amount - transfer.walletCredit;
  if (credited > 0) {
    const taken = await takeBackFromDestination(asServiceContext(context), target, credited);
    if (!taken) throw new AppError("REFUND_ABOVE_PAID", undefined, { paid_amount: target.paid });
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
      customerId: target.customerId,
      ...targetColumns(target),
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
    { event: "bank_transfer_cancelled", target: target.type, transferId: transfer.id },
    "bank transfer cancelled",
  );
  return { transfer: { ...transfer, cancelledAt: now }, target };
}
