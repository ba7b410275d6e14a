import { randomBytes } from "node:crypto";
import type { CheckoutResult } from "@booking/contracts";
import { PAYMENT_PROVIDERS, type PaymentProviderName } from "@booking/db";
import { allocateLargestRemainder } from "@booking/domain";
import type { ServiceContext } from "../../http/service-context.ts";
import { createMollieProvider } from "./mollie.ts";
import type { PaymentProvider } from "./provider.ts";
import {
  addCartPaidAmount,
  addProductPaidAmount,
  findLatestCartPayment,
  findProviderPayment,
  insertPayment,
  listCartProducts,
  setPaymentStatus,
} from "./queries.ts";
import { createTestProvider } from "./test-provider.ts";

/** What the payments module needs from the process: the Mollie key (`MOLLIE_API_KEY`), if any. */
export interface PaymentsConfig {
  mollieApiKey?: string | undefined;
  /** injectable for tests */
  fetch?: typeof fetch;
}

export function isPaymentProviderName(name: string): name is PaymentProviderName {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(name);
}

/** The adapter of a provider for this request; null for Mollie without an API key. */
export function providerFor(
  context: ServiceContext,
  config: PaymentsConfig,
  origin: string,
  name: PaymentProviderName,
): PaymentProvider | null {
  if (name === "test") return createTestProvider(context.db, context.organiser.id, origin);
  if (!config.mollieApiKey) return null;
  return createMollieProvider({ apiKey: config.mollieApiKey, fetch: config.fetch });
}

/** The provider of new payments: Mollie when its key is set, else the built-in test provider. */
export function checkoutProvider(
  context: ServiceContext,
  config: PaymentsConfig,
  origin: string,
): PaymentProvider {
  return providerFor(context, config, origin, config.mollieApiKey ? "mollie" : "test")!;
}

export interface CartPaymentInput {
  cart: { id: number; cuid: string; reference: string };
  amount: number;
  /** the request's origin (`https://organiser.example`), for the return and webhook URLs */
  origin: string;
  provider: PaymentProvider;
}

/**
 * Creates the online payment of a cart just processed (checkout, same transaction) and answers
 * where the browser goes: the provider's hosted page. The provider is called before the row is
 * written; if the transaction then fails, the provider keeps an open payment nobody pays, which
 * expires on its side.
 */
export async function startCartPayment(
  context: ServiceContext,
  input: CartPaymentInput,
): Promise<CheckoutResult> {
  const { organiser } = context;
  // Known before the provider is called: the test provider uses it as its payment id.
  const cuid = randomBytes(16).toString("base64url");
  const created = await input.provider.createPayment({
    amount: input.amount,
    currency: organiser.currency,
    description: `${organiser.name} ${input.cart.reference}`,
    reference: input.cart.reference,
    redirectUrl: `${input.origin}/${organiser.language}/checkout/${encodeURIComponent(input.cart.cuid)}/success`,
    webhookUrl: `${input.origin}/api/payments/webhook/${input.provider.name}`,
    metadata: { cart_cuid: input.cart.cuid, payment_cuid: cuid },
  });
  await insertPayment(context.db, {
    cuid,
    organiserId: organiser.id,
    cartId: input.cart.id,
    provider: input.provider.name,
    providerPaymentId: created.providerPaymentId,
    amount: input.amount,
    currency: organiser.currency,
    checkoutUrl: created.checkoutUrl,
    providerState: created.providerState ?? null,
  });
  return { next_action: "payment", next_action_url: created.checkoutUrl };
}

/** A replayed checkout: the open payment's page again, else null (the success page). */
export async function openPaymentResult(
  context: ServiceContext,
  cartId: number,
): Promise<CheckoutResult | null> {
  const payment = await findLatestCartPayment(context.db, context.organiser.id, cartId);
  if (payment?.status !== "open") return null;
  return { next_action: "payment", next_action_url: payment.checkoutUrl };
}

export type WebhookOutcome =
  | "unknown"
  | "unchanged"
  | "paid"
  | "status_changed"
  | "mismatch"
  | "not_found_at_provider";

/**
 * A provider reported a change of `providerPaymentId` (webhook, or the test page's buttons).
 * Nothing of the report is trusted: the status and figures are fetched back from the provider.
 * The payment row is locked, so concurrent deliveries run one after the other; the second sees
 * `paid` and changes nothing — the amount is added to the cart and its products exactly once.
 * A provider amount or currency other than the stored one is refused (error logged, no change).
 */
export async function handlePaymentUpdate(
  context: ServiceContext,
  provider: PaymentProvider,
  providerPaymentId: string,
): Promise<WebhookOutcome> {
  const { db, organiser, log } = context;
  const payment = await findProviderPayment(db, organiser.id, provider.name, providerPaymentId, {
    lock: true,
  });
  if (!payment) {
    log.warn({ provider: provider.name, providerPaymentId }, "payment webhook: unknown payment");
    return "unknown";
  }
  // Paid is final: a late "failed" or a replay changes nothing.
  if (payment.status === "paid") return "unchanged";
  const fetched = await provider.fetchPayment(providerPaymentId);
  if (!fetched) {
    log.error(
      { provider: provider.name, providerPaymentId, paymentId: payment.id },
      "payment webhook: payment not found at the provider",
    );
    return "not_found_at_provider";
  }
  if (fetched.amount !== payment.amount || fetched.currency !== payment.currency) {
    log.error(
      {
        event: "payment_amount_mismatch",
        provider: provider.name,
        providerPaymentId,
        paymentId: payment.id,
        expected: { amount: payment.amount, currency: payment.currency },
        received: { amount: fetched.amount, currency: fetched.currency },
      },
      "payment webhook: amount or currency mismatch, payment refused",
    );
    return "mismatch";
  }
  if (fetched.status === payment.status) return "unchanged";
  if (fetched.status !== "paid") {
    await setPaymentStatus(db, organiser.id, payment.id, fetched.status, null);
    return "status_changed";
  }

  await setPaymentStatus(db, organiser.id, payment.id, "paid", new Date());
  await addCartPaidAmount(db, organiser.id, payment.cartId, payment.amount);
  // Spread over what the cart became like the wallet (largest remainder), by what each still
  // owes; a part beyond that (service fees) stays on the cart only.
  const products = await listCartProducts(db, organiser.id, payment.cartId);
  const owed = products.map((product) => Math.max(0, product.totalAmount - product.paidAmount));
  const spread = Math.min(
    payment.amount,
    owed.reduce((sum, value) => sum + value, 0),
  );
  const shares = allocateLargestRemainder(spread, owed);
  for (const [index, product] of products.entries()) {
    if (shares[index]! > 0) await addProductPaidAmount(db, organiser.id, product, shares[index]!);
  }
  log.info(
    {
      provider: provider.name,
      paymentId: payment.id,
      cartId: payment.cartId,
      amount: payment.amount,
    },
    "payment paid",
  );
  return "paid";
}
