import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

export type CategoryGroupScope = "PRIMARY" | "SECONDARY";

export const locations = pgTable(
  "locations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    /** What the organiser calls the place in its catalogue. */
    title: text().notNull(),
    /** The venue's own name, when it differs from the title. */
    name: text(),
    street: text(),
    number: text(),
    postcode: text(),
    city: text(),
    /** ISO 3166-1 alpha-2. */
    country: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [...tenantKey("locations", t)],
);

export const categoryGroups = pgTable(
  "category_groups",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    title: text().notNull(),
    order: integer().notNull().default(0),
    /** PRIMARY groups are shown on cards and registration details. */
    scope: text().$type<CategoryGroupScope>().notNull().default("PRIMARY"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("category_groups", t),
    check("category_groups_scope", sql`${t.scope} in ('PRIMARY', 'SECONDARY')`),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    groupId: integer().notNull(),
    title: text().notNull(),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("categories", t),
    tenantForeignKey(
      "categories_group_fk",
      { organiserId: t.organiserId, column: t.groupId },
      categoryGroups,
      "cascade",
    ),
    index("categories_organiser_id_group_id_idx").on(t.organiserId, t.groupId),
  ],
);

/** An uploaded image; entities point at it through their own join tables. */
export const images = pgTable(
  "images",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    publicUrl: text().notNull(),
    /** Key in the object store; null for images hosted elsewhere (demo images, imports). */
    storagePath: text(),
    width: integer(),
    height: integer(),
    alt: text(),
    createdAt: createdAt(),
  },
  (t) => [...tenantKey("images", t)],
);
