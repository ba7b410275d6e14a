import { type TenantTx, waitingListEntries } from "@booking/db";
import { and, eq, lt, or, sql } from "@booking/db/orm";

// Every statement of the waiting list (storefront.md §4, §7).

export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect;

/** The entry of a participant on an availability's waiting list, if any. */
export async function findEntry(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
  participantId: number,
): Promise<WaitingListEntryRow | null> {
  const [row] = await tx
    .select()
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.organiserId, organiserId),
        eq(waitingListEntries.availabilityId, availabilityId),
        eq(waitingListEntries.participantId, participantId),
      ),
    );
  return row ?? null;
}

/**
 * Adds the entry unless the participant is already on the list (the unique key also settles two
 * concurrent joins of the same participant): null when it existed.
 */
export async function insertEntry(
  tx: TenantTx,
  entry: { organiserId: number; availabilityId: number; participantId: number; customerId: number },
): Promise<WaitingListEntryRow | null> {
  const [row] = await tx.insert(waitingListEntries).values(entry).onConflictDoNothing().returning();
  return row ?? null;
}

/** The rank of an entry in its availability's list, from 1: by join time, then by id. */
export async function positionOf(tx: TenantTx, entry: WaitingListEntryRow): Promise<number> {
  const [row] = await tx
    .select({ ahead: sql<number>`count(*)::int` })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.organiserId, entry.organiserId),
        eq(waitingListEntries.availabilityId, entry.availabilityId),
        or(
          lt(waitingListEntries.createdAt, entry.createdAt),
          and(
            eq(waitingListEntries.createdAt, entry.createdAt),
            lt(waitingListEntries.id, entry.id),
          ),
        ),
      ),
    );
  return (row?.ahead ?? 0) + 1;
}
