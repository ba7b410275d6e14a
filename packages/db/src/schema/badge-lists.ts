import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { participants } from "./customers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Badge lists (issue 17 §4, docs/decisions/0088-automatic-cancellations.md): named sets of
// badges ("Allergies": gluten, nuts; "Natation": level 1, 2, 3) that staff attach to
// participants; attendance sheets show them.

export const badgeLists = pgTable(
  "badge_lists",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("badge_lists", t),
    uniqueIndex("badge_lists_organiser_id_name_unique").on(t.organiserId, sql`lower(${t.name})`),
  ],
);

export const badges = pgTable(
  "badges",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    badgeListId: integer().notNull(),
    label: text().notNull(),
    /** #rrggbb */
    color: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    ...tenantKey("badges", t),
    unique("badges_badge_list_id_label_unique").on(t.organiserId, t.badgeListId, t.label),
    tenantForeignKey(
      "badges_badge_list_fk",
      { organiserId: t.organiserId, column: t.badgeListId },
      badgeLists,
      "cascade",
    ),
    check("badges_color", sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const participantBadges = pgTable(
  "participant_badges",
  {
    organiserId: organiserId(),
    participantId: integer().notNull(),
    badgeId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "participant_badges_pkey",
      columns: [t.organiserId, t.participantId, t.badgeId],
    }),
    tenantForeignKey(
      "participant_badges_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
      "cascade",
    ),
    tenantForeignKey(
      "participant_badges_badge_fk",
      { organiserId: t.organiserId, column: t.badgeId },
      badges,
      "cascade",
    ),
    index("participant_badges_organiser_id_badge_id_idx").on(t.organiserId, t.badgeId),
  ],
);
