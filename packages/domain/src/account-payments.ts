/**
 * Paying what is still owed from the account (platform-and-account.md §2.3, §5, §7): from the
 * wallet or online, on a processed cart, a registration or a registration request. Amounts are
 * integer minor units. Decision record: docs/decisions/0019-account-payments.md.
 */

import { allocateLargestRemainder, sumAmounts } from "./pricing/rounding.ts";

/** A part of a processed cart: a registration, a bundle, a membership or a voucher it bought. */
export type CartPart = { total: number; paid: number; cancelled: boolean };

/** What a part still owes: nothing once cancelled, else its total less what was paid, ≥ 0. */
export function partAmountDue(part: CartPart): number {
  if (part.cancelled) return 0;
  return Math.max(0, part.total - Math.max(0, part.paid));
}

/**
 * What a processed cart still owes: what each of its parts owes (a cancelled registration owes
 * nothing, an edited one its new total), plus its service fees less the part of its payments
 * that went beyond the parts (checkout and every balance payment put the fees' share on the cart
 * only: cart paid = Σ parts paid + fees paid). Counting from the parts keeps the cart's due equal
 * to the sum of what it pays for, whatever happened to them since checkout.
 */
export function cartAmountDue(cart: {
  service_fees: number;
  paid: number;
  parts: readonly CartPart[];
}): number {
  let owed = 0;
  let partsPaid = 0;
  for (const part of cart.parts) {
    owed += partAmountDue(part);
    partsPaid += Math.max(0, part.paid);
  }
  const feesPaid = Math.max(0, cart.paid - partsPaid);
  return owed + Math.max(0, cart.service_fees - feesPaid);
}

/** What a registration still owes: nothing once cancelled, else its total less what was paid. */
export function registrationAmountDue(registration: {
  cancelled: boolean;
  total: number;
  paid: number;
}): number {
  return partAmountDue(registration);
}

/** §5: the wallet form's amount starts at the smaller of the wallet and the amount due. */
export function defaultWalletPayment(values: { wallet: number; due: number }): number {
  return Math.max(0, Math.min(values.wallet, values.due));
}

/**
 * Why a wallet payment of `amount` is refused, or null when it can be made:
 * - NOTHING_TO_PAY: nothing is owed;
 * - TOO_SMALL: not a whole number of minor units above 0;
 * - INSUFFICIENT_WALLET_AMOUNT (§5, §8): above the wallet's balance — checked before the amount
 *   due, as the spec asks this message whatever is owed;
 * - AMOUNT_ABOVE_DUE: above what is owed (a payment never creates a credit on the item).
 */
export type WalletPaymentRefusal =
  | "NOTHING_TO_PAY"
  | "TOO_SMALL"
  | "INSUFFICIENT_WALLET_AMOUNT"
  | "AMOUNT_ABOVE_DUE";

export function walletPaymentRefusal(values: {
  amount: number;
  wallet: number;
  due: number;
}): WalletPaymentRefusal | null {
  const { amount, wallet, due } = values;
  if (!(due > 0)) return "NOTHING_TO_PAY";
  if (!Number.isSafeInteger(amount) || amount <= 0) return "TOO_SMALL";
  if (amount > wallet) return "INSUFFICIENT_WALLET_AMOUNT";
  if (amount > due) return "AMOUNT_ABOVE_DUE";
  return null;
}

/**
 * Spreads a payment over the parts of what it pays (a cart's registrations and products) by what
 * each still owes, largest remainder as at checkout: `shares[i]` never exceeds `owed[i]`, and
 * `rest` is what is left beyond the parts (a cart's service fees, or an overpayment).
 */
export function spreadPayment(
  amount: number,
  owed: readonly number[],
): { shares: number[]; rest: number } {
  const weights = owed.map((value) => Math.max(0, value));
  const usable = Math.min(Math.max(0, amount), sumAmounts(weights));
  return { shares: allocateLargestRemainder(usable, weights), rest: amount - usable };
}
