import {
  auditLogs,
  type CollaboratorTokenPurpose,
  collaboratorRoles,
  collaboratorSessions,
  collaborators,
  collaboratorTokens,
  customers,
  type Database,
  operators,
  organiserCollaborators,
  organisers,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from "@booking/db/orm";
import { alias } from "drizzle-orm/pg-core";
import { taggedCondition } from "../tags/queries.ts";

export type Collaborator = typeof collaborators.$inferSelect;
export type Role = typeof collaboratorRoles.$inferSelect;

/** Joins a membership to its role, which belongs to the membership's organiser. */
const membershipRole = and(
  eq(collaboratorRoles.organiserId, organiserCollaborators.organiserId),
  eq(collaboratorRoles.id, organiserCollaborators.roleId),
);

export async function findCollaboratorByEmail(
  db: Database | TenantTx,
  email: string,
): Promise<Collaborator | null> {
  const [row] = await db
    .select()
    .from(collaborators)
    .where(eq(collaborators.email, email))
    .limit(1);
  return row ?? null;
}

const impersonators = alias(collaborators, "impersonators");

/**
 * A live console session with its collaborator, impersonator and chosen organiser: one round
 * trip, outside any tenant (the organiser is not known before it).
 */
export async function findLiveSession(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      session: collaboratorSessions,
      collaborator: collaborators,
      impersonator: impersonators,
      operatorImpersonator: operators,
      organiser: organisers,
    })
    .from(collaboratorSessions)
    .innerJoin(collaborators, eq(collaborators.id, collaboratorSessions.collaboratorId))
    .leftJoin(impersonators, eq(impersonators.id, collaboratorSessions.impersonatorCollaboratorId))
    .leftJoin(operators, eq(operators.id, collaboratorSessions.impersonatorOperatorId))
    .leftJoin(organisers, eq(organisers.id, collaboratorSessions.organiserId))
    .where(
      and(eq(collaboratorSessions.tokenHash, tokenHash), gt(collaboratorSessions.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}
export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

export async function slideSession(db: Database, sessionId: number, now: Date, expiresAt: Date) {
  await db
    .update(collaboratorSessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(eq(collaboratorSessions.id, sessionId));
}

export async function insertSession(
  db: Database,
  values: typeof collaboratorSessions.$inferInsert,
): Promise<void> {
  await db.insert(collaboratorSessions).values(values);
  await db
    .delete(collaboratorSessions)
    .where(
      and(
        eq(collaboratorSessions.collaboratorId, values.collaboratorId),
        lt(collaboratorSessions.expiresAt, new Date()),
      ),
    );
}

export async function deleteSession(db: Database, sessionId: number): Promise<void> {
  await db.delete(collaboratorSessions).where(eq(collaboratorSessions.id, sessionId));
}

export async function deleteSessionsOf(db: Database | TenantTx, collaboratorId: number) {
  await db
    .delete(collaboratorSessions)
    .where(eq(collaboratorSessions.collaboratorId, collaboratorId));
}

export async function setSessionOrganiser(db: Database, sessionId: number, organiserId: number) {
  await db
    .update(collaboratorSessions)
    .set({ organiserId })
    .where(eq(collaboratorSessions.id, sessionId));
}

/**
 * The organisers a collaborator works for, with the role at each, by name. Runs under
 * `withCollaborator`, whose policies admit exactly these rows.
 */
export async function listMemberships(tx: TenantTx, collaboratorId: number) {
  return tx
    .select({ organiser: organisers, role: collaboratorRoles })
    .from(organiserCollaborators)
    .innerJoin(organisers, eq(organisers.id, organiserCollaborators.organiserId))
    .innerJoin(collaboratorRoles, membershipRole)
    .where(eq(organiserCollaborators.collaboratorId, collaboratorId))
    .orderBy(asc(organisers.name));
}

/** The collaborator's role at the transaction's organiser, or null when not a member. */
export async function findRoleAt(
  tx: TenantTx,
  organiserId: number,
  collaboratorId: number,
): Promise<Role | null> {
  const [row] = await tx
    .select({ role: collaboratorRoles })
    .from(organiserCollaborators)
    .innerJoin(collaboratorRoles, membershipRole)
    .where(
      and(
        eq(organiserCollaborators.organiserId, organiserId),
        eq(organiserCollaborators.collaboratorId, collaboratorId),
      ),
    )
    .limit(1);
  return row?.role ?? null;
}

export async function insertToken(
  db: Database | TenantTx,
  values: typeof collaboratorTokens.$inferInsert,
): Promise<void> {
  await db.insert(collaboratorTokens).values(values);
}

/**
 * Marks a one-time token used and returns it; "USED" when it was used already, null when unknown.
 * The update's row lock makes two concurrent uses of one link yield one winner.
 */
/**
 * Spends a token; with `organiserId`, only a token issued for that organiser (a link opened on
 * another organiser's host is left unspent).
 */
export async function consumeToken(
  db: Database | TenantTx,
  purposes: CollaboratorTokenPurpose[],
  tokenHash: string,
  organiserId?: number,
) {
  const matches = and(
    eq(collaboratorTokens.tokenHash, tokenHash),
    inArray(collaboratorTokens.purpose, purposes),
    organiserId === undefined ? undefined : eq(collaboratorTokens.organiserId, organiserId),
  );
  const [row] = await db
    .update(collaboratorTokens)
    .set({ usedAt: new Date() })
    .where(and(matches, isNull(collaboratorTokens.usedAt)))
    .returning();
  if (row) return row;
  const [used] = await db
    .select({ id: collaboratorTokens.id })
    .from(collaboratorTokens)
    .where(matches)
    .limit(1);
  return used ? ("USED" as const) : null;
}

export async function setPassword(db: Database, collaboratorId: number, passwordHash: string) {
  await db
    .update(collaborators)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(collaborators.id, collaboratorId));
}

export async function touchLastLogin(db: Database, collaboratorId: number) {
  await db
    .update(collaborators)
    .set({ lastLoginAt: new Date() })
    .where(eq(collaborators.id, collaboratorId));
}

// Team (tenant-scoped): collaborators and roles of the transaction's organiser.

/** Memberships with their collaborator and role; each caller says which ones. */
function teamMembers(tx: TenantTx) {
  return tx
    .select({
      collaborator: collaborators,
      role: collaboratorRoles,
      membership: organiserCollaborators,
    })
    .from(organiserCollaborators)
    .innerJoin(collaborators, eq(collaborators.id, organiserCollaborators.collaboratorId))
    .innerJoin(collaboratorRoles, membershipRole)
    .$dynamic();
}

/** The organiser's team by name; with `tag` (a collaborator tag's cuid), those carrying it. */
export async function listTeam(tx: TenantTx, organiserId: number, tag?: string) {
  return teamMembers(tx)
    .where(
      and(
        eq(organiserCollaborators.organiserId, organiserId),
        tag
          ? taggedCondition(organiserId, "COLLABORATORS", sql`${organiserCollaborators.id}`, [tag])
          : undefined,
      ),
    )
    .orderBy(asc(collaborators.lastname), asc(collaborators.firstname));
}
export type TeamMember = Awaited<ReturnType<typeof listTeam>>[number];

export async function findTeamMember(tx: TenantTx, organiserId: number, collaboratorCuid: string) {
  const members = await teamMembers(tx)
    .where(
      and(
        eq(organiserCollaborators.organiserId, organiserId),
        eq(collaborators.cuid, collaboratorCuid),
      ),
    )
    .limit(1)
    .for("update", { of: organiserCollaborators });
  return members[0] ?? null;
}

/** Members holding the owner role, locked: the last one may be neither removed nor demoted. */
export async function lockOwners(tx: TenantTx, organiserId: number): Promise<number[]> {
  const rows = await tx
    .select({ collaboratorId: organiserCollaborators.collaboratorId })
    .from(organiserCollaborators)
    .innerJoin(collaboratorRoles, membershipRole)
    .where(
      and(eq(organiserCollaborators.organiserId, organiserId), eq(collaboratorRoles.isOwner, true)),
    )
    .for("update", { of: organiserCollaborators });
  return rows.map((row) => row.collaboratorId);
}

export async function insertCollaborator(tx: TenantTx, values: typeof collaborators.$inferInsert) {
  const [row] = await tx.insert(collaborators).values(values).returning();
  return row!;
}

export async function insertMembership(
  tx: TenantTx,
  values: typeof organiserCollaborators.$inferInsert,
): Promise<void> {
  await tx.insert(organiserCollaborators).values(values);
}

export async function updateMembershipRole(tx: TenantTx, membershipId: number, roleId: number) {
  await tx
    .update(organiserCollaborators)
    .set({ roleId, updatedAt: new Date() })
    .where(eq(organiserCollaborators.id, membershipId));
}

export async function deleteMembership(tx: TenantTx, membershipId: number): Promise<void> {
  await tx.delete(organiserCollaborators).where(eq(organiserCollaborators.id, membershipId));
}

export async function listRoles(tx: TenantTx, organiserId: number) {
  return tx
    .select({
      role: collaboratorRoles,
      members: sql<number>`(
        select ${count()}::int from ${organiserCollaborators}
        where ${organiserCollaborators.organiserId} = ${collaboratorRoles.organiserId}
          and ${organiserCollaborators.roleId} = ${collaboratorRoles.id}
      )`,
    })
    .from(collaboratorRoles)
    .where(eq(collaboratorRoles.organiserId, organiserId))
    .orderBy(desc(collaboratorRoles.isOwner), asc(collaboratorRoles.name));
}

export async function findRole(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<Role | null> {
  const [row] = await tx
    .select()
    .from(collaboratorRoles)
    .where(and(eq(collaboratorRoles.organiserId, organiserId), eq(collaboratorRoles.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function countRoleMembers(tx: TenantTx, organiserId: number, roleId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(organiserCollaborators)
    .where(
      and(
        eq(organiserCollaborators.organiserId, organiserId),
        eq(organiserCollaborators.roleId, roleId),
      ),
    );
  return row?.n ?? 0;
}

export async function insertRole(tx: TenantTx, values: typeof collaboratorRoles.$inferInsert) {
  const [row] = await tx.insert(collaboratorRoles).values(values).returning();
  return row!;
}

export async function updateRole(
  tx: TenantTx,
  roleId: number,
  values: { name: string; permissions: string[] },
): Promise<Role> {
  const [row] = await tx
    .update(collaboratorRoles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(collaboratorRoles.id, roleId))
    .returning();
  return row!;
}

export async function deleteRole(tx: TenantTx, roleId: number): Promise<void> {
  await tx.delete(collaboratorRoles).where(eq(collaboratorRoles.id, roleId));
}

export async function roleNameTaken(
  tx: TenantTx,
  organiserId: number,
  name: string,
  exceptId?: number,
) {
  const rows = await tx
    .select({ id: collaboratorRoles.id })
    .from(collaboratorRoles)
    .where(
      and(
        eq(collaboratorRoles.organiserId, organiserId),
        sql`lower(${collaboratorRoles.name}) = lower(${name})`,
      ),
    );
  return rows.some((row) => row.id !== exceptId);
}

// Audit log.

export async function insertAuditLog(tx: TenantTx, values: typeof auditLogs.$inferInsert) {
  await tx.insert(auditLogs).values(values);
}

const authors = alias(collaborators, "authors");
/** The operator acting as the author (decision 0040): only the names the tenant role may read. */
const authorOperator = { email: operators.email, name: operators.name };
const authorImpersonators = alias(collaborators, "author_impersonators");

export async function listAuditLogs(
  tx: TenantTx,
  organiserId: number,
  filters: { entity?: string; entityId?: string; collaboratorCuid?: string },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(auditLogs.organiserId, organiserId),
    filters.entity ? eq(auditLogs.entity, filters.entity) : undefined,
    filters.entityId ? eq(auditLogs.entityId, filters.entityId) : undefined,
    filters.collaboratorCuid ? eq(authors.cuid, filters.collaboratorCuid) : undefined,
  );
  const rows = await tx
    .select({
      log: auditLogs,
      author: authors,
      impersonator: authorImpersonators,
      operator: authorOperator,
    })
    .from(auditLogs)
    .leftJoin(authors, eq(authors.id, auditLogs.collaboratorId))
    .leftJoin(authorImpersonators, eq(authorImpersonators.id, auditLogs.impersonatorCollaboratorId))
    .leftJoin(operators, eq(operators.id, auditLogs.impersonatorOperatorId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ n: count() })
    .from(auditLogs)
    .leftJoin(authors, eq(authors.id, auditLogs.collaboratorId))
    .where(where);
  return { rows, count: total?.n ?? 0 };
}

export async function findCustomerByCuid(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        eq(customers.cuid, cuid),
        isNull(customers.anonymisedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
