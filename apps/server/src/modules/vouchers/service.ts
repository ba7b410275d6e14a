import type {
  AccountVoucherList,
  AccountVoucherView,
  listCustomerVouchersQuery,
  redeemVoucherBody,
  VoucherProductRef,
  VoucherRedemptionView,
} from "@booking/contracts";
import {
  expiryOf,
  fullName,
  paymentBadge,
  type VoucherFacts,
  type VoucherRedeemState,
  voucherAudience,
  voucherGift,
  voucherRedeemState,
  voucherRedemptionBadge,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { ownerImages } from "../account-items/views.ts";
import { findOwnParticipant } from "../participants/queries.ts";
import {
  creditWallet,
  customerNames,
  findVoucher,
  insertVoucherBundle,
  listCustomerVouchers,
  markRedeemed,
  type VoucherRecord,
} from "./queries.ts";

// The customer vouchers of the account area: platform-and-account.md §2.3, §4, §6, §7.
// Decision record: docs/decisions/0017-voucher-redemption.md.

type Names = Map<number, { firstname: string; lastname: string }>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function facts(record: VoucherRecord): VoucherFacts {
  const { voucher } = record;
  return {
    total: voucher.totalAmount,
    paid: voucher.paidAmount,
    expiresAt: voucher.expiresAt,
    // A voucher the organiser refunded gave its value back: it redeems no more (decision 0087).
    redeemedAt: voucher.redeemedAt ?? voucher.refundedAt,
    recipientId: voucher.recipientId,
  };
}

function person(names: Names, id: number | null): { fullname: string } | null {
  if (id === null) return null;
  const found = names.get(id);
  // An anonymised account keeps its row with empty names: the view then says so by "".
  return { fullname: found ? fullName(found.firstname, found.lastname) : "" };
}

/** The images of the vouchers' products, by product id. */
function productImages(context: ServiceContext, records: VoucherRecord[]) {
  return ownerImages(
    context,
    "voucher",
    records.map((record) => record.product.id),
  );
}

function productRef(
  record: VoucherRecord,
  images: (productId: number) => VoucherProductRef["images"],
): VoucherProductRef {
  const { product, bundle } = record;
  return {
    id: product.id,
    cuid: product.cuid,
    title: product.title,
    amount: product.amount,
    bundle: bundle
      ? {
          id: bundle.id,
          cuid: bundle.cuid,
          title: bundle.title,
          capacity: bundle.capacity,
          entity: bundle.entity,
        }
      : null,
    images: images(product.id),
  };
}

/**
 * A voucher as `viewerId` may see it (§6): everything for its owner, the giver and the redemption
 * status for anyone else.
 */
function voucherView(
  record: VoucherRecord,
  viewerId: number,
  names: Names,
  images: (productId: number) => VoucherProductRef["images"],
): AccountVoucherView {
  const { voucher } = record;
  const shared = {
    cuid: voucher.cuid,
    customer: person(names, voucher.customerId)!,
    voucher: productRef(record, images),
    redeemed_at: iso(voucher.redeemedAt),
    redemption_badge: voucherRedemptionBadge(facts(record)),
  };
  if (voucherAudience(voucher, viewerId) !== "owner") return { access: "other", ...shared };
  return {
    access: "owner",
    ...shared,
    id: voucher.id,
    code: voucher.code,
    customer_id: voucher.customerId,
    recipient: person(names, voucher.recipientId),
    participant: record.participant
      ? { fullname: fullName(record.participant.firstname, record.participant.lastname) }
      : null,
    expires_at: iso(voucher.expiresAt),
    total_amount: voucher.totalAmount,
    paid_amount: voucher.paidAmount,
    payment_badge: paymentBadge({ total: voucher.totalAmount, paid: voucher.paidAmount }),
    created_at: voucher.createdAt.toISOString(),
  };
}

async function views(
  context: ServiceContext,
  records: VoucherRecord[],
  viewerId: number,
): Promise<AccountVoucherView[]> {
  const names = await customerNames(
    context.db,
    context.organiser.id,
    records.flatMap(({ voucher }) =>
      voucher.recipientId === null
        ? [voucher.customerId]
        : [voucher.customerId, voucher.recipientId],
    ),
  );
  const images = await productImages(context, records);
  return records.map((record) => voucherView(record, viewerId, names, images));
}

/** GET /api/customer-vouchers: the vouchers the customer bought or redeemed, or the available ones. */
export async function listVouchers(
  context: ServiceContext,
  query: z.output<typeof listCustomerVouchersQuery>,
): Promise<AccountVoucherList> {
  const customer = requireCustomer(context);
  const limit = query.page_size;
  const offset = (query.page_number - 1) * limit;
  const { rows, count } = await listCustomerVouchers(
    context.db,
    context.organiser.id,
    customer.customerId,
    { filter: query.filter, limit, offset },
  );
  return { data: await views(context, rows, customer.customerId), count, limit, offset };
}

/**
 * GET /api/customer-vouchers/{cuid}: a voucher the customer bought (owner view) or redeemed
 * (restricted view); null for any other, another organiser's or an unknown cuid.
 */
export async function voucherByCuid(
  context: ServiceContext,
  cuid: string,
): Promise<AccountVoucherView | null> {
  const customer = requireCustomer(context);
  const record = await findVoucher(context.db, context.organiser.id, { cuid });
  if (!record) return null;
  const { customerId, recipientId } = record.voucher;
  if (customerId !== customer.customerId && recipientId !== customer.customerId) return null;
  const [view] = await views(context, [record], customer.customerId);
  return view!;
}

/** Whether redeeming needs one of the recipient's participants: a bundle for participants. */
function participantRequired(record: VoucherRecord): boolean {
  return record.bundle?.entity === "PARTICIPANTS";
}

/** GET /api/vouchers/redeem: what the redemption page shows of a code (404 for an unknown code). */
export async function voucherRedemption(
  context: ServiceContext,
  code: string,
  now = new Date(),
): Promise<VoucherRedemptionView> {
  const customer = requireCustomer(context);
  const record = await findVoucher(context.db, context.organiser.id, { code });
  if (!record) throw new AppError("VOUCHER_NOT_FOUND");
  const { voucher } = record;
  const names = await customerNames(context.db, context.organiser.id, [voucher.customerId]);
  const images = await productImages(context, [record]);
  return {
    cuid: voucher.cuid,
    code: voucher.code,
    state: voucherRedeemState(facts(record), now),
    expires_at: iso(voucher.expiresAt),
    participant_required: participantRequired(record),
    own: voucher.customerId === customer.customerId,
    customer: person(names, voucher.customerId)!,
    voucher: productRef(record, images),
  };
}

const REFUSALS: Record<Exclude<VoucherRedeemState, "valid">, AppError["code"]> = {
  unpaid: "VOUCHER_UNPAID",
  expired: "VOUCHER_EXPIRED",
  redeemed: "VOUCHER_ALREADY_REDEEMED",
};

/**
 * PUT /api/vouchers/redeem: the customer redeems a code, once. The voucher's row is locked first,
 * so concurrent attempts queue and each sees the previous one's outcome; the state must be valid
 * (otherwise 409 VOUCHER_UNPAID, VOUCHER_EXPIRED or VOUCHER_ALREADY_REDEEMED, in that
 * precedence). The optional participant must be one of the customer's (404
 * PARTICIPANT_NOT_FOUND) and is required for a bundle for participants (REQUIRED on
 * participant_id). Then, in the same transaction: the redemption (conditional update, the second
 * wall), the voucher's amount credited to the customer's wallet with a VOUCHER wallet
 * transaction, and its bundle given as a customer bundle (both unique per voucher, the third).
 */
export async function redeemVoucher(
  context: ServiceContext,
  input: z.output<typeof redeemVoucherBody>,
  now = new Date(),
): Promise<AccountVoucherView> {
  const customer = requireCustomer(context);
  const cuid = await redeemVoucherFor(context, customer.customerId, input, now);
  const view = await voucherByCuid(context, cuid);
  return view!;
}

/**
 * The redemption of `redeemVoucher` for customer `customerId` (the account's customer, or the
 * buyer when staff redeem it for them from the console); answers the voucher's cuid.
 */
export async function redeemVoucherFor(
  context: ServiceContext,
  customerId: number,
  input: z.output<typeof redeemVoucherBody>,
  now = new Date(),
): Promise<string> {
  const customer = { customerId };
  const { db, organiser } = context;
  const record = await findVoucher(db, organiser.id, { code: input.code }, { lock: true });
  if (!record) throw new AppError("VOUCHER_NOT_FOUND");
  const state = voucherRedeemState(facts(record), now);
  if (state !== "valid") throw new AppError(REFUSALS[state]);

  let participantId: number | null = null;
  if (input.participant_id !== undefined && input.participant_id !== null) {
    const participant = await findOwnParticipant(
      db,
      organiser.id,
      customer.customerId,
      { id: input.participant_id },
      { lock: true },
    );
    if (!participant) throw new AppError("PARTICIPANT_NOT_FOUND");
    participantId = participant.id;
  } else if (participantRequired(record)) {
    throw validationError({ participant_id: "REQUIRED" });
  }

  const { voucher, product, bundle } = record;
  const redeemed = await markRedeemed(db, organiser.id, voucher.id, {
    recipientId: customer.customerId,
    participantId,
    redeemedAt: now,
  });
  if (!redeemed) throw new AppError("VOUCHER_ALREADY_REDEEMED");

  const gift = voucherGift({ amount: product.amount, bundleId: bundle?.id ?? null });
  if (gift.walletCredit > 0) {
    await creditWallet(db, {
      organiserId: organiser.id,
      customerId: customer.customerId,
      amount: gift.walletCredit,
      customerVoucherId: voucher.id,
    });
  }
  if (bundle) {
    await insertVoucherBundle(db, {
      organiserId: organiser.id,
      customerId: customer.customerId,
      participantId: bundle.entity === "PARTICIPANTS" ? participantId : null,
      bundleId: bundle.id,
      capacity: bundle.capacity,
      expiresAt: expiryOf(now, bundle.duration, bundle.expiresAt),
      customerVoucherId: voucher.id,
    });
  }
  return voucher.cuid;
}
