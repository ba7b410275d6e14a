import type { TenantTx } from "@booking/db";
import { collaborators, customers, imports, participants } from "@booking/db";
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  or,
  sql,
} from "@booking/db/orm";
import type { ExistingCustomer, ImportedCustomer, ImportedParticipant } from "@booking/domain";

export type ImportRow = typeof imports.$inferSelect;
export type NewImport = Omit<typeof imports.$inferInsert, "organiserId">;

export async function insertImport(
  tx: TenantTx,
  organiserId: number,
  values: NewImport,
): Promise<ImportRow> {
  const [row] = await tx
    .insert(imports)
    .values({ organiserId, ...values })
    .returning();
  return row!;
}

export async function findImport(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<ImportRow | null> {
  const query = tx
    .select()
    .from(imports)
    .where(and(eq(imports.organiserId, organiserId), eq(imports.cuid, cuid)));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export type ImportListRow = ImportRow & { createdBy: string | null };

/** The organiser's imports, newest first, without their rows. */
export async function listImports(
  tx: TenantTx,
  organiserId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: ImportListRow[]; count: number }> {
  const { rows: _cells, ...columns } = getTableColumns(imports);
  const rows = await tx
    .select({
      ...columns,
      rows: sql<null>`null`,
      createdBy: sql<string | null>`${collaborators.firstname} || ' ' || ${collaborators.lastname}`,
    })
    .from(imports)
    .leftJoin(collaborators, eq(collaborators.id, imports.collaboratorId))
    .where(eq(imports.organiserId, organiserId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ count: count() })
    .from(imports)
    .where(eq(imports.organiserId, organiserId));
  return { rows, count: total?.count ?? 0 };
}

export async function updateImport(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: Partial<NewImport>,
): Promise<ImportRow> {
  const [row] = await tx
    .update(imports)
    .set(values)
    .where(and(eq(imports.organiserId, organiserId), eq(imports.id, id)))
    .returning();
  return row!;
}

/** Uploads left uncommitted past their retention drop their rows (decision 0085). */
export async function expireImports(tx: TenantTx, organiserId: number, now: Date): Promise<void> {
  await tx
    .update(imports)
    .set({ status: "EXPIRED", rows: null })
    .where(
      and(
        eq(imports.organiserId, organiserId),
        eq(imports.status, "UPLOADED"),
        lt(imports.expiresAt, now),
      ),
    );
}

/**
 * Serialises the organiser's import commits: two commits of the same file, or of two files
 * naming the same customers, run one after the other, and the second finds the first's rows.
 */
export async function lockImportCommits(tx: TenantTx, organiserId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('imports.commit'), ${organiserId})`);
}

/** The stored customers a file names by e-mail or external id, with their participants. */
export async function findExistingCustomers(
  tx: TenantTx,
  organiserId: number,
  keys: { emails: string[]; externalIds: string[] },
): Promise<ExistingCustomer[]> {
  const named = [
    ...(keys.emails.length > 0 ? [inArray(customers.email, keys.emails)] : []),
    ...(keys.externalIds.length > 0 ? [inArray(customers.externalId, keys.externalIds)] : []),
  ];
  if (named.length === 0) return [];
  const found = await tx
    .select({
      id: customers.id,
      externalId: customers.externalId,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      phone: customers.phone,
      customData: customers.customData,
    })
    .from(customers)
    .where(
      and(eq(customers.organiserId, organiserId), isNull(customers.anonymisedAt), or(...named)),
    );
  if (found.length === 0) return [];
  const people = await tx
    .select({
      id: participants.id,
      customerId: participants.customerId,
      firstname: participants.firstname,
      lastname: participants.lastname,
      birthdate: participants.birthdate,
      customData: participants.customData,
    })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        inArray(
          participants.customerId,
          found.map((customer) => customer.id),
        ),
        isNull(participants.deletedAt),
      ),
    )
    .orderBy(participants.id);
  return found.map((customer) => ({
    ...customer,
    participants: people
      .filter((person) => person.customerId === customer.id)
      .map(({ customerId: _, ...person }) => person),
  }));
}

/** Rows are written by batches: one statement per batch keeps a 10,000-row file quick. */
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += BATCH)
    out.push(items.slice(index, index + BATCH));
  return out;
}

/** Inserts the customers; their ids in the same order. */
export async function insertCustomers(
  tx: TenantTx,
  organiserId: number,
  values: readonly ImportedCustomer[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of batches(values)) {
    const rows = await tx
      .insert(customers)
      .values(
        batch.map(({ externalId, ...customer }) => ({ organiserId, externalId, ...customer })),
      )
      .returning({ id: customers.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Inserts the participants; their ids in the same order. */
export async function insertParticipants(
  tx: TenantTx,
  organiserId: number,
  values: readonly (ImportedParticipant & { customerId: number })[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of batches(values)) {
    const rows = await tx
      .insert(participants)
      .values(batch.map((participant) => ({ organiserId, ...participant })))
      .returning({ id: participants.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export async function updateImportedCustomer(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: ImportedCustomer,
): Promise<void> {
  await tx
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, id)));
}

export async function updateImportedParticipant(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: Pick<ImportedParticipant, "birthdate" | "customData">,
): Promise<void> {
  await tx
    .update(participants)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(participants.organiserId, organiserId), eq(participants.id, id)));
}
