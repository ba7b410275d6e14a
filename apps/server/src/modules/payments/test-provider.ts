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
 * Where the test provider keeps its side of a payment: the `provider_state` of the row whose
 * provider id is `id` (the row's own cuid), in the table of the payments it serves.
 */
export interface TestPaymentStore {
  find(id: string): Promise<{ id: number; providerState: unknown } | null>;
  save(rowId: number, state: TestPaymentState): Promise<void>;
}

/**
 * The built-in test provider: no money moves. Its payments live in the payments' own rows: the
 * provider id is the payment's cuid (passed as `metadata.payment_cuid`) and its side of the
 * payment (status, amount, currency, return URL) is `provider_state`, changed by the "Payer" /
 * "Échouer" buttons of its hosted page at `checkoutUrl(cuid)`. Serves the customers' payments
 * (`createTestProvider`) and the organisers' payments of platform invoices (decision 0082).
 */
export function storedTestProvider(
  store: TestPaymentStore,
  checkoutUrl: (cuid: string) => string,
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
        checkoutUrl: checkoutUrl(cuid),
        providerState: { ...state },
      };
    },
    async fetchPayment(id) {
      const state = testPaymentState((await store.find(id))?.providerState);
      return state
        ? { status: state.status, amount: state.amount, currency: state.currency }
        : null;
    },
    async refund(id, amount) {
      const row = await store.find(id);
      const state = testPaymentState(row?.providerState);
      if (!row || !state) throw new Error(`test provider: unknown payment ${id}`);
      await store.save(row.id, { ...state, refunded: (state.refunded ?? 0) + amount });
    },
  };
}

/** The test provider of an organiser's customers' payments (the `payments` table). */
export function createTestProvider(
  db: TenantTx,
  organiserId: number,
  origin: string,
): PaymentProvider {
  return storedTestProvider(
    {
      find: (id) => findProviderPayment(db, organiserId, "test", id),
      save: (rowId, state) => setProviderState(db, organiserId, rowId, { ...state }),
    },
    (cuid) => `${origin}${testPaymentPath(cuid)}`,
  );
}
