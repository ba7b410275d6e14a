import { type Database, organisers, withTenant } from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { addMonths, cycleMonthOf, monthlyCycleBounds } from "@booking/domain";
import { closeCycle } from "../modules/billing/cycle.ts";
import { meterUse } from "../modules/billing/metering.ts";

// The demo's platform billing (decision 0078): its registrations and customer invoices metered
// as they happened (the seed wrote the older ones without events), then its last ended month
// closed by the cycle service with the clock at that month's end, so its owner finds a closed
// cycle with its platform invoice. Idempotent like the services it runs.

const DEMO_MINIMUM_INVOICE_AMOUNT = 100;

export async function seedDemoBilling(db: Database, now: Date): Promise<void> {
  const [found] = await db.select().from(organisers).where(eq(organisers.slug, "demo"));
  if (!found) return;
  // The demo is a small club: its own minimum invoice amount (an organiser's billing setting)
  // is 1 € instead of 5 €, so that its short first month is invoiced rather than carried over.
  const [demo] = await db
    .update(organisers)
    .set({ billing: { ...found.billing, minimum_invoice_amount: DEMO_MINIMUM_INVOICE_AMOUNT } })
    .where(eq(organisers.id, found.id))
    .returning();
  if (!demo) return;
  await withTenant(db, demo.id, async (tx) => {
    const { rows } = await tx.execute<{
      item: "registrations" | "invoices";
      cuid: string;
      base: number;
      at: string;
    }>(sql`
      select 'registrations' as item, cuid, 0 as base, created_at as at
        from registrations where organiser_id = ${demo.id}
      union all
      select 'invoices', cuid, total_amount, issued_at
        from customer_invoices where organiser_id = ${demo.id} and type = 'INVOICE'`);
    for (const row of rows) {
      await meterUse(tx, demo.id, {
        item: row.item,
        sourceKey: row.cuid,
        quantity: 1,
        baseAmount: row.base,
        occurredAt: new Date(row.at),
      });
    }
  });
  const lastEnded = addMonths(cycleMonthOf(now, demo.timezone), -1);
  // Twenty minutes after that month's end, when the hourly job would have closed it.
  const { end } = monthlyCycleBounds(lastEnded, demo.timezone);
  await closeCycle(db, demo, lastEnded, new Date(end.getTime() + 20 * 60_000));
}
