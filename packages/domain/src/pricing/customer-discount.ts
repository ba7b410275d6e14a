/**
 * Discounts given to chosen customers (a staff family, a social rate; decision 0100): which of a
 * customer's discounts may apply to a registration line, and how much the line gets. See rule 6
 * of `index.ts` for where it comes among the other reductions.
 */

import {
  type AmountOrPercentage,
  amountOrPercentageOf,
  assertCount,
  choiceKind,
} from "./registration.ts";
import { fractionOf } from "./rounding.ts";

/** A discount the customer holds, as pricing reads it (`key`: what identifies it, its cuid). */
export type CustomerDiscountTerms = AmountOrPercentage & {
  key: string;
  name: string;
  active: boolean;
  /** The activities it is limited to (its own and its categories'); null: every activity. */
  activity_ids: readonly number[] | null;
  /** First and last day (YYYY-MM-DD, organiser's time zone, inclusive); null: open-ended. */
  valid_from: string | null;
  valid_until: string | null;
  /** The last day the customer holds it (staff's end date); null: no end. */
  ends_on: string | null;
};

/** A discount that applies to a line: an amount per place or a percentage of the line. */
export type CustomerDiscountChoice = AmountOrPercentage & { key: string; name: string };

/** The discount a line got: which one, and how much for the whole line. */
export type AppliedCustomerDiscount = { key: string; name: string; amount: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function assertDay(day: string | null, name: string): void {
  if (day !== null && !DAY.test(day)) throw new RangeError(`${name} must be YYYY-MM-DD: ${day}`);
}

/**
 * The customer's discounts that apply on `today` (the organiser's day) to a registration of
 * `activityId`: active, inside their period, not ended for this customer, and not limited to
 * other activities. Days compare as their ISO text.
 */
export function applicableCustomerDiscounts(
  discounts: readonly CustomerDiscountTerms[],
  line: { activityId: number; today: string },
): CustomerDiscountChoice[] {
  assertDay(line.today, "today");
  return discounts.flatMap((discount) => {
    assertDay(discount.valid_from, "valid_from");
    assertDay(discount.valid_until, "valid_until");
    assertDay(discount.ends_on, "ends_on");
    const inPeriod =
      (discount.valid_from === null || discount.valid_from <= line.today) &&
      (discount.valid_until === null || line.today <= discount.valid_until) &&
      (discount.ends_on === null || line.today <= discount.ends_on);
    const forActivity =
      discount.activity_ids === null || discount.activity_ids.includes(line.activityId);
    if (!discount.active || !inPeriod || !forActivity) return [];
    const { key, name, amount, percentage } = discount;
    return [{ key, name, amount, percentage }];
  });
}

/**
 * The discount a line of `quantity` places gets on `left` (what is left of the line after its
 * bundle and the volume discount): each choice gives its amount × quantity or its percentage of
 * `left`, capped at `left`; the one giving the most applies — discounts never add up — the first
 * listed on a tie. Null when none gives anything.
 */
export function bestCustomerDiscount(
  choices: readonly CustomerDiscountChoice[],
  left: number,
  quantity: number,
): AppliedCustomerDiscount | null {
  assertCount(quantity, "quantity", 1);
  let best: AppliedCustomerDiscount | null = null;
  for (const choice of choices) {
    const kind = choiceKind(choice, "Customer discount");
    const amount = Math.min(
      kind === "amount"
        ? fractionOf(choice.amount as number, quantity, 1)
        : amountOrPercentageOf(choice, left),
      left,
    );
    if (amount > 0 && (best === null || amount > best.amount)) {
      best = { key: choice.key, name: choice.name, amount };
    }
  }
  return best;
}
