import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import type { Language } from "../organiser-config.ts";
import { createdAt, cuid, id, timestamptz, updatedAt } from "./columns.ts";
import type { CustomDataEntry } from "./customers.ts";
import { operators } from "./operators.ts";
import { organisers } from "./organisers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/**
 * Organiser staff. Platform-level (not row-level secured): one person may work for several
 * organisers with one log-in; what they may do at each is in `organiser_collaborators`.
 */
export const collaborators = pgTable(
  "collaborators",
  {
    id: id(),
    cuid: cuid(),
    email: text().notNull().unique(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    phone: text(),
    /** The console's and the staff e-mails' language; null: the organiser's. */
    language: text().$type<Language>(),
    /** argon2id; null until an invited collaborator chooses a password. */
    passwordHash: text(),
    lastLoginAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("collaborators_email_lower", sql`${t.email} = lower(${t.email})`),
    check("collaborators_language", sql`${t.language} in ('fr', 'en')`),
  ],
);

/** Console sessions. Platform-level because one session may switch between organisers. */
export const collaboratorSessions = pgTable(
  "collaborator_sessions",
  {
    id: id(),
    cuid: cuid(),
    collaboratorId: integer()
      .notNull()
      .references(() => collaborators.id, { onDelete: "cascade" }),
    /** SHA-256 of the random cookie token: a leaked table grants no session. */
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    userAgent: text(),
    /** The organiser the console shows (the organiser switcher); null until one is chosen. */
    organiserId: integer().references(() => organisers.id, { onDelete: "set null" }),
    /** Set when a collaborator acts as another one (permission collaborators.impersonate). */
    impersonatorCollaboratorId: integer(),
    /** Set when a platform operator acts as the organiser's owner (decision 0040). */
    impersonatorOperatorId: integer().references(() => operators.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "collaborator_sessions_impersonator_fk",
      columns: [t.impersonatorCollaboratorId],
      foreignColumns: [collaborators.id],
    }).onDelete("cascade"),
    unique("collaborator_sessions_token_hash_unique").on(t.tokenHash),
    index("collaborator_sessions_collaborator_id_idx").on(t.collaboratorId),
    index("collaborator_sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const collaboratorRoles = pgTable(
  "collaborator_roles",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    /** Permission names `area.resource.action` (spec §6). */
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    /** The owner role holds every permission, including ones added after it was created. */
    isOwner: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("collaborator_roles", t),
    unique("collaborator_roles_organiser_id_name_unique").on(t.organiserId, t.name),
  ],
);

/** Membership of a collaborator in an organiser's staff, with one role. */
export const organiserCollaborators = pgTable(
  "organiser_collaborators",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    collaboratorId: integer()
      .notNull()
      .references(() => collaborators.id, { onDelete: "cascade" }),
    roleId: integer().notNull(),
    /** The staff notification options (packages/domain staff-notifications.ts) chosen at this organiser. */
    notificationOptions: text().array().notNull().default(sql`'{reservation.created}'::text[]`),
    /** Values of the organiser's COLLABORATORS custom fields (decision 0088). */
    customData: jsonb().$type<CustomDataEntry[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("organiser_collaborators", t),
    unique("organiser_collaborators_organiser_id_collaborator_id_unique").on(
      t.organiserId,
      t.collaboratorId,
    ),
    tenantForeignKey(
      "organiser_collaborators_role_fk",
      { organiserId: t.organiserId, column: t.roleId },
      collaboratorRoles,
    ),
    index("organiser_collaborators_organiser_id_role_id_idx").on(t.organiserId, t.roleId),
    // The console lists the organisers a collaborator may open.
    index("organiser_collaborators_collaborator_id_idx").on(t.collaboratorId),
  ],
);

/**
 * One-time links of the console: an invitation (choose a password), a password reset, an
 * impersonation hand-over to a storefront host (whose cookie the console cannot set itself), or
 * the log-in hand-over of a sign-up from the platform host to the console's host.
 */
export type CollaboratorTokenPurpose =
  | "INVITATION"
  | "PASSWORD_RESET"
  | "IMPERSONATION"
  | "CONSOLE_LOGIN";

export const collaboratorTokens = pgTable(
  "collaborator_tokens",
  {
    id: id(),
    cuid: cuid(),
    collaboratorId: integer()
      .notNull()
      .references(() => collaborators.id, { onDelete: "cascade" }),
    purpose: text().$type<CollaboratorTokenPurpose>().notNull(),
    /** SHA-256 of the token sent in the link. */
    tokenHash: text().notNull(),
    /** IMPERSONATION: the organiser and customer whose storefront session the link opens. */
    organiserId: integer().references(() => organisers.id, { onDelete: "cascade" }),
    customerId: integer(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("collaborator_tokens_token_hash_unique").on(t.tokenHash),
    index("collaborator_tokens_collaborator_id_idx").on(t.collaboratorId),
    check(
      "collaborator_tokens_purpose",
      sql`${t.purpose} in ('INVITATION', 'PASSWORD_RESET', 'IMPERSONATION', 'CONSOLE_LOGIN')`,
    ),
  ],
);

/**
 * The audit log of console changes: who (the collaborator, and the one impersonating them),
 * what (`action` on an entity), when, and the entity's state before and after.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    impersonatorCollaboratorId: integer().references(() => collaborators.id, {
      onDelete: "set null",
    }),
    /** the platform operator acting as the collaborator, if any */
    impersonatorOperatorId: integer().references(() => operators.id, { onDelete: "set null" }),
    /** e.g. `activity.updated`, `customer.impersonated` */
    action: text().notNull(),
    /** e.g. `activity`; with the entity's cuid when it has one */
    entity: text().notNull(),
    entityId: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("audit_logs", t),
    index("audit_logs_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    index("audit_logs_organiser_id_entity_entity_id_idx").on(t.organiserId, t.entity, t.entityId),
  ],
);
