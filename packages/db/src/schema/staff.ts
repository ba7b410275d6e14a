import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { availabilities } from "./availabilities.ts";
import { organiserCollaborators } from "./collaborators.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/**
 * Staff assigned to an availability, each with the role they hold there ("Moniteur principal").
 * It references the membership, not the person: leaving the organiser's team ends the assignment.
 */
export const availabilityCollaborators = pgTable(
  "availability_collaborators",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    availabilityId: integer().notNull(),
    organiserCollaboratorId: integer().notNull(),
    role: text().notNull(),
    /**
     * The minutes they work per session (each date of the availability) for the timesheet report
     * (decision 0084); null: the whole session.
     */
    minutesPerSession: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("availability_collaborators", t),
    unique("availability_collaborators_availability_member_unique").on(
      t.organiserId,
      t.availabilityId,
      t.organiserCollaboratorId,
    ),
    tenantForeignKey(
      "availability_collaborators_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
      "cascade",
    ),
    tenantForeignKey(
      "availability_collaborators_member_fk",
      { organiserId: t.organiserId, column: t.organiserCollaboratorId },
      organiserCollaborators,
      "cascade",
    ),
    // A collaborator's own sessions ("my sessions") and the removal cascade.
    index("availability_collaborators_organiser_id_member_idx").on(
      t.organiserId,
      t.organiserCollaboratorId,
    ),
    check("availability_collaborators_role", sql`char_length(${t.role}) between 1 and 80`),
    check(
      "availability_collaborators_minutes",
      sql`${t.minutesPerSession} is null or ${t.minutesPerSession} between 1 and 1440`,
    ),
  ],
);
