import {
  createMollieClient,
  Locale,
  MollieApiError,
  type Payment,
  type PaymentCreateParams,
  PaymentMethod,
  type PaymentRefundCreateParams,
} from "@mollie/api-client";
import type { CreatedPayment, FetchedPayment, PaymentProvider } from "./provider.ts";

/** The methods offered on Mollie's hosted page: Bancontact and cards. */
export const MOLLIE_METHODS = [PaymentMethod.bancontact, PaymentMethod.creditcard];

/** The language of Mollie's hosted page: the organiser's (Belgian French, British English). */
const MOLLIE_LOCALES = { fr: Locale.fr_BE, en: Locale.en_GB } as const;

/** Mollie's amount: a string with exactly two decimals ("12.30") and the currency. */
export function mollieAmount(
  amount: number,
  currency: string,
): { currency: string; value: string } {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`bad amount ${amount}`);
  const cents = String(amount % 100).padStart(2, "0");
  return { currency, value: `${Math.floor(amount / 100)}.${cents}` };
}

/** Parses Mollie's "12.30" back into minor units; null when it is not such a string. */
export function parseMollieAmount(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d+\.\d{2}$/.test(value)) return null;
  const [units, cents] = value.split(".");
  return Number(units) * 100 + Number(cents);
}

/**
 * Mollie's statuses mapped to ours: `pending` (the customer is paying) and `authorized` (a card
 * authorised, not captured yet) are still open; the others are final and have our names.
 */
export function mollieStatus(status: string): FetchedPayment["status"] {
  switch (status) {
    case "paid":
    case "failed":
    case "expired":
    case "canceled":
      return status;
    default:
      return "open";
  }
}

/** What the adapter reads of a Mollie payment (the official client's `Payment`). */
export type MolliePayment = Pick<Payment, "id" | "status" | "amount" | "getCheckoutUrl">;

/**
 * The part of the official client (`createMollieClient` of `@mollie/api-client`) the adapter
 * calls; tests inject a fake with the client's answers (no network).
 */
export interface MollieApi {
  payments: {
    create(parameters: PaymentCreateParams): Promise<MolliePayment>;
    get(id: string): Promise<MolliePayment>;
  };
  paymentRefunds: {
    create(parameters: PaymentRefundCreateParams): Promise<unknown>;
  };
}

export function createMollieApi(apiKey: string): MollieApi {
  return createMollieClient({ apiKey });
}

/**
 * The Mollie adapter, over the official client: a payment offering Bancontact and cards, its
 * status fetched back for the webhook, and full refunds (one per payment: the idempotency key is
 * derived from the payment, so a retried refund is not made twice).
 */
export function createMollieProvider(api: MollieApi): PaymentProvider {
  return {
    name: "mollie",
    async createPayment(input): Promise<CreatedPayment> {
      const payment = await api.payments.create({
        amount: mollieAmount(input.amount, input.currency),
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        method: MOLLIE_METHODS,
        locale: MOLLIE_LOCALES[input.language],
        metadata: input.metadata,
        ...(input.metadata.payment_cuid ? { idempotencyKey: input.metadata.payment_cuid } : {}),
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!payment.id || !checkoutUrl)
        throw new Error("Mollie payment without id or checkout link");
      return { providerPaymentId: payment.id, checkoutUrl };
    },
    async fetchPayment(id): Promise<FetchedPayment | null> {
      let payment: MolliePayment;
      try {
        payment = await api.payments.get(id);
      } catch (error) {
        if (error instanceof MollieApiError && error.statusCode === 404) return null;
        throw error;
      }
      const amount = parseMollieAmount(payment.amount?.value);
      const currency = payment.amount?.currency;
      if (amount === null || typeof currency !== "string") {
        throw new Error(`Mollie payment ${id} without a readable amount`);
      }
      return { status: mollieStatus(payment.status), amount, currency };
    },
    async refund(id, amount, currency): Promise<void> {
      await api.paymentRefunds.create({
        paymentId: id,
        amount: mollieAmount(amount, currency),
        idempotencyKey: `refund-${id}`,
      });
    },
  };
}
