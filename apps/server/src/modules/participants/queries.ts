import { customers, participants, type TenantTx } from "@booking/db";
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL } from "@booking/db/orm";

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

export async function findOwnParticipant(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  participantId: number,
): Promise<ParticipantRow | null> {
  const rows = await tx
    .select(columns)
    .from(participants)
    .innerJoin(customers, joinCustomer())
    .where(and(ownedBy(organiserId, customerId), eq(participants.id, participantId)))
    .limit(1);
  return withEmail(rows)[0] ?? null;
}

/** Each word of the search must match the first or the last name, ignoring case. */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      return or(ilike(participants.firstname, pattern), ilike(participants.lastname, pattern));
    }),
  );
}

export async function listOwnParticipants(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  filter: { search?: string; ids?: number[]; limit: number; offset: number },
): Promise<{ rows: ParticipantRow[]; count: number }> {
  const where = and(
    ownedBy(organiserId, customerId),
    searchCondition(filter.search),
    filter.ids ? inArray(participants.id, filter.ids) : undefined,
  );
  const rows = await tx
    .select(columns)
    .from(participants)
    .innerJoin(customers, joinCustomer())
    .where(where)
    .orderBy(asc(participants.firstname), asc(participants.lastname), asc(participants.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await tx.select({ value: count() }).from(participants).where(where);
  return { rows: withEmail(rows), count: total?.value ?? 0 };
}
