import {
  cartItems,
  carts,
  type Database,
  organisers,
  type TenantTx,
  withTenant,
} from "@booking/db";
import { asc, sql } from "@booking/db/orm";

// The periodic sweep of abandoned carts (docs/decisions/0008-cart-holds.md): an expired item holds
// nothing and is neither shown nor totalled, and the add deletes its own cart's expired items,
// but the carts nobody comes back to would keep theirs forever.

/** Carts handled per statement: a sweep never holds many row locks at once. */
export const SWEEP_BATCH = 200;

/**
 * Deletes the expired items (their held dates cascade) of up to `batch` open carts of one
 * organiser, in id order. Carts locked by a transaction (an add or a checkout in progress) are
 * skipped (`FOR UPDATE SKIP LOCKED`): that transaction deals with its cart's items, and the next
 * sweep takes the cart if it still needs it. Processed carts are never touched: their items are
 * what their registrations and products were made from; nor are carts awaiting their online
 * payment (frozen: the payment was computed for their items). Returns the carts swept and the items
 * deleted.
 */
async function sweepBatch(
  tx: TenantTx,
  organiserId: number,
  now: Date,
  batch: number,
): Promise<{ carts: number; items: number }> {
  const result = await tx.execute<{ carts: number; items: number }>(sql`
    with idle as (
      select ${carts.id} as id from ${carts}
      where ${carts.organiserId} = ${organiserId}
        and ${carts.processedAt} is null
        -- a cart awaiting its online payment keeps its expired items: a late payment is
        -- processed with them if their places are still free (0011-online-payments.md)
        and ${carts.paymentPendingAt} is null
        and exists (
          select 1 from ${cartItems}
          where ${cartItems.organiserId} = ${organiserId}
            and ${cartItems.cartId} = ${carts.id}
            and ${cartItems.expiresAt} <= ${now}
        )
      order by ${carts.id}
      limit ${batch}
      for update of ${carts} skip locked
    ), gone as (
      delete from ${cartItems} using idle
      where ${cartItems.organiserId} = ${organiserId}
        and ${cartItems.cartId} = idle.id
        and ${cartItems.expiresAt} <= ${now}
      returning 1
    )
    select (select count(*) from idle)::int as carts, (select count(*) from gone)::int as items
  `);
  const row = result.rows[0]!;
  return { carts: row.carts, items: row.items };
}

/**
 * Deletes the items expired at `now` of every organiser's open carts, each organiser in its own
 * row-level-secured transactions of at most `batch` carts. Idempotent: a second run at the same
 * `now` finds nothing to delete. Returns the number of items deleted.
 */
export async function sweepExpiredCartItems(
  db: Database,
  now: Date,
  batch = SWEEP_BATCH,
): Promise<number> {
  const tenants = await db
    .select({ id: organisers.id })
    .from(organisers)
    .orderBy(asc(organisers.id));
  let deleted = 0;
  for (const { id } of tenants) {
    for (;;) {
      const swept = await withTenant(db, id, (tx) => sweepBatch(tx, id, now, batch));
      deleted += swept.items;
      if (swept.carts < batch) break;
    }
  }
  return deleted;
}
