import { carts, customers, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray, isNull, sql } from "@booking/db/orm";

// The statements of a customer merge (docs/decisions/0023-customer-merge.md). Every table that
// names a customer is listed here; apps/server/test/console-customers-merge.test.ts fails when a
// table with a customer column is added and not handled.

/**
 * The tables whose rows simply change customer: nothing in them is unique per customer, so the
 * source's rows join the target's as they are.
 */
const MOVED_TABLES = [
  "participants",
  "registrations",
  "registration_requests",
  "registration_cancellations",
  "registration_changes",
  "registration_reviews",
  "booking_participations",
  "customer_bundles",
  "customer_memberships",
  "customer_vouchers",
  "wallet_transactions",
  "waiting_list_entries",
  "customer_notes",
  "manual_messages",
  "messages",
  // An issued document keeps its frozen copy of the customer; only whose it is changes.
  "customer_invoices",
  "payment_reminders",
] as const;

/** Sign-in material of the source, closed rather than moved: its sessions and links end. */
const CLOSED_TABLES = [
  "customer_sessions",
  "password_reset_tokens",
  "collaborator_tokens",
] as const;

export type Merging = { organiserId: number; sourceId: number; targetId: number };

/** Re-points every row of MOVED_TABLES, and the vouchers the source redeemed, to the target. */
export async function moveOwnedRows(tx: TenantTx, merging: Merging): Promise<void> {
  const { organiserId, sourceId, targetId } = merging;
  for (const table of MOVED_TABLES) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set customer_id = ${targetId}
           where organiser_id = ${organiserId} and customer_id = ${sourceId}`,
    );
  }
  await tx.execute(
    sql`update customer_vouchers set recipient_id = ${targetId}
         where organiser_id = ${organiserId} and recipient_id = ${sourceId}`,
  );
  // Tags are a set: the target gains those of the source it lacks (the others go with the
  // source); decision 0088.
  await tx.execute(
    sql`update customer_tags s set customer_id = ${targetId}
         where s.organiser_id = ${organiserId} and s.customer_id = ${sourceId}
           and not exists (select 1 from customer_tags t
                            where t.organiser_id = ${organiserId} and t.customer_id = ${targetId}
                              and t.tag_id = s.tag_id)`,
  );
  // Discounts given are a set too (one per customer and discount; decision 0100).
  await tx.execute(
    sql`update customer_discounts s set customer_id = ${targetId}
         where s.organiser_id = ${organiserId} and s.customer_id = ${sourceId}
           and not exists (select 1 from customer_discounts t
                            where t.organiser_id = ${organiserId} and t.customer_id = ${targetId}
                              and t.discount_id = s.discount_id)`,
  );
  // One set of billing details per customer: the target keeps its own, else takes the source's
  // (the source's row goes with the source otherwise).
  await tx.execute(
    sql`update customer_billing_details set customer_id = ${targetId}
         where organiser_id = ${organiserId} and customer_id = ${sourceId}
           and not exists (select 1 from customer_billing_details
                            where organiser_id = ${organiserId} and customer_id = ${targetId})`,
  );
}

/** Deletes the source's sessions, password-reset and impersonation links. */
export async function closeSignIns(tx: TenantTx, merging: Merging): Promise<void> {
  for (const table of CLOSED_TABLES) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)}
           where organiser_id = ${merging.organiserId} and customer_id = ${merging.sourceId}`,
    );
  }
}

/**
 * The source's notifications still to come go to the target, addressed to it; one the target
 * already has for the same rule and event (a merge of two who made the same thing) is dropped.
 */
export async function moveScheduledNotifications(tx: TenantTx, merging: Merging): Promise<void> {
  const { organiserId, sourceId, targetId } = merging;
  const targetRecipient = `customer:${targetId}`;
  await tx.execute(
    sql`delete from scheduled_notifications s
         where s.organiser_id = ${organiserId} and s.customer_id = ${sourceId}
           and exists (select 1 from scheduled_notifications t
                        where t.organiser_id = s.organiser_id and t.rule_id = s.rule_id
                          and t.event_cuid = s.event_cuid and t.recipient = ${targetRecipient})`,
  );
  await tx.execute(
    sql`update scheduled_notifications set customer_id = ${targetId}, recipient = ${targetRecipient}
         where organiser_id = ${organiserId} and customer_id = ${sourceId}`,
  );
}

export type OpenCart = typeof carts.$inferSelect;

/** The open carts of both customers, locked in id order (the lock order of every cart change). */
export async function lockOpenCarts(
  tx: TenantTx,
  merging: Merging,
): Promise<{ source: OpenCart | null; target: OpenCart | null }> {
  const rows = await tx
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.organiserId, merging.organiserId),
        inArray(carts.customerId, [merging.sourceId, merging.targetId]),
        isNull(carts.processedAt),
      ),
    )
    .orderBy(asc(carts.id))
    .for("update");
  return {
    source: rows.find((row) => row.customerId === merging.sourceId) ?? null,
    target: rows.find((row) => row.customerId === merging.targetId) ?? null,
  };
}

/**
 * Empties the source's open cart into the target's: its items (with their dates and holds), the
 * past payment attempts and wallet movements that name it; the target keeps its coupon, or takes
 * the source's when it has none. The emptied cart is deleted.
 */
export async function pourOpenCart(
  tx: TenantTx,
  organiserId: number,
  from: OpenCart,
  into: OpenCart,
): Promise<void> {
  for (const table of ["cart_items", "payments", "wallet_transactions"] as const) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set cart_id = ${into.id}
           where organiser_id = ${organiserId} and cart_id = ${from.id}`,
    );
  }
  if (into.couponId === null && from.couponId !== null) {
    await tx
      .update(carts)
      .set({ couponId: from.couponId, updatedAt: new Date() })
      .where(and(eq(carts.organiserId, organiserId), eq(carts.id, into.id)));
  }
  await tx.delete(carts).where(and(eq(carts.organiserId, organiserId), eq(carts.id, from.id)));
}

/** Gives every cart of the source (orders, and an open cart the target lacked) to the target. */
export async function moveCarts(tx: TenantTx, merging: Merging): Promise<void> {
  await tx
    .update(carts)
    .set({ customerId: merging.targetId })
    .where(and(eq(carts.organiserId, merging.organiserId), eq(carts.customerId, merging.sourceId)));
}

/**
 * Attendance charges are one per customer and billing cycle: a cycle both were charged for ends
 * as one charge of the target with both charges' items, totals and payments; the others move.
 */
export async function mergeAttendanceCharges(tx: TenantTx, merging: Merging): Promise<void> {
  const { organiserId, sourceId, targetId } = merging;
  const pairs = sql`attendance_charges s join attendance_charges t
      on t.organiser_id = s.organiser_id and t.billing_cycle_id = s.billing_cycle_id
     and t.customer_id = ${targetId}
   where s.organiser_id = ${organiserId} and s.customer_id = ${sourceId}`;
  await tx.execute(
    sql`update attendance_charge_items i set attendance_charge_id = pair.target_id
          from (select s.id as source_id, t.id as target_id from ${pairs}) pair
         where i.organiser_id = ${organiserId} and i.attendance_charge_id = pair.source_id`,
  );
  await tx.execute(
    sql`update attendance_charges c
           set total_amount = c.total_amount + pair.total_amount,
               paid_amount = c.paid_amount + pair.paid_amount,
               updated_at = now()
          from (select t.id as target_id, s.total_amount, s.paid_amount from ${pairs}) pair
         where c.organiser_id = ${organiserId} and c.id = pair.target_id`,
  );
  await tx.execute(
    sql`delete from attendance_charges d
         using (select s.id as source_id from ${pairs}) pair
         where d.organiser_id = ${organiserId} and d.id = pair.source_id`,
  );
  await tx.execute(
    sql`update attendance_charges set customer_id = ${targetId}
         where organiser_id = ${organiserId} and customer_id = ${sourceId}`,
  );
}

export type CustomerRow = typeof customers.$inferSelect;

/** Both customers' rows, locked in id order: taken last, as every change of a wallet does. */
export async function lockCustomers(
  tx: TenantTx,
  merging: Merging,
): Promise<{ source: CustomerRow; target: CustomerRow }> {
  const rows = await tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, merging.organiserId),
        inArray(customers.id, [merging.sourceId, merging.targetId]),
      ),
    )
    .orderBy(asc(customers.id))
    .for("update");
  const source = rows.find((row) => row.id === merging.sourceId);
  const target = rows.find((row) => row.id === merging.targetId);
  if (!source || !target) throw new Error("merged customers vanished during the merge");
  return { source, target };
}

/** The target's wallet and custom data after the merge; then the emptied source row goes. */
export async function finishMerge(
  tx: TenantTx,
  merging: Merging,
  target: Pick<CustomerRow, "walletAmount" | "customData">,
): Promise<void> {
  const { organiserId, sourceId, targetId } = merging;
  await tx
    .update(customers)
    .set({ ...target, updatedAt: new Date() })
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, targetId)));
  await tx
    .delete(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, sourceId)));
}
