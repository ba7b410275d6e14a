import type { ServiceContext } from "../../http/service-context.ts";
import { type PaymentOutcome, settleCartPayment } from "../checkout/payment-service.ts";
import type { CheckoutMail } from "../checkout/service.ts";
import { setProviderState } from "./queries.ts";
import { createTestProvider, testPaymentState } from "./test-provider.ts";

/**
 * A button of the test provider's hosted page, pressed for the payment `cuid` (its provider id):
 * the provider's side becomes paid or failed, then the same path as a webhook delivery. Used by
 * the page (routes.ts) and by the demo seed's customers paying online (apps/server/src/demo).
 */
export function answerTestPayment(
  context: ServiceContext,
  input: { cuid: string; action: "pay" | "fail"; origin: string },
  mail: CheckoutMail,
): Promise<PaymentOutcome> {
  const { db, organiser } = context;
  const provider = createTestProvider(db, organiser.id, input.origin);
  return settleCartPayment(context, provider, input.cuid, mail, {
    // The provider's side first (under the cart's and the payment's locks).
    async beforeFetch(locked) {
      const current = testPaymentState(locked.providerState);
      if (current?.status !== "open") return;
      await setProviderState(db, organiser.id, locked.id, {
        ...current,
        status: input.action === "pay" ? "paid" : "failed",
      });
    },
  });
}
