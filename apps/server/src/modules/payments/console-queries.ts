import type { PaymentKind, PaymentListStatus } from "@booking/contracts";
import { containsPattern, payments, type TenantTx } from "@booking/db";
import { and, eq, type SQL, sql } from "@booking/db/orm";
import type { PaymentRow } from "./queries.ts";

// The console's reads of money received (issue 6 item 6): one list over online payments, bank
// transfers and wallet uses (for a cart, a registration request, an attendance charge or a booking
// share), and the processed carts that still owe money. Every statement filters
// on the organiser besides row-level security.

/** The start of calendar day `day` (YYYY-MM-DD) in time zone `timezone`, as an instant. */
const dayStart = (day: SQL, timezone: string) =>
  sql`(${day}::date::timestamp at time zone ${timezone})`;

/**
 * `q` over a payment reference (also typed as its 12 digits), a customer's name or e-mail;
 * `reference` and `customer` are the SQL of the row's reference and its customers alias.
 */
export function searchCondition(q: string, reference: SQL, customer: string): SQL {
  const pattern = containsPattern(q);
  const digits = q.replace(/\D/g, "");
  const byDigits =
    digits.length >= 3
      ? sql`or regexp_replace(coalesce(${reference}, ''), '\\D', '', 'g') like ${`%${digits}%`}`
      : sql``;
  const c = sql.raw(customer);
  return sql`(${reference} ilike ${pattern} ${byDigits}
    or (${c}.firstname || ' ' || ${c}.lastname) ilike ${pattern}
    or (${c}.lastname || ' ' || ${c}.firstname) ilike ${pattern}
    or ${c}.email ilike ${pattern})`;
}

export type PaymentListRow = {
  type: PaymentKind;
  cuid: string;
  at: Date;
  status: PaymentListStatus;
  amount: number;
  currency: string | null;
  reference: string | null;
  cart_cuid: string | null;
  customer_cuid: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  provider: string | null;
  refunded_amount: number | null;
  refunded_at: Date | null;
  refund_note: string | null;
  refund_reason: "ORGANISER" | "PLACES_TAKEN" | "NOT_AWAITED" | null;
  statement_line_id: number | null;
  wallet_credit: number | null;
  note: string | null;
  total_count: number;
};

export interface PaymentListFilters {
  /** one payment, as the list shows it */
  cuid?: string;
  type?: PaymentKind | undefined;
  status?: PaymentListStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  sort: "date" | "-date" | "amount" | "-amount";
  limit: number;
  offset: number;
}

/**
 * Money received, newest first by default: online payments (whatever their status), bank
 * transfers (received or cancelled) and the wallet's uses to pay (at checkout, or a balance
 * later; its credits are not payments), each with what it paid and who paid it.
 */
export async function listPayments(
  tx: TenantTx,
  organiser: { id: number; timezone: string },
  filters: PaymentListFilters,
): Promise<PaymentListRow[]> {
  const organiserId = organiser.id;
  const conditions: SQL[] = [sql`true`];
  if (filters.cuid !== undefined) conditions.push(sql`m.cuid = ${filters.cuid}`);
  if (filters.type) conditions.push(sql`m.type = ${filters.type}`);
  if (filters.status) conditions.push(sql`m.status = ${filters.status}`);
  if (filters.from)
    conditions.push(sql`m.at >= ${dayStart(sql`${filters.from}`, organiser.timezone)}`);
  if (filters.to) {
    conditions.push(sql`m.at < ${dayStart(sql`(${filters.to}::date + 1)`, organiser.timezone)}`);
  }
  if (filters.q) {
    conditions.push(
      searchCondition(
        filters.q,
        sql`coalesce(ca.reference, rq.reference, ac.reference, bp.reference)`,
        "cu",
      ),
    );
  }
  const direction = filters.sort.startsWith("-") ? sql`desc` : sql`asc`;
  const key = filters.sort.endsWith("amount") ? sql`m.amount` : sql`m.at`;
  const result = await tx.execute<PaymentListRow>(sql`
    select m.type, m.cuid, m.at, m.status, m.amount, m.currency,
           coalesce(ca.reference, rq.reference, ac.reference, bp.reference) as reference,
           ca.cuid as cart_cuid,
           cu.cuid as customer_cuid, cu.firstname, cu.lastname, cu.email,
           m.provider, m.refunded_amount, m.refunded_at, m.refund_note, m.refund_reason,
           m.statement_line_id, m.wallet_credit, m.note,
           count(*) over ()::int as total_count
      from (
        select 'ONLINE' as type, p.id, p.cuid, coalesce(p.paid_at, p.created_at) as at,
               case when p.refunded_at is null then p.status else 'refunded' end as status,
               p.amount, p.currency, null::int as customer_id, p.cart_id,
               p.registration_request_id, p.attendance_charge_id, p.booking_participation_id,
               p.provider, p.refunded_amount, p.refunded_at,
               p.refund_note,
               case when p.refunded_at is null then null
                    else coalesce(p.refund_reason, 'ORGANISER') end as refund_reason,
               null::int as statement_line_id,
               null::int as wallet_credit, null as note
          from payments p where p.organiser_id = ${organiserId}
        union all
        select 'TRANSFER', t.id, t.cuid, ${dayStart(sql`t.received_on`, organiser.timezone)},
               case when t.cancelled_at is null then 'RECEIVED' else 'CANCELLED' end,
               t.amount, null, null, t.cart_id, null, t.attendance_charge_id,
               t.booking_participation_id, null, null, null, null,
               null,
               t.statement_line_id, t.wallet_credit, t.note
          from bank_transfers t where t.organiser_id = ${organiserId}
        union all
        select 'WALLET', w.id, w.cuid, w.created_at, w.reason, -w.amount, null, w.customer_id,
               w.cart_id, w.registration_request_id, w.attendance_charge_id,
               w.booking_participation_id, null, null, null, null,
               null, null, null, null
          from wallet_transactions w
         where w.organiser_id = ${organiserId} and w.reason in ('CHECKOUT', 'PAYMENT')
      ) m
      left join carts ca on ca.organiser_id = ${organiserId} and ca.id = m.cart_id
      left join registration_requests rq
        on rq.organiser_id = ${organiserId} and rq.id = m.registration_request_id
      left join attendance_charges ac
        on ac.organiser_id = ${organiserId} and ac.id = m.attendance_charge_id
      left join booking_participations bp
        on bp.organiser_id = ${organiserId} and bp.id = m.booking_participation_id
      left join customers cu
        on cu.organiser_id = ${organiserId}
       and cu.id = coalesce(m.customer_id, ca.customer_id, rq.customer_id, ac.customer_id,
                            bp.customer_id)
     where ${sql.join(conditions, sql` and `)}
     order by ${key} ${direction}, m.type, m.id ${direction}
     limit ${filters.limit} offset ${filters.offset}`);
  return result.rows;
}

/**
 * The parts (registrations, bundles, memberships, vouchers) of the carts that `cartCondition`
 * keeps (on `x`), with what each costs and has paid, and whether it is cancelled.
 */
const cartParts = (cartCondition: SQL) => sql`
  select x.cart_id, x.total_amount as total, x.paid_amount as paid, x.cancelled
    from registrations x where ${cartCondition}
  union all
  select x.cart_id, x.total_amount, x.paid_amount, false
    from customer_bundles x where ${cartCondition}
  union all
  select x.cart_id, x.total_amount, x.paid_amount, x.cancelled
    from customer_memberships x where ${cartCondition}
  union all
  select x.cart_id, x.total_amount, x.paid_amount, false
    from customer_vouchers x where ${cartCondition}`;

/** What the parts `part` owe (nothing once cancelled) and have paid, added up. */
const partSums = sql`
  sum(case when part.cancelled then 0
           else greatest(0, part.total - greatest(0, part.paid)) end) as owed,
  sum(greatest(0, part.paid)) as parts_paid`;

/**
 * What each processed cart of the organiser still owes: `cartAmountDue` of @booking/domain in SQL
 * (the console's payments test holds the two equal) — what each part (registration, bundle,
 * membership, voucher) owes, nothing once cancelled, plus the service fees its payments beyond
 * the parts have not covered. `total_amount` is what it costs: its total and service fees.
 *
 * By default each cart adds its own parts up (through their cart index), which is quick when the
 * caller keeps a few carts. `everyCart` adds up all the organiser's parts in one grouped pass
 * instead: the same figures, 2 to 3 times quicker when every cart is read (the treasury
 * report's ages on the benchmark's 50,000 orders, decision 0084).
 */
export const cartsWithDue = (organiserId: number, { everyCart = false } = {}) => sql`
  select c.id, c.cuid, c.reference, c.customer_id, c.processed_at, c.payment_strategy,
         (c.total_amount + c.service_fees)::int as total_amount, c.paid_amount,
         (coalesce(p.owed, 0)
           + greatest(0, c.service_fees - greatest(0, c.paid_amount - coalesce(p.parts_paid, 0))))::int
           as amount_due
    from carts c
    ${
      everyCart
        ? sql`left join (
      select part.cart_id, ${partSums}
        from (${cartParts(sql`x.organiser_id = ${organiserId} and x.cart_id is not null`)}) part
       group by part.cart_id
    ) p on p.cart_id = c.id`
        : sql`left join lateral (
      select ${partSums}
        from (${cartParts(sql`x.organiser_id = c.organiser_id and x.cart_id = c.id`)}) part
    ) p on true`
    }
   where c.organiser_id = ${organiserId} and c.processed_at is not null`;

export type CartDueRow = {
  id: number;
  cuid: string;
  reference: string;
  processed_at: Date;
  payment_strategy: "IMMEDIATE" | "IMMEDIATE_DEPOSIT" | "DELAYED";
  total_amount: number;
  paid_amount: number;
  amount_due: number;
  customer_cuid: string;
  firstname: string;
  lastname: string;
  email: string;
  total_count: number;
  total_due: number;
};

export interface CartDueFilters {
  q?: string | undefined;
  /** only the carts that still owe money */
  owing: boolean;
  /** the carts owing exactly this amount first (matching a bank statement line by hand) */
  amountFirst?: number | undefined;
  sort: "age" | "-age" | "due" | "-due";
  limit: number;
  offset: number;
}

/** Processed carts with what they owe and their customer; totals over every cart kept. */
export async function listCartsWithDue(
  tx: TenantTx,
  organiserId: number,
  filters: CartDueFilters,
): Promise<CartDueRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (filters.owing) conditions.push(sql`d.amount_due > 0`);
  if (filters.q) conditions.push(searchCondition(filters.q, sql`d.reference`, "cu"));
  // The oldest first for "-age" (the longest waiting), the largest due first for "-due".
  const order = {
    age: sql`d.processed_at desc`,
    "-age": sql`d.processed_at asc`,
    due: sql`d.amount_due asc`,
    "-due": sql`d.amount_due desc`,
  }[filters.sort];
  const first =
    filters.amountFirst === undefined
      ? sql``
      : sql`(d.amount_due = ${filters.amountFirst}) desc, (d.amount_due > 0) desc,`;
  const result = await tx.execute<CartDueRow>(sql`
    select d.*, cu.cuid as customer_cuid, cu.firstname, cu.lastname, cu.email,
           count(*) over ()::int as total_count,
           coalesce(sum(d.amount_due) over (), 0)::int as total_due
      from (${cartsWithDue(organiserId)}) d
      join customers cu on cu.organiser_id = ${organiserId} and cu.id = d.customer_id
     where ${sql.join(conditions, sql` and `)}
     order by ${first} ${order}, d.id
     limit ${filters.limit} offset ${filters.offset}`);
  return result.rows;
}

/** What one processed cart owes, by id (the same rule as the list). */
export async function findCartDue(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<number | null> {
  const result = await tx.execute<{ amount_due: number }>(
    sql`select d.amount_due from (${cartsWithDue(organiserId)}) d where d.id = ${cartId}`,
  );
  return result.rows[0]?.amount_due ?? null;
}

/** What the processed carts with one of these payment references owe. */
export async function listCartDuesByReference(
  tx: TenantTx,
  organiserId: number,
  references: string[],
): Promise<Array<{ id: number; reference: string; amount_due: number }>> {
  if (references.length === 0) return [];
  const result = await tx.execute<{ id: number; reference: string; amount_due: number }>(
    sql`select d.id, d.reference, d.amount_due from (${cartsWithDue(organiserId)}) d
         where d.reference in ${references} order by d.id`,
  );
  return result.rows;
}

/** An online payment by cuid, locked (`FOR UPDATE`) with `lock`. */
export async function findPaymentByCuid(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<PaymentRow | null> {
  const query = tx
    .select()
    .from(payments)
    .where(and(eq(payments.organiserId, organiserId), eq(payments.cuid, cuid)));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * A paid payment refunded by the organiser, wholly or in part, once (one refund per payment). It
 * stays `paid`: the order it paid stands (an automatic refund marks it `refunded`, having bought
 * nothing).
 */
export async function markRefundedByOrganiser(
  tx: TenantTx,
  organiserId: number,
  paymentId: number,
  values: { at: Date; amount: number; note: string },
): Promise<void> {
  await tx
    .update(payments)
    .set({ refundedAt: values.at, refundedAmount: values.amount, refundNote: values.note })
    .where(and(eq(payments.organiserId, organiserId), eq(payments.id, paymentId)));
}
