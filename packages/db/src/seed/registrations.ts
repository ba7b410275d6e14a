import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { availabilityDates, registrationDates, registrations } from "../schema/index.ts";

// The demo registrations, written as checkout leaves them, for the seed writers that make past
// orders (account history, documents).

/** The ids of an availability's dates: a demo registration takes all of them. */
export async function availabilityDateIds(
  tx: Transaction,
  organiserId: number,
  availabilityId: number,
): Promise<number[]> {
  const dates = await tx
    .select({ id: availabilityDates.id })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        eq(availabilityDates.availabilityId, availabilityId),
      ),
    );
  return dates.map((date) => date.id);
}

/**
 * A registration on `dateIds`: its row, its registered dates, and its place taken on each of
 * them (availability_dates.registered, as checkout counts places). Returns its id.
 */
export async function writeDemoRegistration(
  tx: Transaction,
  values: typeof registrations.$inferInsert,
  dateIds: number[],
): Promise<number> {
  const { organiserId } = values;
  const [row] = await tx.insert(registrations).values(values).returning({ id: registrations.id });
  await tx.insert(registrationDates).values(
    dateIds.map((availabilityDateId) => ({
      organiserId,
      registrationId: row!.id,
      availabilityDateId,
    })),
  );
  await tx
    .update(availabilityDates)
    .set({ registered: sql`${availabilityDates.registered} + 1` })
    .where(
      and(eq(availabilityDates.organiserId, organiserId), inArray(availabilityDates.id, dateIds)),
    );
  return row!.id;
}
