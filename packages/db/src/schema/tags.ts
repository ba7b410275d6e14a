import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { organiserCollaborators } from "./collaborators.ts";
import { createdAt } from "./columns.ts";
import { customers, participants } from "./customers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Tags (issue 17 §4, docs/decisions/0088-automatic-cancellations.md "Tags and badge lists"): an
// organiser's named, coloured labels of customers, participants or collaborators, assigned in
// the console, filtered on in the lists and used as segment conditions.

export type TagEntity = "CUSTOMERS" | "PARTICIPANTS" | "COLLABORATORS";

export const tags = pgTable(
  "tags",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    entity: text().$type<TagEntity>().notNull(),
    name: text().notNull(),
    /** #rrggbb */
    color: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("tags", t),
    // One name per kind of record, whatever its case.
    uniqueIndex("tags_organiser_id_entity_name_unique").on(
      t.organiserId,
      t.entity,
      sql`lower(${t.name})`,
    ),
    check("tags_entity", sql`${t.entity} in ('CUSTOMERS', 'PARTICIPANTS', 'COLLABORATORS')`),
    check("tags_color", sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

// One join table per kind of record, so that each assignment keeps a real foreign key.

export const customerTags = pgTable(
  "customer_tags",
  {
    organiserId: organiserId(),
    customerId: integer().notNull(),
    tagId: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: "customer_tags_pkey", columns: [t.organiserId, t.customerId, t.tagId] }),
    tenantForeignKey(
      "customer_tags_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
    tenantForeignKey(
      "customer_tags_tag_fk",
      { organiserId: t.organiserId, column: t.tagId },
      tags,
      "cascade",
    ),
    index("customer_tags_organiser_id_tag_id_idx").on(t.organiserId, t.tagId),
  ],
);

export const participantTags = pgTable(
  "participant_tags",
  {
    organiserId: organiserId(),
    participantId: integer().notNull(),
    tagId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "participant_tags_pkey",
      columns: [t.organiserId, t.participantId, t.tagId],
    }),
    tenantForeignKey(
      "participant_tags_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
      "cascade",
    ),
    tenantForeignKey(
      "participant_tags_tag_fk",
      { organiserId: t.organiserId, column: t.tagId },
      tags,
      "cascade",
    ),
    index("participant_tags_organiser_id_tag_id_idx").on(t.organiserId, t.tagId),
  ],
);

/** A collaborator's tags at one organiser: on their membership there. */
export const collaboratorTags = pgTable(
  "collaborator_tags",
  {
    organiserId: organiserId(),
    memberId: integer().notNull(),
    tagId: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: "collaborator_tags_pkey", columns: [t.organiserId, t.memberId, t.tagId] }),
    tenantForeignKey(
      "collaborator_tags_member_fk",
      { organiserId: t.organiserId, column: t.memberId },
      organiserCollaborators,
      "cascade",
    ),
    tenantForeignKey(
      "collaborator_tags_tag_fk",
      { organiserId: t.organiserId, column: t.tagId },
      tags,
      "cascade",
    ),
    index("collaborator_tags_organiser_id_tag_id_idx").on(t.organiserId, t.tagId),
  ],
);
