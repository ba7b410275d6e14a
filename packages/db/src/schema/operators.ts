import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, cuid, id, timestamptz, updatedAt } from "./columns.ts";
import { organisers } from "./organisers.ts";

/**
 * The platform's own staff, a role apart from organisers' collaborators (decision 0040): they see
 * every organiser, suspend and reactivate one, and act as its owner. Created only by the
 * `npm run operator` command, never by a sign-up.
 */
export const operators = pgTable(
  "operators",
  {
    id: id(),
    cuid: cuid(),
    email: text().notNull().unique(),
    name: text().notNull(),
    /** argon2id; null until the operator follows the one-time link the command printed. */
    passwordHash: text(),
    /** A disabled operator cannot log in and its sessions are gone. */
    disabledAt: timestamptz(),
    lastLoginAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("operators_email_lower", sql`${t.email} = lower(${t.email})`)],
);

/** Operators' sessions (cookie `platform_session` on the admin host), apart from the console's. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: id(),
    cuid: cuid(),
    operatorId: integer()
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    /** SHA-256 of the random cookie token. */
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("operator_sessions_token_hash_unique").on(t.tokenHash),
    index("operator_sessions_operator_id_idx").on(t.operatorId),
  ],
);

/** One-time links to choose an operator's password (printed or e-mailed by the command). */
export const operatorTokens = pgTable(
  "operator_tokens",
  {
    id: id(),
    cuid: cuid(),
    operatorId: integer()
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    /** SHA-256 of the token sent in the link. */
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("operator_tokens_token_hash_unique").on(t.tokenHash),
    index("operator_tokens_operator_id_idx").on(t.operatorId),
  ],
);

export type OperatorAction =
  | "organiser.suspended"
  | "organiser.reactivated"
  | "organiser.owner_impersonated"
  /** its platform billing items and taxes changed (decision 0082) */
  | "organiser.billing_changed"
  /** a billing cycle closed by an operator's rerun (decision 0082) */
  | "organiser.billing_cycle_rerun";

/** What operators did to organisers: who, which organiser, what, when. */
export const operatorAuditLogs = pgTable(
  "operator_audit_logs",
  {
    id: id(),
    cuid: cuid(),
    operatorId: integer().references(() => operators.id, { onDelete: "set null" }),
    organiserId: integer().references(() => organisers.id, { onDelete: "set null" }),
    action: text().$type<OperatorAction>().notNull(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("operator_audit_logs_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    index("operator_audit_logs_created_at_idx").on(t.createdAt),
  ],
);
