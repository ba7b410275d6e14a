import type { CartState } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { type SQL, sql } from "@booking/db/orm";

// Customers' carts as staff read and change them (decision 0092): each cart with its counts of
// items and live holds, an unprocessed cart's items with the dates they hold, a processed
// cart's registrations.

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type CartSummaryRow = {
  id: number;
  cuid: string;
  reference: string | null;
  customer_cuid: string;
  customer_firstname: string;
  customer_lastname: string;
  customer_email: string | null;
  items: number;
  live_holds: number;
  expires_at: string | null;
  items_total: number;
  total_amount: number | null;
  paid_amount: number;
  payment_pending: boolean;
  created_at: string;
  processed_at: string | null;
  proofs_erased_at: string | null;
  total_count: number;
};

export interface CartFilters {
  state: CartState;
  q?: string;
  customer?: string;
}

/** The cart's items, live or all, as a correlated count (one index lookup per cart). */
const itemCount = (now: Date, live: boolean) =>
  sql`(select count(*) from cart_items i
        where i.organiser_id = k.organiser_id and i.cart_id = k.id
        ${live ? sql`and i.expires_at > ${now}` : sql``})::int`;

const liveItemExists = (now: Date) =>
  sql`exists (select 1 from cart_items i
        where i.organiser_id = k.organiser_id and i.cart_id = k.id and i.expires_at > ${now})`;

function stateCondition(state: CartState, now: Date): SQL {
  if (state === "processed") return sql`k.processed_at is not null`;
  if (state === "open") {
    return sql`k.processed_at is null and (k.payment_pending_at is not null or ${liveItemExists(now)})`;
  }
  return sql`k.processed_at is null and k.payment_pending_at is null
    and exists (select 1 from cart_items i where i.organiser_id = k.organiser_id and i.cart_id = k.id)
    and not ${liveItemExists(now)}`;
}

function where(organiserId: number, filters: CartFilters, now: Date): SQL {
  const parts: SQL[] = [sql`k.organiser_id = ${organiserId}`, stateCondition(filters.state, now)];
  if (filters.customer) parts.push(sql`c.cuid = ${filters.customer}`);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, "\\$&")}%`;
    parts.push(
      sql`(k.reference ilike ${like} or c.email ilike ${like}
        or concat_ws(' ', c.firstname, c.lastname) ilike ${like})`,
    );
  }
  return sql.join(parts, sql` and `);
}

const FROM = sql.raw(
  "from carts k join customers c on c.organiser_id = k.organiser_id and c.id = k.customer_id",
);

const columns = (now: Date) => sql`k.id, k.cuid, k.reference, c.cuid as customer_cuid,
  c.firstname as customer_firstname, c.lastname as customer_lastname, c.email as customer_email,
  ${itemCount(now, false)} as items, ${itemCount(now, true)} as live_holds,
  (select ${iso("min(i.expires_at)")} from cart_items i
    where i.organiser_id = k.organiser_id and i.cart_id = k.id and i.expires_at > ${now}) as expires_at,
  (select coalesce(sum(i.price), 0) from cart_items i
    where i.organiser_id = k.organiser_id and i.cart_id = k.id and i.expires_at > ${now})::int as items_total,
  k.total_amount, k.paid_amount, k.payment_pending_at is not null as payment_pending,
  ${iso("k.created_at")} as created_at, ${iso("k.processed_at")} as processed_at,
  ${iso("k.proofs_erased_at")} as proofs_erased_at`;

/** A page of the organiser's carts in a state, the latest first, with the count of all matching. */
export async function listCarts(
  tx: TenantTx,
  organiserId: number,
  filters: CartFilters,
  page: { limit: number; offset: number },
  now: Date,
): Promise<CartSummaryRow[]> {
  const result = await tx.execute<CartSummaryRow>(
    sql`select ${columns(now)}, count(*) over ()::int as total_count
          ${FROM} where ${where(organiserId, filters, now)}
         order by coalesce(k.processed_at, k.created_at) desc, k.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  return result.rows;
}

/** How many carts match when the page asked is past the last one. */
export async function countCarts(
  tx: TenantTx,
  organiserId: number,
  filters: CartFilters,
  now: Date,
): Promise<number> {
  const result = await tx.execute<{ count: number }>(
    sql`select count(*)::int as count ${FROM} where ${where(organiserId, filters, now)}`,
  );
  return result.rows[0]!.count;
}

/** One cart by cuid with its counts (any state), or null. */
export async function findCart(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  now: Date,
): Promise<CartSummaryRow | null> {
  const result = await tx.execute<CartSummaryRow>(
    sql`select ${columns(now)}, 1 as total_count ${FROM}
         where k.organiser_id = ${organiserId} and k.cuid = ${cuid}`,
  );
  return result.rows[0] ?? null;
}

export type HoldRow = {
  id: number;
  cuid: string;
  cart_id: number;
  type: string;
  title: string | null;
  participant: string | null;
  price: number;
  expires_at: string;
  live: boolean;
  dates: Array<{ start_at: string; end_at: string }>;
};

const HOLD_COLUMNS = (now: Date) => sql`i.id, i.cuid, i.cart_id, i.type,
  coalesce(
    (select a.title from availabilities v join activities a on a.organiser_id = v.organiser_id
       and a.id = v.activity_id where v.organiser_id = i.organiser_id and v.id = i.availability_id),
    (select b.title from bundles b where b.organiser_id = i.organiser_id and b.id = i.bundle_id),
    (select g.title from vouchers g where g.organiser_id = i.organiser_id and g.id = i.voucher_id),
    (select m.title from memberships m where m.organiser_id = i.organiser_id and m.id = i.membership_id)
  ) as title,
  (select trim(concat_ws(' ', p.firstname, p.lastname)) from participants p
    where p.organiser_id = i.organiser_id and p.id = i.participant_id) as participant,
  i.price, ${iso("i.expires_at")} as expires_at, i.expires_at > ${now} as live,
  coalesce((select json_agg(json_build_object(
      'start_at', ${iso("d.start_at")}, 'end_at', ${iso("d.end_at")}) order by d.start_at)
    from cart_item_dates h join availability_dates d
      on d.organiser_id = h.organiser_id and d.id = h.availability_date_id
    where h.organiser_id = i.organiser_id and h.cart_item_id = i.id), '[]'::json) as dates`;

/** A cart's items with the dates each holds, in the order they were added. */
export async function listHolds(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  now: Date,
): Promise<HoldRow[]> {
  const result = await tx.execute<HoldRow>(
    sql`select ${HOLD_COLUMNS(now)} from cart_items i
         where i.organiser_id = ${organiserId} and i.cart_id = ${cartId}
         order by i.id`,
  );
  return result.rows;
}

/** One cart item by cuid, or null. */
export async function findHold(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  now: Date,
): Promise<HoldRow | null> {
  const result = await tx.execute<HoldRow>(
    sql`select ${HOLD_COLUMNS(now)} from cart_items i
         where i.organiser_id = ${organiserId} and i.cuid = ${cuid}`,
  );
  return result.rows[0] ?? null;
}

export type LockedCart = {
  id: number;
  cuid: string;
  customer_id: number;
  processed: boolean;
  payment_pending: boolean;
};

/** The cart's row, locked (`FOR UPDATE`, as every add and checkout locks it first), or null. */
export async function lockCart(
  tx: TenantTx,
  organiserId: number,
  by: { id: number } | { cuid: string },
): Promise<LockedCart | null> {
  const key = "id" in by ? sql`id = ${by.id}` : sql`cuid = ${by.cuid}`;
  const result = await tx.execute<LockedCart>(
    sql`select id, cuid, customer_id, processed_at is not null as processed,
          payment_pending_at is not null as payment_pending
          from carts where organiser_id = ${organiserId} and ${key} for update`,
  );
  return result.rows[0] ?? null;
}

/** Pushes a live hold's end back; false when it is no longer live (or gone). */
export async function extendHold(
  tx: TenantTx,
  organiserId: number,
  itemId: number,
  minutes: number,
  now: Date,
): Promise<string | null> {
  const result = await tx.execute<{ expires_at: string }>(
    sql`update cart_items set expires_at = expires_at + make_interval(mins => ${minutes})
         where organiser_id = ${organiserId} and id = ${itemId} and expires_at > ${now}
         returning ${iso("expires_at")} as expires_at`,
  );
  return result.rows[0]?.expires_at ?? null;
}

export type CartRegistrationRow = {
  id: number;
  cuid: string;
  participant: string;
  activity: string;
  paid_amount: number;
  cancelled: boolean;
};

const REGISTRATION_FROM = sql.raw(`from registrations r
  join participants p on p.organiser_id = r.organiser_id and p.id = r.participant_id
  join availabilities v on v.organiser_id = r.organiser_id and v.id = r.availability_id
  join activities a on a.organiser_id = v.organiser_id and a.id = v.activity_id`);

/** The registrations a processed cart made, in id order. */
export async function listCartRegistrations(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<CartRegistrationRow[]> {
  const result = await tx.execute<CartRegistrationRow>(
    sql`select r.id, r.cuid, trim(concat_ws(' ', p.firstname, p.lastname)) as participant,
          a.title as activity, r.paid_amount, r.cancelled
          ${REGISTRATION_FROM}
         where r.organiser_id = ${organiserId} and r.cart_id = ${cartId}
         order by r.id`,
  );
  return result.rows;
}
