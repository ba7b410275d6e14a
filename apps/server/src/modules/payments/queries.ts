import {
  carts,
  customerBundles,
  customerMemberships,
  customerVouchers,
  type PaymentProviderName,
  type PaymentStatus,
  payments,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, desc, eq, sql } from "@booking/db/orm";

// Every statement of online payments (docs/decisions/0011-online-payments.md).

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

/** The latest payment of a cart, if any. */
export async function findLatestCartPayment(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.organiserId, organiserId), eq(payments.cartId, cartId)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

export async function setPaymentStatus(
  tx: TenantTx,
  organiserId: number,
  paymentId: number,
  status: PaymentStatus,
  paidAt: Date | null,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status, paidAt })
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

export async function addCartPaidAmount(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  amount: number,
): Promise<void> {
  await tx
    .update(carts)
    .set({ paidAmount: sql`${carts.paidAmount} + ${amount}` })
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)));
}

const productTables = {
  registrations,
  customer_bundles: customerBundles,
  customer_memberships: customerMemberships,
  customer_vouchers: customerVouchers,
} as const;
export type ProductTable = keyof typeof productTables;

export interface CartProduct {
  table: ProductTable;
  id: number;
  cartItemId: number;
  totalAmount: number;
  paidAmount: number;
}

/** What the cart became (registrations and customer products), in cart item order. */
export async function listCartProducts(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<CartProduct[]> {
  const all: CartProduct[] = [];
  for (const [name, table] of Object.entries(productTables) as Array<
    [ProductTable, (typeof productTables)[ProductTable]]
  >) {
    const rows = await tx
      .select({
        id: table.id,
        cartItemId: table.cartItemId,
        totalAmount: table.totalAmount,
        paidAmount: table.paidAmount,
      })
      .from(table)
      .where(and(eq(table.organiserId, organiserId), eq(table.cartId, cartId)));
    for (const row of rows) all.push({ table: name, ...row });
  }
  return all.sort((a, b) => a.cartItemId - b.cartItemId);
}

export async function addProductPaidAmount(
  tx: TenantTx,
  organiserId: number,
  product: Pick<CartProduct, "table" | "id">,
  amount: number,
): Promise<void> {
  const table = productTables[product.table];
  await tx
    .update(table)
    .set({ paidAmount: sql`${table.paidAmount} + ${amount}` })
    .where(and(eq(table.organiserId, organiserId), eq(table.id, product.id)));
}
