/**
 * Organisers as platform operators see them: across every tenant, on the owner connection
 * (operators are platform-level, decision 0040).
 */
import {
  activities,
  auditLogs,
  collaboratorRoles,
  collaboratorSessions,
  collaborators,
  containsPattern,
  customers,
  type Database,
  type OperatorAction,
  operatorAuditLogs,
  operators,
  organiserCollaborators,
  organisers,
  participants,
  registrations,
} from "@booking/db";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "@booking/db/orm";

/** The first collaborator holding the owner role at the organiser, by when they joined. */
const ownerOf = (organiserId: SQL | number | typeof organisers.id) =>
  sql`(select ${organiserCollaborators.collaboratorId} from ${organiserCollaborators}
        join ${collaboratorRoles} on ${collaboratorRoles.organiserId} = ${organiserCollaborators.organiserId}
         and ${collaboratorRoles.id} = ${organiserCollaborators.roleId}
        where ${organiserCollaborators.organiserId} = ${organiserId} and ${collaboratorRoles.isOwner}
        order by ${organiserCollaborators.createdAt}, ${organiserCollaborators.id} limit 1)`;

const countOf = (table: SQL) =>
  sql<number>`(select count(*)::int from ${table} t where t.organiser_id = ${organisers.id})`;

const organiserColumns = {
  organiser: organisers,
  owner: {
    email: collaborators.email,
    firstname: collaborators.firstname,
    lastname: collaborators.lastname,
  },
  counts: {
    customers: countOf(sql`${customers}`),
    participants: countOf(sql`${participants}`),
    registrations: countOf(sql`${registrations}`),
    activities: countOf(sql`${activities}`),
    collaborators: countOf(sql`${organiserCollaborators}`),
  },
};

export interface OrganiserSearch {
  q?: string;
  status?: "ACTIVE" | "SUSPENDED";
  limit: number;
  offset: number;
}

/** Every organiser, newest first, searched in its name, slug and owner's e-mail. */
export async function searchOrganisers(db: Database, search: OrganiserSearch) {
  const conditions: SQL[] = [];
  if (search.q) {
    const pattern = containsPattern(search.q);
    conditions.push(
      or(
        ilike(organisers.name, pattern),
        ilike(organisers.slug, pattern),
        ilike(collaborators.email, pattern),
      )!,
    );
  }
  if (search.status) conditions.push(eq(organisers.status, search.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const ownerJoin = eq(collaborators.id, ownerOf(organisers.id));
  const [rows, [total]] = await Promise.all([
    db
      .select(organiserColumns)
      .from(organisers)
      .leftJoin(collaborators, ownerJoin)
      .where(where)
      .orderBy(desc(organisers.createdAt), desc(organisers.id))
      .limit(search.limit)
      .offset(search.offset),
    db.select({ count: count() }).from(organisers).leftJoin(collaborators, ownerJoin).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
export type OrganiserRow = Awaited<ReturnType<typeof searchOrganisers>>["rows"][number];

export async function findOrganiserRow(db: Database, cuid: string): Promise<OrganiserRow | null> {
  const [row] = await db
    .select(organiserColumns)
    .from(organisers)
    .leftJoin(collaborators, eq(collaborators.id, ownerOf(organisers.id)))
    .where(eq(organisers.cuid, cuid))
    .limit(1);
  return row ?? null;
}

/** The last things operators did to the organiser, newest first. */
export async function organiserHistory(db: Database, organiserId: number, limit = 20) {
  return db
    .select({ log: operatorAuditLogs, operator: operators })
    .from(operatorAuditLogs)
    .leftJoin(operators, eq(operators.id, operatorAuditLogs.operatorId))
    .where(eq(operatorAuditLogs.organiserId, organiserId))
    .orderBy(desc(operatorAuditLogs.createdAt), desc(operatorAuditLogs.id))
    .limit(limit);
}

/**
 * Suspends or reactivates the organiser if it is not already in that state, and writes the
 * operator's audit row in the same transaction; null when it already was.
 */
export async function changeOrganiserStatus(
  db: Database,
  input: { organiserId: number; operatorId: number; suspend: boolean },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(organisers)
      .set(
        input.suspend
          ? {
              status: "SUSPENDED",
              suspendedAt: new Date(),
              suspendedByOperatorId: input.operatorId,
            }
          : { status: "ACTIVE", suspendedAt: null, suspendedByOperatorId: null },
      )
      .where(
        and(
          eq(organisers.id, input.organiserId),
          eq(organisers.status, input.suspend ? "ACTIVE" : "SUSPENDED"),
        ),
      )
      .returning();
    if (!row) return null;
    await tx.insert(operatorAuditLogs).values({
      operatorId: input.operatorId,
      organiserId: input.organiserId,
      action: input.suspend ? "organiser.suspended" : "organiser.reactivated",
    });
    return row;
  });
}

/**
 * Opens a console session as the organiser's owner for the operator and audits it twice: in the
 * platform's log and in the organiser's own audit log (so its staff see who came in).
 */
export async function openOwnerImpersonation(
  db: Database,
  input: {
    organiserId: number;
    operatorId: number;
    owner: { id: number; cuid: string; email: string };
    session: Omit<typeof collaboratorSessions.$inferInsert, "collaboratorId" | "organiserId">;
  },
) {
  await db.transaction(async (tx) => {
    await tx.insert(collaboratorSessions).values({
      ...input.session,
      collaboratorId: input.owner.id,
      organiserId: input.organiserId,
      impersonatorOperatorId: input.operatorId,
    });
    const action: OperatorAction = "organiser.owner_impersonated";
    await tx.insert(operatorAuditLogs).values({
      operatorId: input.operatorId,
      organiserId: input.organiserId,
      action,
      details: { owner: input.owner.email },
    });
    await tx.insert(auditLogs).values({
      organiserId: input.organiserId,
      collaboratorId: input.owner.id,
      impersonatorOperatorId: input.operatorId,
      action: "collaborator.impersonated",
      entity: "collaborator",
      entityId: input.owner.cuid,
      after: { email: input.owner.email, by: "platform operator" },
    });
  });
}

export async function findOwner(db: Database, organiserId: number) {
  const [row] = await db
    .select()
    .from(collaborators)
    .where(eq(collaborators.id, ownerOf(organiserId)))
    .limit(1);
  return row ?? null;
}
