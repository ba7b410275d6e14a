import {
  cartItems,
  carts,
  customers,
  participants,
  registrations,
  type TenantTx,
  waitingListEntries,
} from "@booking/db";
import { and, asc, eq, sql } from "@booking/db/orm";
import { refersTo } from "../carts/queries.ts";

// The console's statements on waiting lists (docs/decisions/0024-console-registrations.md).

export type ConsoleEntryRow = {
  entry: typeof waitingListEntries.$inferSelect;
  participant: { cuid: string; firstname: string; lastname: string; birthdate: string | null };
  customer: {
    cuid: string;
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
  };
  /** the participant holds a live registration on the availability */
  registered: boolean;
};

const registered = sql<boolean>`exists (select 1 from ${registrations} r
  where r.organiser_id = ${waitingListEntries.organiserId}
    and r.availability_id = ${waitingListEntries.availabilityId}
    and r.participant_id = ${waitingListEntries.participantId}
    and not r.cancelled)`;

function selectEntries(tx: TenantTx) {
  return tx
    .select({
      entry: waitingListEntries,
      participant: {
        cuid: participants.cuid,
        firstname: participants.firstname,
        lastname: participants.lastname,
        birthdate: participants.birthdate,
      },
      customer: {
        cuid: customers.cuid,
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        phone: customers.phone,
      },
      registered,
    })
    .from(waitingListEntries)
    .innerJoin(
      participants,
      refersTo(participants, waitingListEntries, waitingListEntries.participantId),
    )
    .innerJoin(customers, refersTo(customers, waitingListEntries, waitingListEntries.customerId));
}

/** The availability's waiting list in its order: by join time, then id (its positions). */
export async function listEntries(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<ConsoleEntryRow[]> {
  return selectEntries(tx)
    .where(
      and(
        eq(waitingListEntries.organiserId, organiserId),
        eq(waitingListEntries.availabilityId, availabilityId),
      ),
    )
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id));
}

/** One entry of the availability's list, its row locked until the transaction ends. */
export async function lockEntry(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
  cuid: string,
): Promise<ConsoleEntryRow | null> {
  const [row] = await selectEntries(tx)
    .where(
      and(
        eq(waitingListEntries.organiserId, organiserId),
        eq(waitingListEntries.availabilityId, availabilityId),
        eq(waitingListEntries.cuid, cuid),
      ),
    )
    .limit(1)
    .for("update", { of: waitingListEntries });
  return row ?? null;
}

export async function markOffered(
  tx: TenantTx,
  organiserId: number,
  entryId: number,
  values: { offeredAt: Date; offerExpiresAt: Date },
) {
  const [row] = await tx
    .update(waitingListEntries)
    .set(values)
    .where(and(eq(waitingListEntries.organiserId, organiserId), eq(waitingListEntries.id, entryId)))
    .returning();
  return row!;
}

/**
 * Deletes the entry and the place its offer holds, if any: the items of the customer's open
 * carts marked with the entry (their dates go with them).
 */
export async function deleteEntry(
  tx: TenantTx,
  organiserId: number,
  entry: { id: number; cuid: string; customerId: number },
): Promise<void> {
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.organiserId, organiserId),
      sql`${cartItems.payload} ->> 'waiting_list_entry' = ${entry.cuid}`,
      sql`exists (select 1 from ${carts} c
            where c.organiser_id = ${cartItems.organiserId} and c.id = ${cartItems.cartId}
              and c.customer_id = ${entry.customerId} and c.processed_at is null)`,
    ),
  );
  await tx
    .delete(waitingListEntries)
    .where(
      and(eq(waitingListEntries.organiserId, organiserId), eq(waitingListEntries.id, entry.id)),
    );
}
