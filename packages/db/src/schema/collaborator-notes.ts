import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { collaborators, organiserCollaborators } from "./collaborators.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/**
 * Staff notes on a collaborator of the organiser (their membership there), oldest first; the
 * author is kept while they exist (docs/decisions/0088-automatic-cancellations.md).
 */
export const collaboratorNotes = pgTable(
  "collaborator_notes",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    memberId: integer().notNull(),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("collaborator_notes", t),
    tenantForeignKey(
      "collaborator_notes_member_fk",
      { organiserId: t.organiserId, column: t.memberId },
      organiserCollaborators,
      "cascade",
    ),
    index("collaborator_notes_organiser_id_member_id_idx").on(t.organiserId, t.memberId),
  ],
);
