import { cartItems, carts, type TenantTx } from "@booking/db";
import { and, count, eq, isNotNull, isNull } from "@booking/db/orm";

/** What a cart item may be for, by the column that names it. */
export type CartItemSubject =
  | { availabilityId: number }
  | { bundleId: number }
  | { membershipId: number }
  | { voucherId: number };

function subjectCondition(subject: CartItemSubject) {
  if ("availabilityId" in subject) return eq(cartItems.availabilityId, subject.availabilityId);
  if ("bundleId" in subject) return eq(cartItems.bundleId, subject.bundleId);
  if ("membershipId" in subject) return eq(cartItems.membershipId, subject.membershipId);
  return eq(cartItems.voucherId, subject.voucherId);
}

/**
 * Items for `subject` in carts waiting for an online payment: checkout will turn them into what
 * the customer paid for, so the console must not delete what they name.
 */
export async function countPendingPaymentItems(
  tx: TenantTx,
  organiserId: number,
  subject: CartItemSubject,
): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(cartItems)
    .innerJoin(
      carts,
      and(eq(carts.organiserId, cartItems.organiserId), eq(carts.id, cartItems.cartId)),
    )
    .where(
      and(
        eq(cartItems.organiserId, organiserId),
        subjectCondition(subject),
        isNull(carts.processedAt),
        isNotNull(carts.paymentPendingAt),
      ),
    );
  return row?.count ?? 0;
}
