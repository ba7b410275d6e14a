import type { PaymentProviderName, PaymentStatus } from "@booking/db";

/** Amounts are integer minor units (cents) of `currency` (ISO 4217, upper case). */
export interface CreatePaymentInput {
  amount: number;
  currency: string;
  description: string;
  /** our reference (the cart's structured communication) */
  reference: string;
  /** where the provider sends the customer back */
  redirectUrl: string;
  /** where the provider reports status changes */
  webhookUrl: string;
  metadata: Record<string, string>;
}

export interface CreatedPayment {
  providerPaymentId: string;
  /** the provider's hosted page the browser navigates to */
  checkoutUrl: string;
  /** kept in `payments.provider_state` (the test provider's own record); real providers: none */
  providerState?: Record<string, unknown>;
}

/** What the provider says of a payment: the only source trusted by the webhook. */
export interface FetchedPayment {
  status: PaymentStatus;
  amount: number;
  currency: string;
}

/** A payment service provider (docs/decisions/0011-online-payments.md). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** null when the provider does not know this payment */
  fetchPayment(providerPaymentId: string): Promise<FetchedPayment | null>;
  refund(providerPaymentId: string, amount: number, currency: string): Promise<void>;
}
