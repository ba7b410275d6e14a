import { carts, customerInvoices, type TenantTx } from "@booking/db";
import { and, count, desc, eq, sql } from "@booking/db/orm";

// Reads of issued invoices and credit notes (their rows are never updated: no write here).

export const invoiceColumns = {
  id: customerInvoices.id,
  cuid: customerInvoices.cuid,
  type: customerInvoices.type,
  number: customerInvoices.number,
  customerId: customerInvoices.customerId,
  cartId: customerInvoices.cartId,
  attendanceChargeId: customerInvoices.attendanceChargeId,
  creditedInvoiceId: customerInvoices.creditedInvoiceId,
  totalAmount: customerInvoices.totalAmount,
  issuedAt: customerInvoices.issuedAt,
  dueAt: customerInvoices.dueAt,
  snapshot: customerInvoices.snapshot,
  cartCuid: carts.cuid,
};

export type InvoiceRow = Pick<
  typeof customerInvoices.$inferSelect,
  Exclude<keyof typeof invoiceColumns, "cartCuid">
> & { cartCuid: string | null };

function selectInvoices(tx: TenantTx) {
  return tx
    .select(invoiceColumns)
    .from(customerInvoices)
    .leftJoin(
      carts,
      and(
        eq(carts.organiserId, customerInvoices.organiserId),
        eq(carts.id, customerInvoices.cartId),
      ),
    );
}

/** One page of a customer's invoices and credit notes, the latest first. */
export async function listCustomerInvoices(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  const where = and(
    eq(customerInvoices.organiserId, organiserId),
    eq(customerInvoices.customerId, customerId),
  );
  const rows = await selectInvoices(tx)
    .where(where)
    .orderBy(desc(customerInvoices.issuedAt), desc(customerInvoices.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ count: count() }).from(customerInvoices).where(where);
  return { rows, count: total?.count ?? 0 };
}

/** An invoice or credit note by cuid, the customer's own when `customerId` is given. */
export async function findInvoice(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  customerId?: number,
): Promise<InvoiceRow | null> {
  const [row] = await selectInvoices(tx).where(
    and(
      eq(customerInvoices.organiserId, organiserId),
      eq(customerInvoices.cuid, cuid),
      customerId === undefined ? undefined : eq(customerInvoices.customerId, customerId),
    ),
  );
  return row ?? null;
}

/** The invoices and credit notes of one cart, in the order they were issued. */
export async function listCartInvoices(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<InvoiceRow[]> {
  return selectInvoices(tx)
    .where(and(eq(customerInvoices.organiserId, organiserId), eq(customerInvoices.cartId, cartId)))
    .orderBy(customerInvoices.id);
}

/**
 * An invoice locked for crediting (FOR UPDATE: two credits at once are counted one after the
 * other) with what its credit notes already took back.
 */
export async function lockInvoiceForCredit(
  tx: TenantTx,
  organiserId: number,
  invoiceId: number,
): Promise<number> {
  await tx.execute(
    sql`select 1 from customer_invoices where organiser_id = ${organiserId} and id = ${invoiceId} for update`,
  );
  const [row] = await tx
    .select({ credited: sql<number>`coalesce(sum(${customerInvoices.totalAmount}), 0)::int` })
    .from(customerInvoices)
    .where(
      and(
        eq(customerInvoices.organiserId, organiserId),
        eq(customerInvoices.creditedInvoiceId, invoiceId),
      ),
    );
  return row?.credited ?? 0;
}

/** What has been paid on an invoice's source now (never written into the invoice). */
export async function sourcePaidAmount(
  tx: TenantTx,
  organiserId: number,
  row: Pick<InvoiceRow, "cartId" | "attendanceChargeId">,
): Promise<number> {
  const { rows } = await tx.execute<{ paid: number }>(
    row.cartId !== null
      ? sql`select paid_amount as paid from carts where organiser_id = ${organiserId} and id = ${row.cartId}`
      : sql`select paid_amount as paid from attendance_charges where organiser_id = ${organiserId} and id = ${row.attendanceChargeId}`,
  );
  return rows[0]?.paid ?? 0;
}
