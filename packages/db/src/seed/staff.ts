import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import {
  availabilities,
  availabilityCollaborators,
  collaborators,
  organiserCollaborators,
  organisers,
} from "../schema/index.ts";
import type { SeedCounts } from "./writer.ts";

// Staff on the demo availabilities (docs/decisions/0055-staff-notifications.md): each team
// member of the organiser is assigned, with a role, to its next few availabilities, as the
// availability's Staff panel does; they are told of those availabilities' new registrations.

const ROLES = {
  fr: ["Moniteur principal", "Animateur"],
  en: ["Head instructor", "Assistant"],
} as const;

/** How many of the organiser's next availabilities get staff. */
const ASSIGNED_AVAILABILITIES = 3;

export async function writeDemoStaff(
  tx: Transaction,
  organiserId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  // Row-level security: the organiser's rows only, as in a tenant transaction.
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const [organiser] = await tx
    .select({ language: organisers.language })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  const team = await tx
    .select({ id: organiserCollaborators.id })
    .from(organiserCollaborators)
    .innerJoin(collaborators, eq(collaborators.id, organiserCollaborators.collaboratorId))
    .where(eq(organiserCollaborators.organiserId, organiserId))
    .orderBy(asc(organiserCollaborators.id));
  const next = await tx
    .select({ id: availabilities.id })
    .from(availabilities)
    .where(and(eq(availabilities.organiserId, organiserId), gt(availabilities.startAt, now)))
    .orderBy(asc(availabilities.startAt), asc(availabilities.id))
    .limit(ASSIGNED_AVAILABILITIES);
  const roles = ROLES[organiser?.language ?? "fr"];
  const rows = next.flatMap((availability) =>
    team.map((member, index) => ({
      organiserId,
      availabilityId: availability.id,
      organiserCollaboratorId: member.id,
      role: roles[Math.min(index, roles.length - 1)]!,
    })),
  );
  if (rows.length === 0) return;
  await tx.insert(availabilityCollaborators).values(rows);
  counts.availability_collaborators = (counts.availability_collaborators ?? 0) + rows.length;
}
