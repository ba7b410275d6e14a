import type {
  CustomerVoucherAdminList,
  CustomerVoucherAdminView,
  ownedRefundBody,
  voucherRedeemForCustomerBody,
} from "@booking/contracts";
import { refundRefusal, voucherRedeemState } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { creditWallet } from "../checkout/queries.ts";
import { lockCustomerRow } from "../customer-bundles/queries.ts";
import { requireCustomer } from "../customers/console-service.ts";
import { findOwnParticipant } from "../participants/queries.ts";
import { asServiceContext } from "../registrations/console-place.ts";
import { redeemVoucherFor } from "../vouchers/service.ts";
import {
  type CustomerVoucherRow,
  findBoughtVoucher,
  listBoughtVouchers,
  markVoucherRefunded,
} from "./queries.ts";

// Customers' vouchers in the console (issue 17 §4, decision 0087): the ones a customer bought,
// refunded to their wallet while nobody redeemed them, or redeemed by staff for the customer.

function voucherView(row: CustomerVoucherRow, now: Date): CustomerVoucherAdminView {
  const state =
    row.refunded_at !== null
      ? "refunded"
      : voucherRedeemState(
          {
            total: row.total_amount,
            paid: row.paid_amount,
            expiresAt: row.expires_at,
            redeemedAt: row.redeemed_at,
            recipientId: row.recipient_id,
          },
          now,
        );
  return {
    cuid: row.cuid,
    title: row.title,
    code: row.code,
    amount: row.amount,
    bundle: row.bundle,
    participant_required: row.bundle_for_participants,
    state,
    total_amount: row.total_amount,
    paid_amount: row.paid_amount,
    expires_at: row.expires_at,
    redeemed_at: row.redeemed_at,
    recipient: row.recipient,
    refund: row.refunded_at === null ? null : { amount: row.refunded_amount!, at: row.refunded_at },
    created_at: row.created_at,
  };
}

const nowOf = (context: ConsoleContext) => context.clock?.() ?? new Date();

async function requireVoucher(context: ConsoleContext, cuid: string, lock = false) {
  const row = await findBoughtVoucher(context.db, context.organiser.id, cuid, { lock });
  if (!row) throw new AppError("VOUCHER_NOT_FOUND");
  return row;
}

async function oneVoucher(context: ConsoleContext, cuid: string) {
  return voucherView(await requireVoucher(context, cuid), nowOf(context));
}

export const customerVouchersConsole = {
  /** GET /api/admin/customers/:cuid/vouchers: the vouchers the customer bought. */
  async list(context: ConsoleContext, customerCuid: string): Promise<CustomerVoucherAdminList> {
    const customer = await requireCustomer(context, customerCuid);
    const rows = await listBoughtVouchers(context.db, context.organiser.id, customer.id);
    const now = nowOf(context);
    return { data: rows.map((row) => voucherView(row, now)) };
  },

  /**
   * POST /api/admin/customer-vouchers/:item/refund: gives `amount` (all that was paid by
   * default, never more: 409 REFUND_ABOVE_PAID) back to the buyer's wallet, once (409
   * VOUCHER_ALREADY_REFUNDED) and only while nobody redeemed it (409 VOUCHER_REDEEMED); it then
   * redeems no more. The buyer's row is locked first, then the voucher's, as a redemption does.
   */
  async refund(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof ownedRefundBody>,
  ): Promise<CustomerVoucherAdminView> {
    const { db, organiser } = context;
    const found = await requireVoucher(context, cuid);
    await lockCustomerRow(db, organiser.id, found.customer_id);
    const voucher = await requireVoucher(context, cuid, true);
    if (voucher.refunded_at !== null) throw new AppError("VOUCHER_ALREADY_REFUNDED");
    if (voucher.redeemed_at !== null || voucher.recipient_id !== null) {
      throw new AppError("VOUCHER_REDEEMED");
    }
    const paid = Math.max(voucher.paid_amount, 0);
    const amount = input.amount ?? paid;
    const refusal = refundRefusal(amount, paid);
    if (refusal) throw new AppError(refusal, { amount: refusal }, { refundable: paid });
    if (
      !(await markVoucherRefunded(db, organiser.id, voucher.id, { amount, at: nowOf(context) }))
    ) {
      throw new AppError("VOUCHER_ALREADY_REFUNDED");
    }
    if (amount > 0) {
      await creditWallet(db, {
        organiserId: organiser.id,
        customerId: voucher.customer_id,
        amount,
        reason: "REFUND",
        cartId: voucher.cart_id,
      });
    }
    await context.audit({
      action: "customer_voucher.refunded",
      entity: "customer_voucher",
      entityId: voucher.cuid,
      before: { paid_amount: voucher.paid_amount, refunded_amount: null },
      after: { refunded_amount: amount, reason: input.reason },
    });
    return oneVoucher(context, cuid);
  },

  /**
   * POST /api/admin/customer-vouchers/:item/redeem: staff redeem the voucher for its buyer (a
   * customer who cannot do it themselves), with one of the buyer's participants when its bundle
   * is for participants — the account's redemption with its rules, refusals and locks.
   */
  async redeem(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof voucherRedeemForCustomerBody>,
  ): Promise<CustomerVoucherAdminView> {
    const { db, organiser } = context;
    const voucher = await requireVoucher(context, cuid);
    let participantId: number | null = null;
    if (input.participant !== null) {
      const participant = await findOwnParticipant(db, organiser.id, voucher.customer_id, {
        cuid: input.participant,
      });
      if (!participant) throw new AppError("PARTICIPANT_NOT_FOUND");
      participantId = participant.id;
    }
    await redeemVoucherFor(
      asServiceContext(context),
      voucher.customer_id,
      { code: voucher.code, participant_id: participantId },
      nowOf(context),
    );
    await context.audit({
      action: "customer_voucher.redeemed",
      entity: "customer_voucher",
      entityId: voucher.cuid,
      before: { redeemed_at: null },
      after: { recipient: voucher.customer_id, participant: input.participant },
    });
    return oneVoucher(context, cuid);
  },
};
