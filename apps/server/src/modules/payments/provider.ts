import type { PaymentProviderName, PaymentStatus } from "@booking/db";

/** Amounts are integer minor units (cents) of `currency` (ISO 4217, upper case). */
export interface CreatePaymentInput {
  amount: number;
  currency: string;
  /** shown to the customer by the provider (and on their statement) */
  description: string;
  /** the organiser's language: the provider's hosted page speaks it */
  language: "fr" | "en";
  /** where the provider sends the customer back */
  redirectUrl: string;
  /** where the provider reports status changes */
  webhookUrl: string;
  /** our ids (`cart_cuid`, `payment_cuid`), kept by the provider with its payment */
  metadata: Record<string, string>;
}

export interface CreatedPayment {
  providerPaymentId: string;
  /** the provider's hosted page the browser navigates to */
  checkoutUrl: string;
  /** kept in `payments.provider_state` (the test provider's own record); real providers: none */
  providerState?: Record<string, unknown>;
}

/**
 * What the provider says of a payment: the only source trusted by the webhook. A provider's
 * status is one of ours but `refunded` (which only we set): a refunded payment stays `paid` at
 * the provider (Mollie keeps it paid with an amount refunded).
 */
export interface FetchedPayment {
  status: Exclude<PaymentStatus, "refunded">;
  amount: number;
  currency: string;
}

/** A payment service provider (docs/decisions/0011-online-payments.md). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** null when the provider does not know this payment */
  fetchPayment(providerPaymentId: string): Promise<FetchedPayment | null>;
  /** Refunds `amount` of a paid payment; at most once per payment (an idempotent call). */
  refund(providerPaymentId: string, amount: number, currency: string): Promise<void>;
}
