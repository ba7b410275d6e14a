/**
 * Checking a statement against its balances: opening + the lines = closing, exactly (amounts
 * kept for review count at their exact value), and whether statements of one account follow on
 * from each other.
 */

import type { BankStatement, BankStatementBalance } from "./types.ts";
import { formatUnits, unitsOf } from "./values.ts";

export type StatementBalanceCheck = {
  /** BALANCED, UNBALANCED, or NO_BALANCES when the file gives no opening or closing balance. */
  status: "BALANCED" | "UNBALANCED" | "NO_BALANCES";
  /** The sum of the lines, as a signed decimal ("-75.00"). */
  movements: string;
  /** closing − (opening + movements) when UNBALANCED, else null. */
  difference: string | null;
};

export function checkStatementBalance(
  statement: Pick<BankStatement, "currency" | "opening" | "closing" | "lines">,
): StatementBalanceCheck {
  const { currency, opening, closing } = statement;
  const movements = statement.lines.reduce((sum, line) => sum + unitsOf(line, currency), 0n);
  const total = formatUnits(movements, currency);
  if (opening === null || closing === null) {
    return { status: "NO_BALANCES", movements: total, difference: null };
  }
  const difference = unitsOf(closing, currency) - unitsOf(opening, currency) - movements;
  return difference === 0n
    ? { status: "BALANCED", movements: total, difference: null }
    : { status: "UNBALANCED", movements: total, difference: formatUnits(difference, currency) };
}

/** Whether `later` opens with the balance `earlier` closed with (unknown when one is missing). */
export function followsOn(
  earlier: Pick<BankStatementBalance, "amount" | "exactAmount"> | null,
  later: Pick<BankStatementBalance, "amount" | "exactAmount"> | null,
  currency: string,
): boolean | null {
  if (earlier === null || later === null) return null;
  return unitsOf(earlier, currency) === unitsOf(later, currency);
}

/**
 * Whether two statements' periods overlap: by more than a shared boundary day (numbered
 * statements of one day follow each other on that day; a monthly statement over daily ones
 * overlaps them), or on the same single day when one of them has no number to tell them apart.
 */
export function periodsOverlap(
  a: { from: string; to: string; numbered: boolean },
  b: { from: string; to: string; numbered: boolean },
): boolean {
  if (a.from < b.to && b.from < a.to) return true;
  const sameDay = a.from === a.to && b.from === b.to && a.from === b.from;
  return sameDay && !(a.numbered && b.numbered);
}

/** A balance as an exact signed decimal with its currency ("-12.345 EUR"). */
export function balanceText(
  balance: Pick<BankStatementBalance, "amount" | "exactAmount">,
  currency: string,
): string {
  return `${formatUnits(unitsOf(balance, currency), currency)} ${currency}`;
}
