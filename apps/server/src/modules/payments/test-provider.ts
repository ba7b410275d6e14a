import type { TenantTx } from "@booking/db";
import type { FetchedPayment, PaymentProvider } from "./provider.ts";
import { findProviderPayment, setProviderState } from "./queries.ts";

/** The test provider's record of a payment, kept in `payments.provider_state`. */
export interface TestPaymentState {
  status: FetchedPayment["status"];
  amount: number;
  currency: string;
  redirect_url: string;
  /** what was refunded (the status stays paid, as at Mollie) */
  refunded?: number;
}

export function testPaymentState(state: unknown): TestPaymentState | null {
  if (typeof state !== "object" || state === null) return null;
  const value = state as Partial<TestPaymentState>;
  if (
    typeof value.status !== "string" ||
    typeof value.amount !== "number" ||
    typeof value.currency !== "string" ||
    typeof value.redirect_url !== "string"
  ) {
    return null;
  }
  return value as TestPaymentState;
}

/** The test provider's hosted page of a payment, on the organiser's host. */
export const testPaymentPath = (cuid: string) => `/payments/test/${encodeURIComponent(cuid)}`;

/**
 * The built-in test provider of the demo: no money moves. Its payments live in the `payments`
 * table itself: the provider id is the payment's cuid (passed as `metadata.payment_cuid`) and
 * its side of the payment (status, amount, currency, return URL) is `provider_state`, changed by
 * the "Payer" / "Échouer" buttons of its hosted page (routes.ts).
 */
export function createTestProvider(
  db: TenantTx,
  organiserId: number,
  origin: string,
): PaymentProvider {
  return {
    name: "test",
    async createPayment(input) {
      const cuid = input.metadata.payment_cuid;
      if (!cuid) throw new Error("test provider: metadata.payment_cuid is required");
      const state: TestPaymentState = {
        status: "open",
        amount: input.amount,
        currency: input.currency,
        redirect_url: input.redirectUrl,
      };
      return {
        providerPaymentId: cuid,
        checkoutUrl: `${origin}${testPaymentPath(cuid)}`,
        providerState: { ...state },
      };
    },
    async fetchPayment(id) {
      const row = await findProviderPayment(db, organiserId, "test", id);
      const state = testPaymentState(row?.providerState);
      return state
        ? { status: state.status, amount: state.amount, currency: state.currency }
        : null;
    },
    async refund(id, amount) {
      const row = await findProviderPayment(db, organiserId, "test", id);
      const state = testPaymentState(row?.providerState);
      if (!row || !state) throw new Error(`test provider: unknown payment ${id}`);
      await setProviderState(db, organiserId, row.id, {
        ...state,
        refunded: (state.refunded ?? 0) + amount,
      });
    },
  };
}
