/**
 * Taking money back from a processed cart: an online payment refunded from the console, a bank
 * transfer cancelled. The inverse of crediting a cart (`spreadPayment`): the parts and the cart
 * are lowered together, so that a cart's paid amount stays what its parts were paid plus the
 * share of its service fees, and `cartAmountDue` stays right. Amounts are integer minor units.
 */

import type { CartPart } from "./account-payments.ts";
import { allocateLargestRemainder, sumAmounts } from "./pricing/rounding.ts";

export type TakeBack = {
  /** what each part gives back, in the order of `parts`; never above what it was paid */
  shares: number[];
  /** what the cart gives back beyond its parts (its fees' share, an overpayment kept on it) */
  cartOnly: number;
  /** what could not be taken: more than the cart was paid (callers refuse it first) */
  rest: number;
};

/**
 * Takes `amount` back from a cart, in this order:
 * 1. money that pays for nothing any more: what the cart holds beyond its parts and its service
 *    fees, then what cancelled parts were paid and what a part was paid beyond its total;
 * 2. the part the money was paid for, when the caller names one (`preferredPart`, the index of
 *    a registration whose balance the payment paid);
 * 3. the rest from the other parts and the fees' share, by what each was paid (largest
 *    remainder), so that what the cart owes again is spread as its payments were.
 */
export function takeBackPayment(
  amount: number,
  cart: { service_fees: number; paid: number; parts: readonly CartPart[] },
  preferredPart: number | null = null,
): TakeBack {
  const paid = cart.parts.map((part) => Math.max(0, part.paid));
  const beyondParts = Math.max(0, cart.paid - sumAmounts(paid));
  const feesPaid = Math.min(Math.max(0, cart.service_fees), beyondParts);
  const shares = cart.parts.map(() => 0);
  let left = Math.max(0, amount);
  let cartOnly = 0;
  const take = (available: number): number => {
    const taken = Math.min(left, Math.max(0, available));
    left -= taken;
    return taken;
  };

  cartOnly += take(beyondParts - feesPaid);
  cart.parts.forEach((part, index) => {
    const free = part.cancelled ? paid[index]! : paid[index]! - Math.max(0, part.total);
    shares[index]! += take(free);
  });
  if (preferredPart !== null && preferredPart >= 0 && preferredPart < shares.length) {
    shares[preferredPart]! += take(paid[preferredPart]! - shares[preferredPart]!);
  }

  const weights = [...paid.map((value, index) => value - shares[index]!), feesPaid];
  const spread = allocateLargestRemainder(Math.min(left, sumAmounts(weights)), weights);
  spread.forEach((share, index) => {
    left -= share;
    if (index < shares.length) shares[index]! += share;
    else cartOnly += share;
  });
  return { shares, cartOnly, rest: left };
}
