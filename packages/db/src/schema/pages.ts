import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { collaborators } from "./collaborators.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/** DEFAULT: a page at its path; AVAILABILITY: the layout of the availability detail pages. */
export type PageType = "DEFAULT" | "AVAILABILITY";
/** Sections hold containers and blocks, containers hold blocks (storefront.md §2). */
export type PageElementKind = "section" | "container" | "block";
/** Setting name -> value; each element's settings are validated by the storefront on read. */
export type PageElementSettings = Record<string, unknown>;

/** A page of the organiser's storefront, composed of page elements. */
export const pages = pgTable(
  "pages",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    type: text().$type<PageType>().notNull().default("DEFAULT"),
    /** Site path without the language prefix: `/`, `/stages`, `/stages/ete`. */
    path: text().notNull(),
    title: text().notNull(),
    /** The document title for search engines; the page title when null. */
    seoTitle: text(),
    /** The meta description. */
    description: text(),
    published: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("pages", t),
    // Also the index of the storefront's page lookup by path.
    unique("pages_organiser_id_path_unique").on(t.organiserId, t.path),
    check("pages_type", sql`${t.type} in ('DEFAULT', 'AVAILABILITY')`),
    // `/` or `/segment(/segment)*`: no trailing slash, no empty segment, no query or fragment.
    check("pages_path_format", sql`${t.path} = '/' or ${t.path} ~ '^(/[^/?#[:space:]]+)+$'`),
  ],
);

/** A section, container or block of a page; `parent_id` null for the page's top level. */
export const pageElements = pgTable(
  "page_elements",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    pageId: integer().notNull(),
    parentId: integer(),
    /** Order among the siblings. */
    position: integer().notNull().default(0),
    element: text().$type<PageElementKind>().notNull(),
    /** e.g. `catalogue`, `content`, `layout`. */
    family: text().notNull(),
    type: text(),
    /** e.g. `availabilities-cards`, `heading`. */
    name: text().notNull(),
    settings: jsonb().$type<PageElementSettings>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("page_elements", t),
    tenantForeignKey(
      "page_elements_page_fk",
      { organiserId: t.organiserId, column: t.pageId },
      pages,
      "cascade",
    ),
    // Self reference: deleting an element deletes its subtree.
    tenantForeignKey(
      "page_elements_parent_fk",
      { organiserId: t.organiserId, column: t.parentId },
      t,
      "cascade",
    ),
    // A page's tree in one ordered read: the top level, then each parent's children in order.
    index("page_elements_organiser_id_page_id_parent_id_position_idx").on(
      t.organiserId,
      t.pageId,
      t.parentId,
      t.position,
    ),
    // The children of an element, for the cascade when it is deleted.
    index("page_elements_organiser_id_parent_id_idx").on(t.organiserId, t.parentId),
    check("page_elements_element", sql`${t.element} in ('section', 'container', 'block')`),
    check("page_elements_settings_object", sql`jsonb_typeof(${t.settings}) = 'object'`),
    check("page_elements_not_own_parent", sql`${t.parentId} <> ${t.id}`),
  ],
);

/** DRAFT: the page's content being edited; PUBLISHED: the live one; ARCHIVED: an earlier one. */
export type PageVersionStatus = "DRAFT" | "PUBLISHED" | "ARCHIVED";

/**
 * Snapshots of a page's element tree (contracts `pageContent`, each element with its cuid) for
 * the console's builder: at most one DRAFT per page, the PUBLISHED one (copied into page_elements
 * when published, which the storefront reads) and the ARCHIVED ones it replaced.
 */
export const pageVersions = pgTable(
  "page_versions",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    pageId: integer().notNull(),
    status: text().$type<PageVersionStatus>().notNull(),
    content: jsonb().$type<unknown[]>().notNull(),
    createdBy: integer().references(() => collaborators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("page_versions", t),
    tenantForeignKey(
      "page_versions_page_fk",
      { organiserId: t.organiserId, column: t.pageId },
      pages,
      "cascade",
    ),
    index("page_versions_organiser_id_page_id_created_at_idx").on(
      t.organiserId,
      t.pageId,
      t.createdAt,
    ),
    uniqueIndex("page_versions_one_draft")
      .on(t.organiserId, t.pageId)
      .where(sql`${t.status} = 'DRAFT'`),
    check("page_versions_status", sql`${t.status} in ('DRAFT', 'PUBLISHED', 'ARCHIVED')`),
    check("page_versions_content_array", sql`jsonb_typeof(${t.content}) = 'array'`),
  ],
);
