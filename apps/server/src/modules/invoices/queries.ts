import { carts, customerInvoices, type TenantTx } from "@booking/db";
import { and, count, desc, eq, inArray, sql } from "@booking/db/orm";
import type { InvoiceSourceKind } from "@booking/domain";

// Reads of issued invoices and credit notes (their rows are never updated: no write here).

export const invoiceColumns = {
  id: customerInvoices.id,
  cuid: customerInvoices.cuid,
  type: customerInvoices.type,
  number: customerInvoices.number,
  customerId: customerInvoices.customerId,
  source: customerInvoices.source,
  cartId: customerInvoices.cartId,
  attendanceChargeId: customerInvoices.attendanceChargeId,
  registrationRequestId: customerInvoices.registrationRequestId,
  bookingParticipationId: customerInvoices.bookingParticipationId,
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

/** The invoices and credit notes of some sources of one kind, in the order they were issued. */
export async function listSourceInvoices(
  tx: TenantTx,
  organiserId: number,
  kind: InvoiceSourceKind,
  ids: number[],
): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  const column = {
    CART: customerInvoices.cartId,
    ATTENDANCE_CHARGE: customerInvoices.attendanceChargeId,
    REGISTRATION_REQUEST: customerInvoices.registrationRequestId,
    BOOKING_SHARE: customerInvoices.bookingParticipationId,
  }[kind];
  return selectInvoices(tx)
    .where(
      and(
        eq(customerInvoices.organiserId, organiserId),
        eq(customerInvoices.source, kind),
        inArray(column, ids),
      ),
    )
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

type SourceColumns = Pick<
  InvoiceRow,
  "source" | "cartId" | "attendanceChargeId" | "registrationRequestId" | "bookingParticipationId"
>;

/** What a document bills, from its row (snake_case console rows or camelCase ones). */
export function sourceRefOf(
  row:
    | SourceColumns
    | {
        source: InvoiceSourceKind;
        cart_id: number | null;
        attendance_charge_id: number | null;
        registration_request_id: number | null;
        booking_participation_id: number | null;
      },
): { kind: InvoiceSourceKind; id: number } {
  const ids =
    "cart_id" in row
      ? [
          row.cart_id,
          row.attendance_charge_id,
          row.registration_request_id,
          row.booking_participation_id,
        ]
      : [row.cartId, row.attendanceChargeId, row.registrationRequestId, row.bookingParticipationId];
  const id = ids.find((value) => value !== null);
  if (id === undefined || id === null) throw new Error(`invoice row without a source`);
  return { kind: row.source, id };
}

const PAID_OF: Record<InvoiceSourceKind, string> = {
  CART: "carts",
  ATTENDANCE_CHARGE: "attendance_charges",
  REGISTRATION_REQUEST: "registration_requests",
  BOOKING_SHARE: "booking_participations",
};

/** What has been paid on an invoice's source now (never written into the invoice). */
export async function sourcePaidAmount(
  tx: TenantTx,
  organiserId: number,
  row: SourceColumns,
): Promise<number> {
  const { kind, id } = sourceRefOf(row);
  const { rows } = await tx.execute<{ paid: number }>(
    sql`select paid_amount as paid from ${sql.identifier(PAID_OF[kind])}
      where organiser_id = ${organiserId} and id = ${id}`,
  );
  return rows[0]?.paid ?? 0;
}
