import type { BankStatementImportResponse } from "@booking/contracts";
import {
  type BankStatement,
  BankStatementFormatError,
  type CartPaymentCandidate,
  checkStatementBalance,
  matchStatementLine,
  normalisePaymentReference,
  parseBankStatementFile,
  type StatementLineUnmatchedReason,
} from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  claimLegacyLines,
  deleteStatement,
  findOrInsertStatement,
  insertNewLines,
  type LineRow,
  listAccountStatements,
  listLines,
  listStatements,
  lockCartsByReference,
  lockDebtsByReference,
  setLineStatus,
} from "./console-queries.ts";
import { lineView, statementView, TARGET_AUDIT_KEYS } from "./console-views.ts";
import { continuityWarnings } from "./statement-continuity.ts";
import { lockTarget, receiveTransfer, type TransferTarget } from "./transfers.ts";

// Importing a bank statement file (CAMT.053 or CODA) in one transaction: its statements stored
// once each with their balance check and warnings, their lines stored once each (a line imported
// before is skipped: decision 0038), the credits carrying the reference of a cart or an
// attendance charge (decision 0067) matched to it and credited as bank transfers, the others —
// and the lines kept for review — left to a person.

/**
 * The file's text: UTF-8 when its bytes are valid UTF-8 (CAMT.053, most CODA exports), else
 * Latin-1 (CODA files of Belgian banks often are), which any bytes decode to.
 */
export function decodeStatementFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

/** An IBAN without its spaces, in capitals. */
const compactIban = (iban: string | null) => (iban ?? "").replace(/\s+/g, "").toUpperCase();

function parse(fileName: string, text: string): BankStatement[] {
  try {
    return parseBankStatementFile(text);
  } catch (error) {
    if (error instanceof BankStatementFormatError) {
      // The parser names the statement, entry or line and the field at fault, for the organiser
      // to show their bank; the file's name comes first.
      throw new AppError("BANK_STATEMENT_INVALID", undefined, {
        detail: `${fileName}: ${error.message}`,
      });
    }
    throw error;
  }
}

/**
 * Matches each new line in file order: credits with a structured reference against the carts,
 * attendance charges and booking shares of that reference, locked in id order first (carts, then
 * charges, then shares) and read
 * again before each line (two lines paying the same cart: the second sees what the first paid).
 * Answers why each unmatched line is.
 */
async function matchLines(
  context: ConsoleContext,
  lines: LineRow[],
): Promise<Map<number, StatementLineUnmatchedReason>> {
  const { db, organiser } = context;
  const references = new Set<string>();
  // A line kept for review pays nothing until a person has looked at it.
  const payable = lines.filter((line) => line.review === null);
  for (const line of payable) {
    const reference = line.structuredReference;
    if (line.amount > 0 && reference !== null) {
      references.add(normalisePaymentReference(reference) ?? reference);
    }
  }
  const targets: Array<TransferTarget & { reference: string }> = [
    ...(await lockCartsByReference(db, organiser.id, [...references])).map((cart) => ({
      type: "CART" as const,
      ...cart,
    })),
    ...(await lockDebtsByReference(db, "ATTENDANCE_CHARGE", organiser.id, [...references])).map(
      (charge) => ({ type: "ATTENDANCE_CHARGE" as const, ...charge }),
    ),
    ...(await lockDebtsByReference(db, "BOOKING_PARTICIPATION", organiser.id, [...references])).map(
      (share) => ({ type: "BOOKING_PARTICIPATION" as const, ...share }),
    ),
  ];
  const reasons = new Map<number, StatementLineUnmatchedReason>();
  for (const line of payable) {
    const candidates: Array<CartPaymentCandidate<TransferTarget>> = [];
    const reference = line.structuredReference;
    if (line.amount > 0 && reference !== null) {
      const formatted = normalisePaymentReference(reference);
      for (const target of targets.filter((t) => t.reference === formatted)) {
        const locked = await lockTarget(context, target);
        candidates.push({
          cartId: { type: target.type, id: target.id },
          reference: target.reference,
          amountDue: locked.due,
          currency: organiser.currency,
        });
      }
    }
    const match = matchStatementLine(line, candidates);
    if (match.kind === "unmatched") {
      reasons.set(line.id, match.reason);
      continue;
    }
    await receiveTransfer(context, await lockTarget(context, match.cartId), {
      amount: match.amount,
      receivedOn: line.bookingDate,
      note: null,
      statementLineId: line.id,
    });
    await setLineStatus(db, organiser.id, line.id, "MATCHED");
  }
  return reasons;
}

/**
 * Stores one statement — found again when it was imported before — with its balance check and
 * warnings (the parser's, and whether it follows on from the account's other statements), then
 * its lines not stored yet. Answers the new lines and the statement's id when it is kept: a
 * statement created by this import none of whose lines is new is not.
 */
async function storeStatement(
  context: ConsoleContext,
  fileName: string,
  statement: BankStatement,
): Promise<{ statementId: number | null; lines: LineRow[] }> {
  const { db, organiser } = context;
  const check = checkStatementBalance(statement);
  const others = await listAccountStatements(db, organiser.id, statement.account, statement.period);
  const { row, created } = await findOrInsertStatement(db, {
    organiserId: organiser.id,
    format: statement.format,
    fileName,
    accountIban: statement.account,
    statementId: statement.statementId,
    statementKey: statement.statementKey,
    periodFrom: statement.period.from,
    periodTo: statement.period.to,
    openingBalance: statement.opening,
    closingBalance: statement.closing,
    balanceCheck: check.status,
    balanceDifference: check.difference,
    warnings: [...statement.warnings, ...continuityWarnings(statement, others)],
    collaboratorId: context.actor.collaboratorId,
  });
  const claimed = await claimLegacyLines(db, organiser.id, statement.lines);
  const inserted = await insertNewLines(
    db,
    statement.lines
      .filter((line) => !claimed.has(line.fingerprint))
      .map((line) => ({
        organiserId: organiser.id,
        statementId: row.id,
        fingerprint: line.fingerprint,
        position: line.position,
        bookingDate: line.bookingDate,
        amount: line.amount,
        exactAmount: line.exactAmount,
        review: line.review,
        currency: line.currency,
        counterpartyName: line.counterpartyName,
        counterpartyIban: line.counterpartyIban,
        communication: line.communication,
        structuredReference: line.structuredReference,
        status: "UNMATCHED" as const,
      })),
  );
  if (created && inserted.length === 0) {
    await deleteStatement(db, organiser.id, row.id);
    return { statementId: null, lines: [] };
  }
  return { statementId: inserted.length > 0 ? row.id : null, lines: inserted };
}

/**
 * POST /api/admin/bank-statements: reads the file (400 BANK_STATEMENT_INVALID with the parser's
 * `detail`, naming the file, statement, entry and field, when it is neither a readable CAMT.053
 * nor CODA file), stores each statement with its new lines and matches them. A file for another
 * account than the organiser's IBAN is imported with a warning.
 */
export async function importStatementFile(
  context: ConsoleContext,
  file: { name: string; bytes: Uint8Array },
): Promise<BankStatementImportResponse> {
  const { db, organiser } = context;
  const statements = parse(file.name, decodeStatementFile(file.bytes));
  const statementIds: number[] = [];
  const newLines: LineRow[] = [];
  let read = 0;
  for (const statement of statements) {
    read += statement.lines.length;
    const stored = await storeStatement(context, file.name, statement);
    if (stored.statementId !== null) statementIds.push(stored.statementId);
    newLines.push(...stored.lines);
  }
  const reasons = await matchLines(context, newLines);

  const lineRows = await listLines(db, organiser.id, {
    ids: newLines.map((line) => line.id),
    limit: newLines.length,
    offset: 0,
  });
  const stored = await listStatements(db, organiser.id, {
    ids: statementIds,
    limit: statementIds.length,
    offset: 0,
  });
  const matched = lineRows.filter((row) => row.status === "MATCHED").length;
  const foreign = statements.find(
    (statement) => compactIban(statement.account) !== compactIban(organiser.iban),
  );
  const result: BankStatementImportResponse = {
    statements: stored.map(statementView),
    read,
    imported: newLines.length,
    duplicates: read - newLines.length,
    matched,
    unmatched: newLines.length - matched,
    review: newLines.filter((line) => line.review !== null).length,
    account_warning: foreign
      ? { file_iban: foreign.account, organiser_iban: organiser.iban }
      : null,
    lines: lineRows.map((row) => lineView(row, reasons.get(row.id) ?? null)),
  };
  await context.audit({
    action: "bank_statement.imported",
    entity: "bank_statement",
    entityId: stored[0]?.cuid ?? null,
    after: {
      file_name: file.name,
      format: statements[0]?.format ?? null,
      read: result.read,
      imported: result.imported,
      duplicates: result.duplicates,
      matched: lineRows
        .filter((row) => row.status === "MATCHED")
        .map((row) => ({
          [TARGET_AUDIT_KEYS[row.target_type ?? "CART"]]: row.target_reference,
          amount: row.amount,
        })),
      unmatched: result.unmatched,
    },
  });
  context.log.info(
    { event: "bank_statement_imported", ...result, statements: undefined, lines: undefined },
    "bank statement imported",
  );
  return result;
}
