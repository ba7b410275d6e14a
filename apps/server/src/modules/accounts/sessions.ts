import { customerSessions, type TenantTx } from "@booking/db";
import { and, eq, gt, lt } from "@booking/db/orm";
import type { Actor } from "../../http/service-context.ts";
import { hashToken, newToken } from "./tokens.ts";

/** Sessions last 30 days from the last use; the expiry slides forward at most once an hour. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const SLIDE_AFTER_MS = 3600 * 1000;

export async function findSessionActor(
  tx: TenantTx,
  secret: string,
  token: string,
): Promise<Actor | null> {
  if (token.length > 200) return null;
  const now = new Date();
  const [session] = await tx
    .select()
    .from(customerSessions)
    .where(
      and(
        eq(customerSessions.tokenHash, hashToken(secret, token)),
        gt(customerSessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!session) return null;
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
    impersonatorId: session.impersonatorCollaboratorId,
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
