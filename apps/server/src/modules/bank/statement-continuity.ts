import type { StoredStatementWarning } from "@booking/db";
import {
  type BankStatement,
  type BankStatementBalance,
  balanceText,
  followsOn,
  periodsOverlap,
} from "@booking/domain";
import type { StatementRow } from "./console-queries.ts";

// Whether a statement follows on from the account's statements stored before (decision 0038):
// its opening balance is the previous statement's closing one, the next one opens with its
// closing balance, and no other statement's period overlaps its own.

/** The number of a key "2024/053" (0 for a period key), to order statements of one day. */
const keyNumber = (key: string | null) => Number(/^\d{4}\/(\d+)$/.exec(key ?? "")?.[1] ?? 0);

type Placed = { to: string; from: string; key: string | null; numbered: boolean };

/** Whether `a` comes before `b`: by the end of its period, then by its number. */
function before(a: Placed, b: Placed): boolean {
  if (a.to !== b.to) return a.to < b.to;
  return keyNumber(a.key) < keyNumber(b.key);
}

const amountText = (balance: BankStatementBalance | null, currency: string) =>
  balance === null ? "unknown" : balanceText(balance, currency);

const named = (row: StatementRow) => `statement ${row.statementKey} (${row.statementId ?? ""})`;

export function continuityWarnings(
  statement: BankStatement,
  others: readonly StatementRow[],
): StoredStatementWarning[] {
  const self: Placed = {
    ...statement.period,
    key: statement.statementKey,
    numbered: keyNumber(statement.statementKey) > 0,
  };
  const stored = others
    .filter((row) => row.statementKey !== statement.statementKey)
    .map((row) => ({ row, placed: placedOf(row) }))
    .filter((entry): entry is { row: StatementRow; placed: Placed } => entry.placed !== null);
  const warnings: StoredStatementWarning[] = [];
  for (const { row, placed } of stored) {
    if (periodsOverlap(self, placed)) {
      warnings.push({
        code: "PERIOD_OVERLAP",
        where: `period ${self.from}..${self.to}`,
        detail: `overlaps ${named(row)} of ${placed.from}..${placed.to}: a movement on both is imported twice`,
      });
    }
  }
  const earlier = stored.filter(({ placed }) => before(placed, self));
  const later = stored.filter(({ placed }) => before(self, placed));
  const previous = earlier.reduce<(typeof stored)[number] | null>(
    (best, entry) => (best === null || before(best.placed, entry.placed) ? entry : best),
    null,
  );
  const next = later.reduce<(typeof stored)[number] | null>(
    (best, entry) => (best === null || before(entry.placed, best.placed) ? entry : best),
    null,
  );
  const { currency } = statement;
  if (previous && followsOn(previous.row.closingBalance, statement.opening, currency) === false) {
    warnings.push({
      code: "BALANCE_GAP",
      where: "opening balance",
      detail: `opens at ${amountText(statement.opening, currency)}; the previous ${named(previous.row)} closed at ${amountText(previous.row.closingBalance, currency)}`,
    });
  }
  if (next && followsOn(statement.closing, next.row.openingBalance, currency) === false) {
    warnings.push({
      code: "BALANCE_GAP",
      where: "closing balance",
      detail: `closes at ${amountText(statement.closing, currency)}; the next ${named(next.row)} opens at ${amountText(next.row.openingBalance, currency)}`,
    });
  }
  return warnings;
}

function placedOf(row: StatementRow): Placed | null {
  if (row.periodFrom === null || row.periodTo === null) return null;
  const { statementKey: key } = row;
  return { from: row.periodFrom, to: row.periodTo, key, numbered: keyNumber(key) > 0 };
}
