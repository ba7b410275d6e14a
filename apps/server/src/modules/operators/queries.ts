import {
  collaboratorSessions,
  type Database,
  operatorSessions,
  operators,
  operatorTokens,
} from "@booking/db";
import { and, asc, eq, gt, isNull, lt, sql } from "@booking/db/orm";

export type Operator = typeof operators.$inferSelect;

export async function findOperatorByEmail(db: Database, email: string): Promise<Operator | null> {
  const [row] = await db.select().from(operators).where(eq(operators.email, email)).limit(1);
  return row ?? null;
}

export async function insertOperator(db: Database, values: { email: string; name: string }) {
  const [row] = await db
    .insert(operators)
    .values(values)
    .onConflictDoNothing({ target: operators.email })
    .returning();
  return row ?? null;
}

export async function listOperators(db: Database): Promise<Operator[]> {
  return db.select().from(operators).orderBy(asc(operators.email));
}

/** Disables the operator and ends its sessions and links; false when there is no such operator. */
export async function disableOperator(db: Database, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(operators)
      .set({ disabledAt: sql`coalesce(${operators.disabledAt}, now())` })
      .where(eq(operators.email, email))
      .returning({ id: operators.id });
    if (!row) return false;
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, row.id));
    await tx.delete(operatorTokens).where(eq(operatorTokens.operatorId, row.id));
    // Sessions opened as an organiser's owner end with the operator's access.
    await tx
      .delete(collaboratorSessions)
      .where(eq(collaboratorSessions.impersonatorOperatorId, row.id));
    return true;
  });
}

export async function insertOperatorToken(
  db: Database,
  values: typeof operatorTokens.$inferInsert,
) {
  await db.insert(operatorTokens).values(values);
}

/**
 * Uses a one-time link once: marks it used and returns it (whatever its expiry, which the caller
 * checks); "USED" when it was used before, null when unknown or its operator is disabled.
 */
export async function consumeOperatorToken(db: Database, tokenHash: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: operatorTokens, disabledAt: operators.disabledAt })
      .from(operatorTokens)
      .innerJoin(operators, eq(operators.id, operatorTokens.operatorId))
      .where(eq(operatorTokens.tokenHash, tokenHash))
      .for("update", { of: operatorTokens })
      .limit(1);
    if (!row || row.disabledAt) return null;
    if (row.token.usedAt) return "USED" as const;
    await tx
      .update(operatorTokens)
      .set({ usedAt: new Date() })
      .where(eq(operatorTokens.id, row.token.id));
    return row.token;
  });
}

/** Sets the password and ends every session of the operator (a new password, a new start). */
export async function setOperatorPassword(db: Database, operatorId: number, passwordHash: string) {
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, operatorId));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
  });
}

export async function touchOperatorLogin(db: Database, operatorId: number) {
  await db.update(operators).set({ lastLoginAt: new Date() }).where(eq(operators.id, operatorId));
}

export async function insertOperatorSession(
  db: Database,
  values: typeof operatorSessions.$inferInsert,
): Promise<void> {
  await db.insert(operatorSessions).values(values);
  await db
    .delete(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operatorId, values.operatorId),
        lt(operatorSessions.expiresAt, new Date()),
      ),
    );
}

/** A live session of an operator that is not disabled. */
export async function findLiveOperatorSession(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        gt(operatorSessions.expiresAt, now),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
export type OperatorSession = NonNullable<Awaited<ReturnType<typeof findLiveOperatorSession>>>;

export async function slideOperatorSession(
  db: Database,
  sessionId: number,
  now: Date,
  expiresAt: Date,
) {
  await db
    .update(operatorSessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(eq(operatorSessions.id, sessionId));
}

export async function deleteOperatorSession(db: Database, sessionId: number) {
  await db.delete(operatorSessions).where(eq(operatorSessions.id, sessionId));
}

export async function findOperatorById(db: Database, id: number | null): Promise<Operator | null> {
  if (id === null) return null;
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row ?? null;
}
