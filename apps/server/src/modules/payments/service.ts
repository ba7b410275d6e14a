import { randomBytes } from "node:crypto";
import type { CheckoutResult } from "@booking/contracts";
import { PAYMENT_PROVIDERS, type PaymentProviderName, type payments } from "@booking/db";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import {
  type CredentialsCipher,
  CredentialsUnreadableError,
  openPaymentCredentials,
} from "../organisers/credentials.ts";
import type { Organiser } from "../organisers/queries.ts";
import { createMollieApi, createMollieProvider, type MollieApi } from "./mollie.ts";
import type { FetchedPayment, PaymentProvider } from "./provider.ts";
import { findLatestCartPayment, insertPayment, type PaymentRow } from "./queries.ts";
import { createTestProvider } from "./test-provider.ts";

/** What the payments module needs from the process: the Mollie key (`MOLLIE_API_KEY`), if any. */
export interface PaymentsConfig {
  mollieApiKey?: string | undefined;
  /** the Mollie client; by default the official one with `mollieApiKey` (tests inject a fake) */
  mollie?: MollieApi;
  /** opens the organisers' own Mollie keys (console settings); without it the platform's serves all */
  credentials?: CredentialsCipher;
}

export function isPaymentProviderName(name: string): name is PaymentProviderName {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(name);
}

/** One official Mollie client per API key (it keeps its HTTPS agent). */
const mollieClients = new Map<string, MollieApi>();

export function mollieOf(config: PaymentsConfig, apiKey: string): MollieApi {
  if (config.mollie) return config.mollie;
  let client = mollieClients.get(apiKey);
  if (!client) {
    client = createMollieApi(apiKey);
    mollieClients.set(apiKey, client);
  }
  return client;
}

/**
 * The Mollie key an organiser's payments go through: its own account's when it set one in the
 * console's payment settings, else the platform's (`MOLLIE_API_KEY`); undefined without either.
 * An own key that no longer decrypts (the server's secret changed) is PAYMENT_PROVIDER_UNAVAILABLE:
 * its payments must not go to the platform's account instead.
 */
export function mollieApiKeyFor(organiser: Organiser, config: PaymentsConfig): string | undefined {
  if (!config.credentials) return config.mollieApiKey;
  try {
    return openPaymentCredentials(config.credentials, organiser)?.api_key ?? config.mollieApiKey;
  } catch (error) {
    if (error instanceof CredentialsUnreadableError) {
      throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE");
    }
    throw error;
  }
}

/** The adapter of a provider for this request; null for Mollie without an API key. */
export function providerFor(
  context: ServiceContext,
  config: PaymentsConfig,
  origin: string,
  name: PaymentProviderName,
): PaymentProvider | null {
  if (name === "test") return createTestProvider(context.db, context.organiser.id, origin);
  const apiKey = mollieApiKeyFor(context.organiser, config);
  if (!apiKey) return null;
  return createMollieProvider(mollieOf(config, apiKey));
}

/** The provider of new payments: Mollie when a key is set for the organiser, else the test one. */
export function checkoutProvider(
  context: ServiceContext,
  config: PaymentsConfig,
  origin: string,
): PaymentProvider {
  const name = mollieApiKeyFor(context.organiser, config) ? "mollie" : "test";
  return providerFor(context, config, origin, name)!;
}

export interface CartPaymentInput {
  cart: { id: number; cuid: string };
  amount: number;
  /** the request's origin (`https://organiser.example`), for the return and webhook URLs */
  origin: string;
  provider: PaymentProvider;
}

/**
 * Creates the online payment of a cart awaiting it (checkout, same transaction) and answers where
 * the browser goes: the provider's hosted page. The provider is called before the row is written;
 * if the transaction then fails, the provider keeps an open payment nobody pays, which expires on
 * its side (and would be refunded if paid: no row, no cart awaiting it — see the webhook).
 */
export async function startCartPayment(
  context: ServiceContext,
  input: CartPaymentInput,
): Promise<CheckoutResult> {
  const { organiser } = context;
  const order = organiser.language === "fr" ? "commande" : "order";
  const created = await createProviderPayment(context, {
    provider: input.provider,
    origin: input.origin,
    amount: input.amount,
    description: `${organiser.name} – ${order} ${input.cart.cuid}`,
    redirectUrl: () =>
      `${input.origin}/${organiser.language}/checkout/${encodeURIComponent(input.cart.cuid)}/success`,
    metadata: { cart_cuid: input.cart.cuid },
    row: { cartId: input.cart.id },
  });
  return { next_action: "payment", next_action_url: created.checkoutUrl };
}

/**
 * Creates a payment of `amount` (the organiser's currency) with the provider, then its row: the
 * one way a payment starts, for a checkout (`startCartPayment`) and for a balance paid from the
 * account (modules/transactions). The payment's cuid is known before the provider is called (the
 * test provider uses it as its payment id; `redirectUrl` may carry it). If the transaction then
 * fails, the provider keeps an open payment nobody pays, which expires on its side.
 */
export async function createProviderPayment(
  context: ServiceContext,
  input: {
    provider: PaymentProvider;
    /** the request's origin, for the webhook URL */
    origin: string;
    amount: number;
    description: string;
    redirectUrl(paymentCuid: string): string;
    metadata: Record<string, string>;
    /** what the payment pays (cart, purpose, registration, request, return path) */
    row: Pick<
      typeof payments.$inferInsert,
      | "cartId"
      | "purpose"
      | "registrationId"
      | "registrationRequestId"
      | "attendanceChargeId"
      | "bookingParticipationId"
      | "returnPath"
    >;
  },
): Promise<PaymentRow> {
  const { organiser } = context;
  const cuid = randomBytes(16).toString("base64url");
  const created = await input.provider.createPayment({
    amount: input.amount,
    currency: organiser.currency,
    description: input.description,
    language: organiser.language,
    redirectUrl: input.redirectUrl(cuid),
    webhookUrl: `${input.origin}/api/payments/webhook/${input.provider.name}`,
    metadata: { ...input.metadata, payment_cuid: cuid },
  });
  return insertPayment(context.db, {
    ...input.row,
    cuid,
    organiserId: organiser.id,
    provider: input.provider.name,
    providerPaymentId: created.providerPaymentId,
    amount: input.amount,
    currency: organiser.currency,
    checkoutUrl: created.checkoutUrl,
    providerState: created.providerState ?? null,
  });
}

/** The page of the cart's open payment, if its latest payment is open; else null. */
export async function openPaymentResult(
  context: ServiceContext,
  cartId: number,
): Promise<CheckoutResult | null> {
  const payment = await findLatestCartPayment(context.db, context.organiser.id, cartId);
  if (payment?.status !== "open") return null;
  return { next_action: "payment", next_action_url: payment.checkoutUrl };
}

/**
 * What the provider says of a stored payment — never what a webhook's body says. null when it
 * cannot be trusted: unknown at the provider, or an amount or currency other than the stored
 * ones (refused: error logged with `event: "payment_amount_mismatch"`).
 */
/** What verifying and settling a payment reads of its row: a customer's or a platform invoice's. */
export type VerifiedPaymentRow = Pick<
  PaymentRow,
  "id" | "providerPaymentId" | "amount" | "currency" | "status"
>;

export async function fetchVerifiedPayment(
  context: Pick<ServiceContext, "log">,
  provider: PaymentProvider,
  payment: VerifiedPaymentRow,
): Promise<FetchedPayment | null> {
  const { log } = context;
  const fetched = await provider.fetchPayment(payment.providerPaymentId);
  if (!fetched) {
    log.error(
      {
        provider: provider.name,
        providerPaymentId: payment.providerPaymentId,
        paymentId: payment.id,
      },
      "payment webhook: payment not found at the provider",
    );
    return null;
  }
  if (fetched.amount !== payment.amount || fetched.currency !== payment.currency) {
    log.error(
      {
        event: "payment_amount_mismatch",
        provider: provider.name,
        providerPaymentId: payment.providerPaymentId,
        paymentId: payment.id,
        expected: { amount: payment.amount, currency: payment.currency },
        received: { amount: fetched.amount, currency: fetched.currency },
      },
      "payment webhook: amount or currency mismatch, payment refused",
    );
    return null;
  }
  return fetched;
}

/**
 * What a provider's report changes for a payment locked by the caller (with what it pays), in
 * the order every delivery follows: `beforeFetch` (the test page's buttons change the provider's
 * side there), then `paid` and `refunded` are final — a replay or a late report changes nothing
 * ("unchanged") —, then the provider's word (`fetchVerifiedPayment`: "refused" when it cannot be
 * trusted), and a status still open or already recorded changes nothing either. Otherwise the
 * provider's new status, for the caller to apply: the cart's checkout (settleCartPayment) or a
 * balance (modules/transactions).
 */
export async function reportedChange<Row extends VerifiedPaymentRow>(
  context: Pick<ServiceContext, "log">,
  provider: PaymentProvider,
  payment: Row,
  beforeFetch?: (payment: Row) => Promise<void>,
): Promise<FetchedPayment | "unchanged" | "refused"> {
  await beforeFetch?.(payment);
  if (payment.status === "paid" || payment.status === "refunded") return "unchanged";
  const fetched = await fetchVerifiedPayment(context, provider, payment);
  if (!fetched) return "refused";
  if (fetched.status === "open" || fetched.status === payment.status) return "unchanged";
  return fetched;
}
