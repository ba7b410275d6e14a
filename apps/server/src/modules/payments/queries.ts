import {
  type PaymentProviderName,
  type PaymentStatus,
  payments,
  type RefundReason,
  type TenantTx,
} from "@booking/db";
import { and, desc, eq, sql } from "@booking/db/orm";
import { meterOnlinePayment } from "../billing/metering.ts";

// Every statement of the payments table (docs/decisions/0011-online-payments.md).

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(
  tx: TenantTx,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

/** The payment a provider knows by this id, locked (`FOR UPDATE`) with `lock`. */
export async function findProviderPayment(
  tx: TenantTx,
  organiserId: number,
  provider: PaymentProviderName,
  providerPaymentId: string,
  options: { lock?: boolean } = {},
): Promise<PaymentRow | null> {
  const query = tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.organiserId, organiserId),
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, providerPaymentId),
      ),
    );
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * The latest checkout payment of a cart, if any (not a balance paid later from the account);
 * locked (`FOR UPDATE`) with `lock`.
 */
export async function findLatestCartPayment(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  options: { lock?: boolean } = {},
): Promise<PaymentRow | null> {
  const query = tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.organiserId, organiserId),
        eq(payments.cartId, cartId),
        eq(payments.purpose, "CHECKOUT"),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function setPaymentStatus(
  tx: TenantTx,
  organiserId: number,
  paymentId: number,
  status: Exclude<PaymentStatus, "refunded">,
  paidAt: Date | null,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status, paidAt })
    .where(and(eq(payments.organiserId, organiserId), eq(payments.id, paymentId)));
  if (status === "paid") await meterOnlinePayment(tx, organiserId, paymentId);
}

/** A payment confirmed by its provider and refunded at once (it paid for nothing we could sell). */
export async function markRefunded(
  tx: TenantTx,
  organiserId: number,
  paymentId: number,
  values: { at: Date; reason: RefundReason },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: "refunded",
      paidAt: values.at,
      refundedAt: values.at,
      refundedAmount: sql`${payments.amount}`,
      refundReason: values.reason,
    })
    .where(and(eq(payments.organiserId, organiserId), eq(payments.id, paymentId)));
}

export async function setProviderState(
  tx: TenantTx,
  organiserId: number,
  paymentId: number,
  state: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(payments)
    .set({ providerState: state })
    .where(and(eq(payments.organiserId, organiserId), eq(payments.id, paymentId)));
}
