import { containsPattern, type PeppolTransmissionStatus, type TenantTx } from "@booking/db";
import { type SQL, sql } from "@booking/db/orm";
import type { InvoiceSeries, InvoiceSnapshot, InvoiceSourceKind } from "@booking/domain";

// The console's reads of issued documents, with what is paid and credited computed beside them.

export interface ConsoleInvoiceFilters {
  from?: Date;
  /** exclusive */
  to?: Date;
  type?: InvoiceSeries;
  customerCuid?: string;
  search?: string;
  status?: "PAID" | "OUTSTANDING";
}

export type ConsoleInvoiceRow = {
  id: number;
  cuid: string;
  type: InvoiceSeries;
  number: string;
  total_amount: number;
  issued_at: Date;
  due_at: Date | null;
  snapshot: InvoiceSnapshot;
  source: InvoiceSourceKind;
  cart_id: number | null;
  attendance_charge_id: number | null;
  registration_request_id: number | null;
  booking_participation_id: number | null;
  cart_cuid: string | null;
  cart_reference: string | null;
  customer_cuid: string;
  paid: number;
  credited: number;
  credited_invoice_number: string | null;
  peppol_status: PeppolTransmissionStatus | null;
  peppol_error: string | null;
  peppol_updated_at: Date | null;
};

// `outstanding` of an invoice: its total less its credit notes and what its source was paid.
const FROM = sql`
  from (select i.*, c.cuid as customer_cuid, k.cuid as cart_cuid, k.reference as cart_reference,
      coalesce(k.paid_amount, ch.paid_amount, q.paid_amount, bp.paid_amount, 0) as paid,
      (select coalesce(sum(n.total_amount), 0) from customer_invoices n
        where n.organiser_id = i.organiser_id and n.credited_invoice_id = i.id)::int as credited,
      ci.number as credited_invoice_number, pt.status as peppol_status, pt.error as peppol_error,
      pt.updated_at as peppol_updated_at
    from customer_invoices i
    join customers c on c.organiser_id = i.organiser_id and c.id = i.customer_id
    left join carts k on k.organiser_id = i.organiser_id and k.id = i.cart_id
    left join attendance_charges ch on ch.organiser_id = i.organiser_id and ch.id = i.attendance_charge_id
    left join registration_requests q on q.organiser_id = i.organiser_id and q.id = i.registration_request_id
    left join booking_participations bp on bp.organiser_id = i.organiser_id and bp.id = i.booking_participation_id
    left join customer_invoices ci on ci.organiser_id = i.organiser_id and ci.id = i.credited_invoice_id
    left join peppol_transmissions pt on pt.organiser_id = i.organiser_id and pt.invoice_id = i.id
  ) d`;

const COLUMNS = sql`d.id, d.cuid, d.type, d.number, d.total_amount, d.issued_at, d.due_at,
  d.snapshot, d.source, d.cart_id, d.attendance_charge_id, d.registration_request_id,
  d.booking_participation_id, d.cart_cuid, d.cart_reference, d.customer_cuid, d.paid, d.credited,
  d.credited_invoice_number, d.peppol_status, d.peppol_error, d.peppol_updated_at`;

function whereOf(organiserId: number, filters: ConsoleInvoiceFilters): SQL {
  const conditions: SQL[] = [sql`d.organiser_id = ${organiserId}`];
  if (filters.from) conditions.push(sql`d.issued_at >= ${filters.from}`);
  if (filters.to) conditions.push(sql`d.issued_at < ${filters.to}`);
  if (filters.type) conditions.push(sql`d.type = ${filters.type}`);
  if (filters.customerCuid) conditions.push(sql`d.customer_cuid = ${filters.customerCuid}`);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      sql`(d.number ilike ${pattern} or d.snapshot->'customer'->>'fullname' ilike ${pattern}
        or d.snapshot->'customer'->>'company_name' ilike ${pattern} or d.cart_reference ilike ${pattern}
        or d.snapshot->'source'->>'reference' ilike ${pattern})`,
    );
  }
  if (filters.status) {
    const outstanding = sql`d.type = 'INVOICE' and d.total_amount - d.credited - d.paid > 0`;
    conditions.push(filters.status === "OUTSTANDING" ? outstanding : sql`not (${outstanding})`);
  }
  return sql.join(conditions, sql` and `);
}

/** One page (or, without `page`, all) of the organiser's documents under the filters, the latest first. */
export async function listConsoleInvoices(
  tx: TenantTx,
  organiserId: number,
  filters: ConsoleInvoiceFilters,
  page?: { limit: number; offset: number },
): Promise<{ rows: ConsoleInvoiceRow[]; count: number }> {
  const where = whereOf(organiserId, filters);
  const { rows } = await tx.execute<ConsoleInvoiceRow>(sql`
    select ${COLUMNS}
    ${FROM} where ${where}
    order by d.issued_at desc, d.id desc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  const normalised = rows.map(withDates);
  if (!page) return { rows: normalised, count: normalised.length };
  const { rows: counted } = await tx.execute<{ count: number }>(
    sql`select count(*)::int as count ${FROM} where ${where}`,
  );
  return { rows: normalised, count: counted[0]?.count ?? 0 };
}

/** One document of the organiser by cuid, as the list shows it. */
export async function findConsoleInvoice(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<ConsoleInvoiceRow | null> {
  const { rows } = await tx.execute<ConsoleInvoiceRow>(sql`
    select ${COLUMNS}
    ${FROM} where d.organiser_id = ${organiserId} and d.cuid = ${cuid}`);
  const row = rows[0];
  return row ? withDates(row) : null;
}

/** The row with its timestamps as dates (raw SQL answers them as text). */
function withDates(row: ConsoleInvoiceRow): ConsoleInvoiceRow {
  const date = (value: Date | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    issued_at: new Date(row.issued_at),
    due_at: date(row.due_at),
    peppol_updated_at: date(row.peppol_updated_at),
  };
}
