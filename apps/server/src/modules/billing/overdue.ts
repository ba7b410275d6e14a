import { type Database, platformInvoices, withTenant } from "@booking/db";
import { and, eq, isNull, lte, sql } from "@booking/db/orm";
import type { Organiser } from "../organisers/queries.ts";

// The console-wide overdue banner (issue 16 §3; decision 0082): an organiser's platform invoice
// unpaid `delay_before_overdue` days (14) after its due date.

/** Whether the organiser has a platform invoice overdue at `now` (one indexed look-up). */
export async function hasOverdueInvoice(
  db: Database,
  organiser: Pick<Organiser, "id" | "billing">,
  now = new Date(),
): Promise<boolean> {
  const delayDays = organiser.billing.delay_before_overdue;
  const rows = await withTenant(db, organiser.id, (tx) =>
    tx
      .select({ one: sql`1` })
      .from(platformInvoices)
      .where(
        and(
          eq(platformInvoices.organiserId, organiser.id),
          isNull(platformInvoices.paidAt),
          lte(platformInvoices.dueAt, new Date(now.getTime() - delayDays * 86_400_000)),
        ),
      )
      .limit(1),
  );
  return rows.length > 0;
}
