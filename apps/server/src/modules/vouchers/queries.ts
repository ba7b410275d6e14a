import {
  bundles,
  customerBundles,
  customers,
  customerVouchers,
  participants,
  type TenantTx,
  vouchers,
} from "@booking/db";
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "@booking/db/orm";
import { countRows } from "../account-items/queries.ts";
import { refersTo } from "../carts/queries.ts";
import { creditWallet as creditWalletMovement } from "../checkout/queries.ts";

// Every statement of the account vouchers (docs/decisions/0017-voucher-redemption.md).

const columns = {
  voucher: customerVouchers,
  product: {
    id: vouchers.id,
    cuid: vouchers.cuid,
    title: vouchers.title,
    amount: vouchers.amount,
  },
  bundle: {
    id: bundles.id,
    cuid: bundles.cuid,
    title: bundles.title,
    capacity: bundles.capacity,
    duration: bundles.duration,
    expiresAt: bundles.expiresAt,
    entity: bundles.entity,
  },
  participant: { firstname: participants.firstname, lastname: participants.lastname },
};

/** A customer voucher with its product, the product's bundle and the chosen participant. */
export type VoucherRecord = {
  voucher: typeof customerVouchers.$inferSelect;
  product: { id: number; cuid: string; title: string; amount: number };
  bundle: {
    id: number;
    cuid: string;
    title: string;
    capacity: number | null;
    duration: number | null;
    expiresAt: Date | null;
    entity: "PARTICIPANTS" | "CUSTOMERS";
  } | null;
  participant: { firstname: string; lastname: string } | null;
};

function selectRecords(tx: TenantTx) {
  return tx
    .select(columns)
    .from(customerVouchers)
    .innerJoin(vouchers, refersTo(vouchers, customerVouchers, customerVouchers.voucherId))
    .leftJoin(bundles, refersTo(bundles, vouchers, vouchers.bundleId))
    .leftJoin(
      participants,
      refersTo(participants, customerVouchers, customerVouchers.participantId),
    );
}

/**
 * The voucher of this organiser with this code or cuid; with `lock`, its row is locked
 * (`FOR UPDATE OF customer_vouchers`) until the transaction ends: concurrent redemptions of one
 * code queue here, and each sees the row as the previous one left it.
 */
export async function findVoucher(
  tx: TenantTx,
  organiserId: number,
  key: { code: string } | { cuid: string },
  options: { lock?: boolean } = {},
): Promise<VoucherRecord | null> {
  const query = selectRecords(tx)
    .where(
      and(
        eq(customerVouchers.organiserId, organiserId),
        "code" in key ? eq(customerVouchers.code, key.code) : eq(customerVouchers.cuid, key.cuid),
      ),
    )
    .limit(1);
  const rows = options.lock ? await query.for("update", { of: customerVouchers }) : await query;
  return rows[0] ?? null;
}

/**
 * The vouchers `customerId` bought or redeemed (`all`), or those bought, fully paid, unexpired
 * and not redeemed (`available`, the available_vouchers counter), newest first, with the total.
 */
export async function listCustomerVouchers(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  options: { filter: "all" | "available"; limit: number; offset: number },
): Promise<{ rows: VoucherRecord[]; count: number }> {
  const where = and(
    eq(customerVouchers.organiserId, organiserId),
    options.filter === "available"
      ? and(eq(customerVouchers.customerId, customerId), availableVoucher())
      : or(
          eq(customerVouchers.customerId, customerId),
          eq(customerVouchers.recipientId, customerId),
        ),
  );
  const rows = await selectRecords(tx)
    .where(where)
    .orderBy(desc(customerVouchers.createdAt), desc(customerVouchers.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, count: await countRows(tx, customerVouchers, where) };
}

/** First and last names of some customers (givers and recipients), by id. */
export async function customerNames(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<Map<number, { firstname: string; lastname: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: customers.id, firstname: customers.firstname, lastname: customers.lastname })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), inArray(customers.id, [...new Set(ids)])));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/**
 * Available to give: fully paid, not expired, nobody has redeemed it. The same condition as the
 * available_vouchers counter of GET /api/session.
 */
export function availableVoucher(): SQL {
  return sql`${customerVouchers.paidAmount} >= ${customerVouchers.totalAmount}
    and (${customerVouchers.expiresAt} is null or ${customerVouchers.expiresAt} > now())
    and ${customerVouchers.redeemedAt} is null and ${customerVouchers.recipientId} is null
    and ${customerVouchers.refundedAt} is null`;
}

/**
 * Records the redemption, only if nobody has redeemed the voucher yet and the organiser has not
 * refunded it: false when another
 * transaction got there first (the caller's lock makes that impossible; this is the second wall).
 */
export async function markRedeemed(
  tx: TenantTx,
  organiserId: number,
  voucherId: number,
  values: { recipientId: number; participantId: number | null; redeemedAt: Date },
): Promise<boolean> {
  const updated = await tx
    .update(customerVouchers)
    .set(values)
    .where(
      and(
        eq(customerVouchers.organiserId, organiserId),
        eq(customerVouchers.id, voucherId),
        isNull(customerVouchers.redeemedAt),
        isNull(customerVouchers.recipientId),
        isNull(customerVouchers.refundedAt),
      ),
    )
    .returning({ id: customerVouchers.id });
  return updated.length === 1;
}

/**
 * Credits a redeemed voucher's amount to the recipient's wallet and records the movement (reason
 * VOUCHER; unique per voucher, so a second credit fails the transaction).
 */
export async function creditWallet(
  tx: TenantTx,
  values: { organiserId: number; customerId: number; amount: number; customerVoucherId: number },
): Promise<void> {
  await creditWalletMovement(tx, { ...values, reason: "VOUCHER" });
}

/** The customer bundle a redeemed voucher gives (unique per voucher). */
export async function insertVoucherBundle(
  tx: TenantTx,
  values: Pick<
    typeof customerBundles.$inferInsert,
    "organiserId" | "customerId" | "participantId" | "bundleId" | "capacity" | "expiresAt"
  > & { customerVoucherId: number },
): Promise<void> {
  await tx.insert(customerBundles).values({ ...values, totalAmount: 0, paidAmount: 0 });
}
