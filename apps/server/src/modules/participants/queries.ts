import {
  cartItems,
  carts,
  containsPattern,
  customers,
  participants,
  type TenantTx,
  waitingListEntries,
} from "@booking/db";
import {
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from "@booking/db/orm";

export type ParticipantRow = typeof participants.$inferSelect & { customerEmail: string };

function ownedBy(organiserId: number, customerId: number): SQL {
  return and(
    eq(participants.organiserId, organiserId),
    eq(participants.customerId, customerId),
    isNull(participants.deletedAt),
  )!;
}

const columns = {
  participant: participants,
  customerEmail: customers.email,
};

function withEmail(
  rows: Array<{ participant: typeof participants.$inferSelect; customerEmail: string }>,
) {
  return rows.map((row) => ({ ...row.participant, customerEmail: row.customerEmail }));
}

function joinCustomer() {
  return and(
    eq(customers.organiserId, participants.organiserId),
    eq(customers.id, participants.customerId),
  );
}

/** The customer's participant (not deleted) with this id or cuid; `lock` holds its row. */
export async function findOwnParticipant(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  key: { id: number } | { cuid: string },
  options: { lock?: boolean } = {},
): Promise<ParticipantRow | null> {
  const query = tx
    .select(columns)
    .from(participants)
    .innerJoin(customers, joinCustomer())
    .where(
      and(
        ownedBy(organiserId, customerId),
        "id" in key ? eq(participants.id, key.id) : eq(participants.cuid, key.cuid),
      ),
    )
    .limit(1);
  const rows = options.lock ? await query.for("update", { of: participants }) : await query;
  return withEmail(rows)[0] ?? null;
}

type ParticipantValues = Pick<
  typeof participants.$inferInsert,
  "firstname" | "lastname" | "birthdate" | "customData"
>;

export async function insertParticipant(
  tx: TenantTx,
  values: ParticipantValues & { organiserId: number; customerId: number },
): Promise<number> {
  const [created] = await tx.insert(participants).values(values).returning({ id: participants.id });
  return created!.id;
}

export async function updateParticipantRow(
  tx: TenantTx,
  organiserId: number,
  participantId: number,
  values: ParticipantValues,
): Promise<void> {
  await tx
    .update(participants)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(participants.organiserId, organiserId), eq(participants.id, participantId)));
}

/** Whether the participant is on a live item (not expired) of one of the customer's open carts. */
export async function isInOpenCart(
  tx: TenantTx,
  organiserId: number,
  participantId: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(
      carts,
      and(eq(carts.organiserId, cartItems.organiserId), eq(carts.id, cartItems.cartId)),
    )
    .where(
      and(
        eq(cartItems.organiserId, organiserId),
        eq(cartItems.participantId, participantId),
        isNull(carts.processedAt),
        gt(cartItems.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Takes the participant off every waiting list. */
export async function leaveWaitingLists(
  tx: TenantTx,
  organiserId: number,
  participantId: number,
): Promise<void> {
  await tx
    .delete(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.organiserId, organiserId),
        eq(waitingListEntries.participantId, participantId),
      ),
    );
}

/** PostgreSQL's foreign_key_violation, possibly wrapped by drizzle as the error's cause. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/**
 * Deletes the participant's row unless another row refers to it (a registration, a bundle, a
 * membership, a voucher, a cart item, any table added later): the delete runs in a savepoint, and
 * a foreign-key violation rolls back only the savepoint. Answers whether the row was deleted.
 */
export async function deleteUnreferencedParticipant(
  tx: TenantTx,
  organiserId: number,
  participantId: number,
): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint
        .delete(participants)
        .where(and(eq(participants.organiserId, organiserId), eq(participants.id, participantId)));
    });
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

/** Marks the participant deleted: the row and its data stay for the organiser's records. */
export async function archiveParticipant(
  tx: TenantTx,
  organiserId: number,
  participantId: number,
): Promise<void> {
  const now = new Date();
  await tx
    .update(participants)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(participants.organiserId, organiserId), eq(participants.id, participantId)));
}

/** Each word of the search must match the first or the last name, ignoring case. */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(ilike(participants.firstname, pattern), ilike(participants.lastname, pattern));
    }),
  );
}

type OwnParticipantsFilter = { search?: string; ids?: number[]; limit: number; offset: number };

function ownParticipantsWhere(
  organiserId: number,
  customerId: number,
  filter: OwnParticipantsFilter,
): SQL | undefined {
  return and(
    ownedBy(organiserId, customerId),
    searchCondition(filter.search),
    filter.ids ? inArray(participants.id, filter.ids) : undefined,
  );
}

async function ownParticipantRows(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  filter: OwnParticipantsFilter,
): Promise<ParticipantRow[]> {
  const rows = await tx
    .select(columns)
    .from(participants)
    .innerJoin(customers, joinCustomer())
    .where(ownParticipantsWhere(organiserId, customerId, filter))
    .orderBy(asc(participants.firstname), asc(participants.lastname), asc(participants.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return withEmail(rows);
}

export async function listOwnParticipants(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  filter: OwnParticipantsFilter,
): Promise<{ rows: ParticipantRow[]; count: number }> {
  const rows = await ownParticipantRows(tx, organiserId, customerId, filter);
  const [total] = await tx
    .select({ value: count() })
    .from(participants)
    .where(ownParticipantsWhere(organiserId, customerId, filter));
  return { rows, count: total?.value ?? 0 };
}
