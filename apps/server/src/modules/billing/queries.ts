import {
  type Database,
  platformBillingCycles,
  platformInvoiceCounters,
  platformInvoices,
  platformUsage,
  type TenantTx,
} from "@booking/db";
import { and, asc, desc, eq, gte, lt, sql } from "@booking/db/orm";
import type { ItemUsage, PlatformBillingItem } from "@booking/domain";

// Every statement of the platform billing tables (docs/decisions/0078-platform-billing.md).

export type PlatformInvoiceRow = typeof platformInvoices.$inferSelect;
export type BillingCycleRow = typeof platformBillingCycles.$inferSelect;

/** What the organiser used in [start, end), per item. */
export async function usageBetween(
  tx: TenantTx,
  organiserId: number,
  start: Date,
  end: Date,
): Promise<ItemUsage[]> {
  const rows = await tx
    .select({
      item: platformUsage.item,
      quantity: sql<number>`sum(${platformUsage.quantity})::int`,
      base_amount: sql<number>`sum(${platformUsage.baseAmount})::int`,
    })
    .from(platformUsage)
    .where(
      and(
        eq(platformUsage.organiserId, organiserId),
        gte(platformUsage.occurredAt, start),
        lt(platformUsage.occurredAt, end),
      ),
    )
    .groupBy(platformUsage.item);
  return rows.map((row) => ({ ...row, item: row.item as PlatformBillingItem }));
}

/** The organiser's closed cycles, oldest first. */
export function listCycles(tx: TenantTx, organiserId: number) {
  return tx
    .select()
    .from(platformBillingCycles)
    .where(eq(platformBillingCycles.organiserId, organiserId))
    .orderBy(asc(platformBillingCycles.startAt));
}

/**
 * Serialises the closing of this organiser's cycles until the transaction ends (two runs at once:
 * the second sees the first's cycle).
 */
export async function lockOrganiserBilling(tx: TenantTx, organiserId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('platform-billing'), ${organiserId})`);
}

export async function findCycle(tx: TenantTx, organiserId: number, startAt: Date) {
  const [row] = await tx
    .select()
    .from(platformBillingCycles)
    .where(
      and(
        eq(platformBillingCycles.organiserId, organiserId),
        eq(platformBillingCycles.startAt, startAt),
      ),
    );
  return row ?? null;
}

/** The last cycle closed before `startAt`: what it carried over, if it did. */
export async function previousCycle(tx: TenantTx, organiserId: number, startAt: Date) {
  const [row] = await tx
    .select()
    .from(platformBillingCycles)
    .where(
      and(
        eq(platformBillingCycles.organiserId, organiserId),
        lt(platformBillingCycles.startAt, startAt),
      ),
    )
    .orderBy(desc(platformBillingCycles.startAt))
    .limit(1);
  return row ?? null;
}

export async function insertCycle(tx: TenantTx, values: typeof platformBillingCycles.$inferInsert) {
  const [row] = await tx.insert(platformBillingCycles).values(values).returning();
  return row!;
}

/**
 * Increments the platform's counter of `year` (creating it at 1) and returns the new number; the
 * row stays locked until the issuing transaction ends.
 */
export async function nextPlatformInvoiceNumber(tx: TenantTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(platformInvoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: platformInvoiceCounters.year,
      set: { lastNumber: sql`${platformInvoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: platformInvoiceCounters.lastNumber });
  return row!.lastNumber;
}

export async function insertPlatformInvoice(
  tx: TenantTx,
  values: typeof platformInvoices.$inferInsert,
): Promise<PlatformInvoiceRow> {
  const [row] = await tx.insert(platformInvoices).values(values).returning();
  return row!;
}

/** The organiser's platform invoices, newest first. */
export function listPlatformInvoices(tx: TenantTx, organiserId: number) {
  return tx
    .select()
    .from(platformInvoices)
    .where(eq(platformInvoices.organiserId, organiserId))
    .orderBy(desc(platformInvoices.issuedAt), desc(platformInvoices.id));
}

export async function findPlatformInvoice(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(platformInvoices)
    .where(and(eq(platformInvoices.organiserId, organiserId), eq(platformInvoices.cuid, cuid)));
  return row ?? null;
}

/**
 * The fees (VAT-exclusive) invoiced in [start, end) to the organisers `referrerId` referred, in
 * its currency, while each referral still earned (within `durationDays` of its sign-up). Read
 * across tenants on the owner connection, as the platform's operators read (decision 0040).
 */
export async function referredFees(
  db: Database,
  referrer: { id: number; currency: string },
  period: { start: Date; end: Date },
  durationDays: number,
): Promise<number> {
  const { rows } = await db.execute<{ fees: number }>(sql`
    select coalesce(sum((i.snapshot->>'taxable_amount')::int), 0)::int as fees
    from platform_invoices i
    join organisers o on o.id = i.organiser_id
    where o.referred_by_organiser_id = ${referrer.id}
      and o.currency = ${referrer.currency}
      and i.issued_at >= ${period.start.toISOString()}::timestamptz
      and i.issued_at < ${period.end.toISOString()}::timestamptz
      and i.issued_at < o.created_at + make_interval(days => ${durationDays})`);
  return rows[0]?.fees ?? 0;
}

/** How many organisers it referred, and what their fees earned it on its own invoices so far. */
export async function referralSummary(tx: TenantTx, organiserId: number) {
  const { rows } = await tx.execute<{ referred_organisers: number; earnings: number }>(sql`
    select
      (select count(*)::int from organisers where referred_by_organiser_id = ${organiserId})
        as referred_organisers,
      (select coalesce(sum(-(line->>'amount')::int), 0)::int
        from platform_invoices i, jsonb_array_elements(i.snapshot->'lines') line
        where i.organiser_id = ${organiserId} and line->>'kind' = 'referral_credit') as earnings`);
  return rows[0]!;
}
