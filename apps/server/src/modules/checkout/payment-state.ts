import type { CartPaymentState } from "@booking/contracts";
import type { CartPaymentRow } from "../carts/queries.ts";

/**
 * A cart's latest online payment as the cart view (`payment`) and GET/DELETE
 * /api/carts/{cuid}/payment show it; null when the cart never had one. The provider's page only
 * while the payment is open.
 */
export function cartPaymentState(payment: CartPaymentRow | null): CartPaymentState | null {
  return payment
    ? {
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        checkout_url: payment.status === "open" ? payment.checkoutUrl : null,
        refund_reason: payment.refundReason,
      }
    : null;
}
