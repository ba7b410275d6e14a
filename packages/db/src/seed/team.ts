import { ALL_PERMISSIONS } from "@booking/domain";
import { sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { collaboratorRoles, collaborators, organiserCollaborators } from "../schema/index.ts";
import type { SeedCounts } from "./writer.ts";

export const DEMO_VIEWER_EMAIL = "viewer@demo.test";

/** Every permission that only reads: what a "read only" role holds. */
export const READ_ONLY_PERMISSIONS = ALL_PERMISSIONS.filter((p) => p.endsWith(".read"));

/**
 * The demo organiser's second collaborator: a volunteer with a read-only role, to show (and
 * test) a console without the edit buttons.
 */
export async function writeDemoTeam(
  tx: Transaction,
  organiserId: number,
  passwordHash: string,
  counts: SeedCounts,
): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const [viewer] = await tx
    .insert(collaborators)
    .values({
      email: DEMO_VIEWER_EMAIL,
      firstname: "Lucas",
      lastname: "Bernard",
      phone: "+32 476 00 22 33",
      passwordHash,
    })
    .onConflictDoUpdate({ target: collaborators.email, set: { passwordHash } })
    .returning({ id: collaborators.id });
  const [role] = await tx
    .insert(collaboratorRoles)
    .values({ organiserId, name: "Lecture seule", permissions: READ_ONLY_PERMISSIONS })
    .returning({ id: collaboratorRoles.id });
  await tx
    .insert(organiserCollaborators)
    .values({ organiserId, collaboratorId: viewer!.id, roleId: role!.id });
  counts.collaborators = (counts.collaborators ?? 0) + 1;
  counts.collaborator_roles = (counts.collaborator_roles ?? 0) + 1;
  counts.organiser_collaborators = (counts.organiser_collaborators ?? 0) + 1;
}
