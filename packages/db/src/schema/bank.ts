import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { attendanceCharges } from "./attendance.ts";
import { bookingParticipations } from "./bookings.ts";
import { carts } from "./carts.ts";
import { collaborators } from "./collaborators.ts";
import { createdAt, money, timestamptz } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

export type BankStatementFormat = "CAMT053" | "CODA";
export type BankStatementLineStatus = "MATCHED" | "UNMATCHED" | "IGNORED";
export type BankStatementBalanceCheck = "BALANCED" | "UNBALANCED" | "NO_BALANCES";
export type BankStatementLineReview = "SUB_MINOR_AMOUNT" | "NO_DATE";
/** A balance as the file gives it: minor units, its exact decimal when they cannot hold it. */
export type StoredBalance = { amount: number; exactAmount: string | null; date: string | null };
/** Something doubtful about a statement, named by where it is (decision 0038). */
export type StoredStatementWarning = { code: string; where: string; detail: string };

/** An imported bank statement file (CAMT.053 or CODA). */
export const bankStatements = pgTable(
  "bank_statements",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    format: text().$type<BankStatementFormat>().notNull(),
    fileName: text().notNull(),
    /** The account as the file names it: its IBAN, else its identifier as given. */
    accountIban: text(),
    /** The bank's statement identifier (CAMT Stmt/Id, CODA sequence). */
    statementId: text(),
    /**
     * The statement's identity for its account: the bank's number with its year, else its
     * period (decision 0038). Null for statements imported before it.
     */
    statementKey: text(),
    periodFrom: date({ mode: "string" }),
    periodTo: date({ mode: "string" }),
    openingBalance: jsonb().$type<StoredBalance>(),
    closingBalance: jsonb().$type<StoredBalance>(),
    /** opening + lines = closing, checked at the import; null before decision 0038. */
    balanceCheck: text().$type<BankStatementBalanceCheck>(),
    /** closing − (opening + lines) when UNBALANCED, as a signed decimal. */
    balanceDifference: text(),
    /** The parser's warnings and the import's (a gap or an overlap with another statement). */
    warnings: jsonb().$type<StoredStatementWarning[]>().notNull().default([]),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("bank_statements", t),
    index("bank_statements_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    uniqueIndex("bank_statements_organiser_id_account_statement_key_unique")
      .on(t.organiserId, t.accountIban, t.statementKey)
      .where(sql`${t.statementKey} is not null`),
    check("bank_statements_format", sql`${t.format} in ('CAMT053', 'CODA')`),
    check(
      "bank_statements_balance_check",
      sql`${t.balanceCheck} in ('BALANCED', 'UNBALANCED', 'NO_BALANCES')`,
    ),
  ],
);

/**
 * One movement of a statement. `fingerprint` identifies the movement across files (its account,
 * statement key and place in the statement: decision 0038), so a line imported twice is stored
 * once. `legacyFingerprint` is the identity of a line stored before decision 0038, until a
 * re-import of its file takes the row for the line it was (then it is cleared).
 */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    statementId: integer().notNull(),
    fingerprint: text().notNull(),
    legacyFingerprint: text(),
    /** Where the line is in its file ("Stmt 1 Ntry 3"), for people. */
    position: text(),
    bookingDate: date({ mode: "string" }).notNull(),
    /** Minor units; negative for debits (cut towards zero when `exactAmount` is set). */
    amount: money().notNull(),
    /** The bank's exact amount when it has more decimals than the currency. */
    exactAmount: text(),
    /** Why the line waits for a person before paying anything (never matched automatically). */
    review: text().$type<BankStatementLineReview>(),
    currency: text().notNull(),
    counterpartyName: text(),
    counterpartyIban: text(),
    communication: text(),
    structuredReference: text(),
    status: text().$type<BankStatementLineStatus>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("bank_statement_lines", t),
    tenantForeignKey(
      "bank_statement_lines_statement_fk",
      { organiserId: t.organiserId, column: t.statementId },
      bankStatements,
      "cascade",
    ),
    unique("bank_statement_lines_organiser_id_fingerprint_unique").on(t.organiserId, t.fingerprint),
    index("bank_statement_lines_organiser_id_status_idx").on(t.organiserId, t.status),
    uniqueIndex("bank_statement_lines_organiser_id_legacy_fingerprint_unique")
      .on(t.organiserId, t.legacyFingerprint)
      .where(sql`${t.legacyFingerprint} is not null`),
    check("bank_statement_lines_status", sql`${t.status} in ('MATCHED', 'UNMATCHED', 'IGNORED')`),
    check("bank_statement_lines_review", sql`${t.review} in ('SUB_MINOR_AMOUNT', 'NO_DATE')`),
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
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    /**
     * What the transfer pays: a processed cart, an attendance charge (decision 0067) or a
     * booking share (decision 0072).
     */
    cartId: integer(),
    attendanceChargeId: integer(),
    bookingParticipationId: integer(),
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
    ...tenantKey("bank_transfers", t),
    tenantForeignKey(
      "bank_transfers_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    tenantForeignKey(
      "bank_transfers_attendance_charge_fk",
      { organiserId: t.organiserId, column: t.attendanceChargeId },
      attendanceCharges,
    ),
    tenantForeignKey(
      "bank_transfers_booking_participation_fk",
      { organiserId: t.organiserId, column: t.bookingParticipationId },
      bookingParticipations,
    ),
    tenantForeignKey(
      "bank_transfers_statement_line_fk",
      { organiserId: t.organiserId, column: t.statementLineId },
      bankStatementLines,
    ),
    uniqueIndex("bank_transfers_statement_line_id_unique")
      .on(t.organiserId, t.statementLineId)
      .where(sql`${t.cancelledAt} is null`),
    index("bank_transfers_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    index("bank_transfers_organiser_id_attendance_charge_id_idx").on(
      t.organiserId,
      t.attendanceChargeId,
    ),
    index("bank_transfers_organiser_id_booking_participation_id_idx").on(
      t.organiserId,
      t.bookingParticipationId,
    ),
    check(
      "bank_transfers_one_target",
      sql`num_nonnulls(${t.cartId}, ${t.attendanceChargeId}, ${t.bookingParticipationId}) = 1`,
    ),
    check("bank_transfers_amount_positive", sql`${t.amount} > 0`),
    check(
      "bank_transfers_wallet_credit",
      sql`${t.walletCredit} >= 0 and ${t.walletCredit} <= ${t.amount}`,
    ),
  ],
);
