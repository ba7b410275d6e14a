/**
 * The organiser's payment types and their priority (storefront.md §3 "Payment method: type,
 * priority", §4 "Checkout"; decision 0092): the order in which checkout offers them, the first
 * one being the default choice when an amount remains to pay. Priority 1 is the highest.
 */

export const PAYMENT_TYPES = ["BANK_TRANSFER", "ONLINE"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export interface PaymentTypePriority {
  type: PaymentType;
  priority: number;
}

/** Before an organiser orders them: bank transfer first, as checkout always offered them. */
export const DEFAULT_PAYMENT_TYPE_ORDER: readonly PaymentType[] = ["BANK_TRANSFER", "ONLINE"];

/**
 * Every payment type once, by priority (1 first; equal priorities keep the default order); a
 * type the stored list lacks comes after, in the default order.
 */
export function paymentTypesByPriority(
  stored: readonly PaymentTypePriority[] | null | undefined,
): PaymentType[] {
  const rank = new Map<PaymentType, number>();
  for (const entry of stored ?? []) {
    if (PAYMENT_TYPES.includes(entry.type) && !rank.has(entry.type)) {
      rank.set(entry.type, entry.priority);
    }
  }
  const defaultIndex = (type: PaymentType) => DEFAULT_PAYMENT_TYPE_ORDER.indexOf(type);
  const rankOf = (type: PaymentType) => rank.get(type) ?? Number.POSITIVE_INFINITY;
  return [...PAYMENT_TYPES].sort((a, b) => {
    if (rankOf(a) !== rankOf(b)) return rankOf(a) < rankOf(b) ? -1 : 1;
    return defaultIndex(a) - defaultIndex(b);
  });
}

/** The order staff chose, as stored: priorities 1, 2, … in that order. */
export function priorityList(order: readonly PaymentType[]): PaymentTypePriority[] {
  return order.map((type, index) => ({ type, priority: index + 1 }));
}

/** The types the organiser offers (switched on), by priority. */
export function offeredPaymentTypes(
  stored: readonly PaymentTypePriority[] | null | undefined,
  enabled: Readonly<Record<PaymentType, boolean>>,
): PaymentType[] {
  return paymentTypesByPriority(stored).filter((type) => enabled[type]);
}

/** The checkout's strategies: the server's, and WALLET (sent as DELAYED) chosen in the browser. */
export type CheckoutStrategy = "IMMEDIATE" | "IMMEDIATE_DEPOSIT" | "DELAYED" | "WALLET";

const TYPE_STRATEGY: Record<PaymentType, CheckoutStrategy> = {
  BANK_TRANSFER: "DELAYED",
  ONLINE: "IMMEDIATE",
};

/**
 * The strategies the customer can choose and the default one (storefront.md §4 Checkout):
 * nothing to choose when the total is 0 (DELAYED); WALLET alone when the wallet covers everything
 * and the total is above 0; otherwise the offered payment types in their priority order, the
 * highest-priority one the default — online payment offers the deposit alone
 * (IMMEDIATE_DEPOSIT) too when the cart has one below what is payable.
 */
export function checkoutPaymentChoices(
  totals: { total: number; payable: number; deposit_payable: number },
  offered: readonly PaymentType[],
): { options: CheckoutStrategy[]; defaultStrategy: CheckoutStrategy | null } {
  if (totals.total <= 0) return { options: [], defaultStrategy: "DELAYED" };
  if (totals.payable <= 0) return { options: ["WALLET"], defaultStrategy: "WALLET" };
  const deposit = totals.deposit_payable > 0 && totals.deposit_payable < totals.payable;
  const options = offered.flatMap((type): CheckoutStrategy[] =>
    type === "ONLINE" && deposit ? ["IMMEDIATE", "IMMEDIATE_DEPOSIT"] : [TYPE_STRATEGY[type]],
  );
  return { options, defaultStrategy: options[0] ?? null };
}
