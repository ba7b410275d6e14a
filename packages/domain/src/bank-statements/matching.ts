/**
 * Matching a statement line to the cart it pays, by the cart's payment reference (a Belgian
 * structured communication or an ISO 11649 creditor reference). The import service looks up the
 * carts whose reference is the line's and passes them as candidates; this decides, in order:
 *
 * 1. A line that is not money received (amount ≤ 0) → unmatched DEBIT.
 * 2. No valid payment reference on the line → NO_REFERENCE.
 * 3. No candidate with that reference (compared by key, whatever form it is stored in) →
 *    UNKNOWN_REFERENCE.
 * 4. No such candidate in the line's currency → CURRENCY_MISMATCH.
 * 5. No such candidate still owing money (amount due ≤ 0) → ALREADY_PAID: the money goes to
 *    manual handling (a refund, another cart) rather than silently onto a paid cart.
 * 6. Otherwise matched, to the candidate that owes exactly the amount, else the first one, even
 *    when the amounts differ: less is a partial payment, more leaves an overpayment of
 *    amount − amount due for the organiser to handle.
 */

import { paymentReferenceKey } from "./references.ts";
import type { BankStatementLine } from "./types.ts";

/** A cart that may be paid by a line: its reference and what it still owes (minor units). */
export type CartPaymentCandidate<CartId = number> = {
  cartId: CartId;
  reference: string;
  amountDue: number;
  currency: string;
};

export type StatementLineUnmatchedReason =
  | "DEBIT"
  | "NO_REFERENCE"
  | "UNKNOWN_REFERENCE"
  | "CURRENCY_MISMATCH"
  | "ALREADY_PAID";

export type StatementLineMatch<CartId = number> =
  | { kind: "matched"; cartId: CartId; amount: number; overpayment: number }
  | { kind: "unmatched"; reason: StatementLineUnmatchedReason };

export function matchStatementLine<CartId>(
  line: Pick<BankStatementLine, "amount" | "currency" | "structuredReference">,
  candidates: readonly CartPaymentCandidate<CartId>[],
): StatementLineMatch<CartId> {
  if (line.amount <= 0) return { kind: "unmatched", reason: "DEBIT" };
  if (line.structuredReference === null) return { kind: "unmatched", reason: "NO_REFERENCE" };
  const referenced = candidates.filter(
    (cart) => paymentReferenceKey(cart.reference) === line.structuredReference,
  );
  if (referenced.length === 0) return { kind: "unmatched", reason: "UNKNOWN_REFERENCE" };
  const sameCurrency = referenced.filter((cart) => cart.currency === line.currency);
  if (sameCurrency.length === 0) return { kind: "unmatched", reason: "CURRENCY_MISMATCH" };
  const owing = sameCurrency.filter((cart) => cart.amountDue > 0);
  const cart = owing.find((c) => c.amountDue === line.amount) ?? owing[0];
  if (cart === undefined) return { kind: "unmatched", reason: "ALREADY_PAID" };
  return {
    kind: "matched",
    cartId: cart.cartId,
    amount: line.amount,
    overpayment: Math.max(0, line.amount - cart.amountDue),
  };
}
