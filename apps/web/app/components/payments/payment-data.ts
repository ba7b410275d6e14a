import type { PaymentDestination } from "@booking/contracts";
import type { AccountSession } from "../account/account-data";

/**
 * What the payment actions of an account page need (platform-and-account.md §2.3, §5, §7),
 * prepared by its loader: what is paid and what it still owes, the customer's wallet, and
 * whether the organiser takes online payments. Amounts in minor units.
 */
export interface PaymentActionsData {
  destination: PaymentDestination;
  /** the destination's payment reference, sent with an online payment */
  reference: string;
  due: number;
  wallet: number;
  online: boolean;
  customerId: number;
  currency: string;
}

/**
 * The payment actions' data for `destination` on an account page: `due` is what the page says is
 * still owed (0 for a cancelled registration or a request not approved yet).
 */
export function paymentActionsData(
  page: AccountSession,
  target: { destination: PaymentDestination; reference: string; due: number },
): PaymentActionsData {
  const { organiser } = page.storefront;
  return {
    ...target,
    due: Math.max(0, target.due),
    wallet: page.wallet,
    online: organiser.payments.online,
    customerId: page.customer.id,
    currency: organiser.currency,
  };
}
