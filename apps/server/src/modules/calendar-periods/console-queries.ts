import { calendarPeriods, type TenantTx } from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";

export type CalendarPeriod = typeof calendarPeriods.$inferSelect;
type PeriodValues = { name: string; startDate: string; endDate: string };

/** In calendar order, as the storefront's period filter lists them. */
export async function listPeriods(tx: TenantTx, organiserId: number): Promise<CalendarPeriod[]> {
  return tx
    .select()
    .from(calendarPeriods)
    .where(eq(calendarPeriods.organiserId, organiserId))
    .orderBy(asc(calendarPeriods.startDate), asc(calendarPeriods.id));
}

export async function findPeriod(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(calendarPeriods)
    .where(and(eq(calendarPeriods.organiserId, organiserId), eq(calendarPeriods.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function insertPeriod(tx: TenantTx, organiserId: number, values: PeriodValues) {
  const [row] = await tx
    .insert(calendarPeriods)
    .values({ ...values, organiserId })
    .returning();
  return row!;
}

export async function updatePeriod(tx: TenantTx, id: number, values: PeriodValues) {
  const [row] = await tx
    .update(calendarPeriods)
    .set(values)
    .where(eq(calendarPeriods.id, id))
    .returning();
  return row!;
}

export async function deletePeriod(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(calendarPeriods).where(eq(calendarPeriods.id, id));
}
