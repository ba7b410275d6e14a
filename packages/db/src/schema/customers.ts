import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { collaborators } from "./collaborators.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/**
 * A value of a custom field (spec §3.5): `data` is text; multiple choices are joined with ", ",
 * dates are ISO strings.
 */
export type CustomDataEntry = { field_id: number; data: string | null };

/** COLLABORATORS: the organiser's own fields about its staff (decision 0088). */
export type CustomFieldEntity = "CUSTOMERS" | "PARTICIPANTS" | "COLLABORATORS";
/** Where a customer's newsletter consent last changed (decision 0047). */
export type NewsletterConsentSource =
  | "REGISTER"
  | "PROFILE"
  | "UNSUBSCRIBE_LINK"
  | "CONSOLE"
  | "ACCOUNT_DELETION";
export type CustomFieldType = "TEXT" | "LONGTEXT" | "DATE" | "CHOICES_SINGLE" | "CHOICES_MULTIPLE";
export type Choice = { id: number; label: string };

/** A customer belongs to one organiser: the same e-mail may hold accounts at two organisers. */
export const customers = pgTable(
  "customers",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    /** Trimmed and lower-cased on write (spec §5). */
    email: text().notNull(),
    phone: text().notNull(),
    /** argon2id; null for customers created by staff or imported who never set a password. */
    passwordHash: text(),
    /** The customer's id in the tool an import came from: a re-import matches it (decision 0085). */
    externalId: text(),
    customData: jsonb().$type<CustomDataEntry[]>().notNull().default([]),
    walletAmount: money().notNull().default(0),
    /**
     * Newsletter consent (decision 0047): given by the customer only (register form, profile);
     * `newsletterSubscribedAt` also keys the unsubscribe links, so a new opt-in voids older ones.
     */
    newsletterSubscribed: boolean().notNull().default(false),
    newsletterSubscribedAt: timestamptz(),
    newsletterUnsubscribedAt: timestamptz(),
    newsletterSource: text().$type<NewsletterConsentSource>(),
    /** Set when the customer deletes the account: personal data is erased, history kept. */
    anonymisedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("customers", t),
    // An anonymised account frees its e-mail for a new registration.
    uniqueIndex("customers_organiser_id_email_unique")
      .on(t.organiserId, t.email)
      .where(sql`${t.anonymisedAt} is null`),
    uniqueIndex("customers_organiser_id_external_id_unique")
      .on(t.organiserId, t.externalId)
      .where(sql`${t.externalId} is not null and ${t.anonymisedAt} is null`),
    check("customers_email_lower", sql`${t.email} = lower(${t.email})`),
    check("customers_wallet_amount_non_negative", sql`${t.walletAmount} >= 0`),
    check(
      "customers_newsletter_consent",
      sql`not ${t.newsletterSubscribed} or ${t.newsletterSubscribedAt} is not null`,
    ),
    check(
      "customers_newsletter_source",
      sql`${t.newsletterSource} in ('REGISTER', 'PROFILE', 'UNSUBSCRIBE_LINK', 'CONSOLE', 'ACCOUNT_DELETION')`,
    ),
    // The subscribers a newsletter goes to, read in id order by batches.
    index("customers_organiser_id_newsletter_idx")
      .on(t.organiserId, t.id)
      .where(sql`${t.newsletterSubscribed}`),
  ],
);

export const customerSessions = pgTable(
  "customer_sessions",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    /** SHA-256 of the random cookie token: a leaked table grants no session. */
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    /** Set when staff act as the customer (permission customers.impersonate). */
    impersonatorCollaboratorId: integer(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("customer_sessions", t),
    unique("customer_sessions_token_hash_unique").on(t.organiserId, t.tokenHash),
    tenantForeignKey(
      "customer_sessions_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
    // Ending the collaborator's access ends the sessions they opened as customers.
    foreignKey({
      name: "customer_sessions_impersonator_fk",
      columns: [t.impersonatorCollaboratorId],
      foreignColumns: [collaborators.id],
    }).onDelete("cascade"),
    index("customer_sessions_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    // Purge of expired sessions.
    index("customer_sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    /** SHA-256 of the token sent by e-mail. */
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("password_reset_tokens", t),
    unique("password_reset_tokens_token_hash_unique").on(t.organiserId, t.tokenHash),
    tenantForeignKey(
      "password_reset_tokens_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
    index("password_reset_tokens_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    index("password_reset_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

/** The people who attend; kept by a customer. */
export const participants = pgTable(
  "participants",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    /** A calendar date (no time zone): `YYYY-MM-DD`. */
    birthdate: date({ mode: "string" }),
    customData: jsonb().$type<CustomDataEntry[]>().notNull().default([]),
    /** Soft delete: registrations keep pointing at the participant. */
    deletedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("participants", t),
    tenantForeignKey(
      "participants_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    index("participants_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
  ],
);

export const customFields = pgTable(
  "custom_fields",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    entity: text().$type<CustomFieldEntity>().notNull(),
    type: text().$type<CustomFieldType>().notNull(),
    title: text().notNull(),
    description: text(),
    required: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    order: integer().notNull().default(0),
    /** A regular expression that TEXT values must match. */
    pattern: text(),
    choices: jsonb().$type<Choice[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("custom_fields", t),
    index("custom_fields_organiser_id_entity_order_idx").on(t.organiserId, t.entity, t.order),
    check(
      "custom_fields_entity",
      sql`${t.entity} in ('CUSTOMERS', 'PARTICIPANTS', 'COLLABORATORS')`,
    ),
    check(
      "custom_fields_type",
      sql`${t.type} in ('TEXT', 'LONGTEXT', 'DATE', 'CHOICES_SINGLE', 'CHOICES_MULTIPLE')`,
    ),
  ],
);

/** Staff notes on a customer (console), newest first; the author is kept while they exist. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("customer_notes", t),
    tenantForeignKey(
      "customer_notes_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
    index("customer_notes_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
  ],
);
