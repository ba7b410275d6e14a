import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { carts } from "./carts.ts";
import { collaborators } from "./collaborators.ts";
import { createdAt, cuid, id, money, timestamptz } from "./columns.ts";
import { organiserId, tenantForeignKey, tenantKey } from "./tenancy.ts";

export type BankStatementFormat = "CAMT053" | "CODA";
export type BankStatementLineStatus = "MATCHED" | "UNMATCHED" | "IGNORED";

/** An imported bank statement file (CAMT.053 or CODA). */
export const bankStatements = pgTable(
  "bank_statements",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    format: text().$type<BankStatementFormat>().notNull(),
    fileName: text().notNull(),
    accountIban: text(),
    /** The bank's statement identifier (CAMT Stmt/Id, CODA sequence). */
    statementId: text(),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey("bank_statements", t),
    index("bank_statements_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    check("bank_statements_format", sql`${t.format} in ('CAMT053', 'CODA')`),
  ],
);

/**
 * One movement of a statement. `fingerprint` identifies the movement across files, so a line
 * imported twice (the same file, or an overlapping one) is stored once.
 */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    statementId: integer().notNull(),
    fingerprint: text().notNull(),
    bookingDate: date({ mode: "string" }).notNull(),
    /** Minor units; negative for debits. */
    amount: money().notNull(),
    currency: text().notNull(),
    counterpartyName: text(),
    counterpartyIban: text(),
    communication: text(),
    structuredReference: text(),
    status: text().$type<BankStatementLineStatus>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey("bank_statement_lines", t),
    tenantForeignKey(
      "bank_statement_lines_statement_fk",
      { organiserId: t.organiserId, column: t.statementId },
      bankStatements,
      "cascade",
    ),
    unique("bank_statement_lines_organiser_id_fingerprint_unique").on(t.organiserId, t.fingerprint),
    index("bank_statement_lines_organiser_id_status_idx").on(t.organiserId, t.status),
    check("bank_statement_lines_status", sql`${t.status} in ('MATCHED', 'UNMATCHED', 'IGNORED')`),
  ],
);

/**
 * Money received by bank transfer for a cart: recorded by hand or matched from a statement line
 * (at most one live transfer per line: a cancelled one leaves the line free to match again). The
 * cart's `paid_amount` includes it, but for `wallet_credit`: what it owed no more, credited to the
 * customer's wallet (OVERPAYMENT).
 */
export const bankTransfers = pgTable(
  "bank_transfers",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    cartId: integer().notNull(),
    amount: money().notNull(),
    walletCredit: money().notNull().default(0),
    receivedOn: date({ mode: "string" }).notNull(),
    statementLineId: integer(),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    note: text(),
    createdAt: createdAt(),
    cancelledAt: timestamptz(),
  },
  (t) => [
    tenantKey("bank_transfers", t),
    tenantForeignKey(
      "bank_transfers_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    tenantForeignKey(
      "bank_transfers_statement_line_fk",
      { organiserId: t.organiserId, column: t.statementLineId },
      bankStatementLines,
    ),
    uniqueIndex("bank_transfers_statement_line_id_unique")
      .on(t.statementLineId)
      .where(sql`${t.cancelledAt} is null`),
    index("bank_transfers_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    check("bank_transfers_amount_positive", sql`${t.amount} > 0`),
    check(
      "bank_transfers_wallet_credit",
      sql`${t.walletCredit} >= 0 and ${t.walletCredit} <= ${t.amount}`,
    ),
  ],
);
