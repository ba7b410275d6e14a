import { customerSessions, queryPrepared, type TenantTx } from "@booking/db";
import { and, eq, lt } from "@booking/db/orm";
import type { Actor } from "../../http/service-context.ts";
import { hashToken, newToken } from "./tokens.ts";

/** Sessions last 30 days from the last use; the expiry slides forward at most once an hour. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const SLIDE_AFTER_MS = 3600 * 1000;

/**
 * The live session of a token, as a named prepared statement: it opens nearly every request, so
 * PostgreSQL parses and plans it once per connection (a lookup by a unique key, whose plan
 * cannot go wrong).
 */
const SESSION_BY_TOKEN = `select id, customer_id as "customerId", last_seen_at as "lastSeenAt",
       impersonator_collaborator_id as "impersonatorId"
  from customer_sessions
 where token_hash = $1 and expires_at > $2
 limit 1`;

export async function findSessionActor(
  tx: TenantTx,
  secret: string,
  token: string,
): Promise<Actor | null> {
  const hash = sessionTokenHash(secret, token);
  if (hash === null) return null;
  const now = new Date();
  const [session] = await queryPrepared<SessionRow>(tx, "session_by_token", SESSION_BY_TOKEN, [
    hash,
    now,
  ]);
  return session ? sessionActor(tx, session, now) : null;
}

/** A live session as its look-ups read it. */
export type SessionRow = {
  id: number;
  customerId: number;
  lastSeenAt: Date;
  impersonatorId: number | null;
};

/** What a session cookie's token is looked up by; null for a token no session can have. */
export function sessionTokenHash(secret: string, token: string): string | null {
  return token.length > 200 ? null : hashToken(secret, token);
}

/** The customer a live session acts as; its expiry slides forward at most once an hour. */
export async function sessionActor(tx: TenantTx, session: SessionRow, now: Date): Promise<Actor> {
  if (now.getTime() - session.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
    await tx
      .update(customerSessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(customerSessions.id, session.id));
  }
  return {
    kind: "customer",
    customerId: session.customerId,
    sessionId: session.id,
    impersonatorId: session.impersonatorId,
  };
}

export async function openSession(
  tx: TenantTx,
  secret: string,
  input: {
    organiserId: number;
    customerId: number;
    userAgent: string | undefined;
    /** the collaborator acting as the customer (console impersonation) */
    impersonatorId?: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await tx.insert(customerSessions).values({
    organiserId: input.organiserId,
    customerId: input.customerId,
    tokenHash: hashToken(secret, token),
    expiresAt,
    lastSeenAt: now,
    userAgent: input.userAgent?.slice(0, 255) ?? null,
    impersonatorCollaboratorId: input.impersonatorId ?? null,
  });
  // Housekeeping on log-in keeps the table small without a separate job.
  await tx
    .delete(customerSessions)
    .where(
      and(eq(customerSessions.customerId, input.customerId), lt(customerSessions.expiresAt, now)),
    );
  return { token, expiresAt };
}

export async function closeSession(tx: TenantTx, sessionId: number): Promise<void> {
  await tx.delete(customerSessions).where(eq(customerSessions.id, sessionId));
}

export async function closeAllSessions(tx: TenantTx, customerId: number): Promise<void> {
  await tx.delete(customerSessions).where(eq(customerSessions.customerId, customerId));
}
