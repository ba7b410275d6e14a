import type { OutstandingItemType } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { type SQL, sql } from "@booking/db/orm";
import { cartsWithDue, searchCondition } from "./console-queries.ts";

// The console's outstanding list (Impayés, decision 0072): what customers still owe, whatever it
// is — processed orders (their amount-due rule), attendance charges and shares of live bookings —
// in one list, filtered, sorted and totalled alike.

export type OutstandingRow = {
  type: OutstandingItemType;
  cuid: string;
  reference: string | null;
  /** since when it is owed: the order processed, the charge issued, the booking made */
  since: Date;
  payment_strategy: "IMMEDIATE" | "IMMEDIATE_DEPOSIT" | "DELAYED" | null;
  total_amount: number;
  paid_amount: number;
  amount_due: number;
  /** what it is about: the charge's activity, the share's resource; null for an order */
  subject_cuid: string | null;
  subject_label: string | null;
  /** the charge's month start, the booking's first start */
  subject_at: Date | null;
  customer_cuid: string;
  firstname: string;
  lastname: string;
  email: string;
  total_count: number;
  total_due: number;
};

export interface OutstandingFilters {
  type?: OutstandingItemType | undefined;
  q?: string | undefined;
  sort: "age" | "-age" | "due" | "-due";
  limit: number;
  offset: number;
}

/**
 * Every kind of debt with the same columns (a charge or a share owes what it costs less paid).
 * `everyCart`: see `cartsWithDue`.
 */
export const owedItems = (organiserId: number, form: { everyCart?: boolean } = {}) => sql`
  select 'CART' as type, c.id, c.cuid, c.reference, c.customer_id, c.processed_at as since,
         c.payment_strategy, c.total_amount, c.paid_amount, c.amount_due,
         null::text as subject_cuid, null::text as subject_label, null::timestamptz as subject_at
    from (${cartsWithDue(organiserId, form)}) c
  union all
  select 'ATTENDANCE_CHARGE', ac.id, ac.cuid, ac.reference, ac.customer_id, ac.created_at, null,
         ac.total_amount, ac.paid_amount, greatest(0, ac.total_amount - greatest(0, ac.paid_amount)),
         a.cuid, a.title, cy.start_at
    from attendance_charges ac
    join attendance_billing_cycles cy on cy.organiser_id = ac.organiser_id and cy.id = ac.billing_cycle_id
    join attendance_billing_configurations g
      on g.organiser_id = cy.organiser_id and g.id = cy.configuration_id
    join activities a on a.organiser_id = g.organiser_id and a.id = g.activity_id
   where ac.organiser_id = ${organiserId}
  union all
  select 'BOOKING_PARTICIPATION', bp.id, bp.cuid, bp.reference, bp.customer_id, b.created_at, null,
         bp.total_amount, bp.paid_amount, greatest(0, bp.total_amount - greatest(0, bp.paid_amount)),
         r.cuid, r.name,
         (select min(d.start_at) from booking_dates d
           where d.organiser_id = b.organiser_id and d.booking_id = b.id)
    from booking_participations bp
    join bookings b on b.organiser_id = bp.organiser_id and b.id = bp.booking_id
    join resources r on r.organiser_id = b.organiser_id and r.id = b.resource_id
   where bp.organiser_id = ${organiserId} and b.canceled_at is null`;

/** What is still owed, with its customer; totals over every row the filters keep. */
export async function listOutstanding(
  tx: TenantTx,
  organiserId: number,
  filters: OutstandingFilters,
): Promise<OutstandingRow[]> {
  const conditions: SQL[] = [sql`d.amount_due > 0`];
  if (filters.type) conditions.push(sql`d.type = ${filters.type}`);
  if (filters.q) conditions.push(searchCondition(filters.q, sql`d.reference`, "cu"));
  // The oldest first for "-age" (the longest waiting), the largest due first for "-due".
  const order = {
    age: sql`d.since desc`,
    "-age": sql`d.since asc`,
    due: sql`d.amount_due asc`,
    "-due": sql`d.amount_due desc`,
  }[filters.sort];
  const result = await tx.execute<OutstandingRow>(sql`
    select d.type, d.cuid, d.reference, d.since, d.payment_strategy,
           d.total_amount::int, d.paid_amount::int, d.amount_due::int,
           d.subject_cuid, d.subject_label, d.subject_at,
           cu.cuid as customer_cuid, cu.firstname, cu.lastname, cu.email,
           count(*) over ()::int as total_count,
           coalesce(sum(d.amount_due) over (), 0)::int as total_due
      from (${owedItems(organiserId)}) d
      join customers cu on cu.organiser_id = ${organiserId} and cu.id = d.customer_id
     where ${sql.join(conditions, sql` and `)}
     order by ${order}, d.type, d.id
     limit ${filters.limit} offset ${filters.offset}`);
  return result.rows;
}
