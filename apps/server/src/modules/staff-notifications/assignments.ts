import {
  availabilities,
  availabilityCollaborators,
  collaboratorRoles,
  collaborators,
  organiserCollaborators,
  organisers,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from "@booking/db/orm";

// Queries of the staff assigned to availabilities. Every one names its organiser beside the
// row-level security of the tenant transaction.

export interface AssignedCollaborator {
  collaboratorId: number;
  email: string;
  firstname: string;
  /** theirs, else the organiser's */
  language: "fr" | "en";
  /** the role they hold on the availability ("Moniteur principal") */
  role: string;
}

/**
 * The collaborators assigned to any of `availabilityIds` who may receive e-mail (their account
 * is active), once each (with the role of their first assignment): the recipients of the rules'
 * recipient type "the availability's collaborators".
 */
export async function assignedCollaborators(
  tx: TenantTx,
  organiserId: number,
  availabilityIds: number[],
): Promise<AssignedCollaborator[]> {
  if (availabilityIds.length === 0) return [];
  return tx
    .selectDistinctOn([collaborators.id], {
      collaboratorId: collaborators.id,
      email: collaborators.email,
      firstname: collaborators.firstname,
      language: sql<"fr" | "en">`coalesce(${collaborators.language}, ${organisers.language})`,
      role: availabilityCollaborators.role,
    })
    .from(availabilityCollaborators)
    .innerJoin(
      organiserCollaborators,
      and(
        eq(organiserCollaborators.organiserId, availabilityCollaborators.organiserId),
        eq(organiserCollaborators.id, availabilityCollaborators.organiserCollaboratorId),
      ),
    )
    .innerJoin(collaborators, eq(collaborators.id, organiserCollaborators.collaboratorId))
    .innerJoin(organisers, eq(organisers.id, availabilityCollaborators.organiserId))
    .where(
      and(
        eq(availabilityCollaborators.organiserId, organiserId),
        inArray(availabilityCollaborators.availabilityId, availabilityIds),
        isNotNull(collaborators.passwordHash),
      ),
    )
    .orderBy(asc(collaborators.id), asc(availabilityCollaborators.id));
}

/** Condition on `availabilities`: the collaborator is assigned to it ("my sessions"). */
export function isAssigned(collaboratorId: number): SQL {
  return sql`exists (
    select 1 from ${availabilityCollaborators}
    join ${organiserCollaborators}
      on ${organiserCollaborators.organiserId} = ${availabilityCollaborators.organiserId}
     and ${organiserCollaborators.id} = ${availabilityCollaborators.organiserCollaboratorId}
    where ${availabilityCollaborators.organiserId} = ${availabilities.organiserId}
      and ${availabilityCollaborators.availabilityId} = ${availabilities.id}
      and ${organiserCollaborators.collaboratorId} = ${collaboratorId})`;
}

/** The staff of one availability with their role, in the order they were assigned. */
export async function listAvailabilityStaff(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
) {
  return tx
    .select({
      collaborator: collaborators,
      role: availabilityCollaborators.role,
      minutesPerSession: availabilityCollaborators.minutesPerSession,
    })
    .from(availabilityCollaborators)
    .innerJoin(
      organiserCollaborators,
      and(
        eq(organiserCollaborators.organiserId, availabilityCollaborators.organiserId),
        eq(organiserCollaborators.id, availabilityCollaborators.organiserCollaboratorId),
      ),
    )
    .innerJoin(collaborators, eq(collaborators.id, organiserCollaborators.collaboratorId))
    .where(
      and(
        eq(availabilityCollaborators.organiserId, organiserId),
        eq(availabilityCollaborators.availabilityId, availabilityId),
      ),
    )
    .orderBy(asc(availabilityCollaborators.id));
}

/** Replaces the staff of an availability (the caller holds the availability's row lock). */
export async function replaceAvailabilityStaff(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
  staff: Array<{ organiserCollaboratorId: number; role: string; minutesPerSession: number | null }>,
): Promise<void> {
  await tx
    .delete(availabilityCollaborators)
    .where(
      and(
        eq(availabilityCollaborators.organiserId, organiserId),
        eq(availabilityCollaborators.availabilityId, availabilityId),
      ),
    );
  if (staff.length === 0) return;
  await tx
    .insert(availabilityCollaborators)
    .values(staff.map((member) => ({ organiserId, availabilityId, ...member })));
}

/**
 * Every member of the organiser's team with what decides whether they are told of an event:
 * their role, account state, chosen options and language, and whether they are assigned to one
 * of `availabilityIds`.
 */
export async function listNotifiableStaff(
  tx: TenantTx,
  organiserId: number,
  availabilityIds: number[],
) {
  const assigned =
    availabilityIds.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`exists (
          select 1 from ${availabilityCollaborators}
          where ${availabilityCollaborators.organiserId} = ${organiserCollaborators.organiserId}
            and ${availabilityCollaborators.organiserCollaboratorId} = ${organiserCollaborators.id}
            and ${inArray(availabilityCollaborators.availabilityId, availabilityIds)})`;
  return tx
    .select({
      collaborator: collaborators,
      role: collaboratorRoles,
      options: organiserCollaborators.notificationOptions,
      language: sql<"fr" | "en">`coalesce(${collaborators.language}, ${organisers.language})`,
      assigned,
    })
    .from(organiserCollaborators)
    .innerJoin(collaborators, eq(collaborators.id, organiserCollaborators.collaboratorId))
    .innerJoin(
      collaboratorRoles,
      and(
        eq(collaboratorRoles.organiserId, organiserCollaborators.organiserId),
        eq(collaboratorRoles.id, organiserCollaborators.roleId),
      ),
    )
    .innerJoin(organisers, eq(organisers.id, organiserCollaborators.organiserId))
    .where(eq(organiserCollaborators.organiserId, organiserId))
    .orderBy(asc(collaborators.id));
}
export type NotifiableStaff = Awaited<ReturnType<typeof listNotifiableStaff>>[number];
