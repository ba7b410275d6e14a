import type { PaymentStatus } from "@booking/db";
import type { CreatedPayment, FetchedPayment, PaymentProvider } from "./provider.ts";

export const MOLLIE_API = "https://api.mollie.com/v2";
/** The methods offered on Mollie's hosted page: Bancontact and cards. */
export const MOLLIE_METHODS = ["bancontact", "creditcard"] as const;

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

/** Mollie's statuses mapped to ours: pending and authorized are still open. */
function statusOf(status: unknown): PaymentStatus {
  switch (status) {
    case "paid":
      return "paid";
    case "failed":
      return "failed";
    case "expired":
      return "expired";
    case "canceled":
      return "canceled";
    default:
      return "open";
  }
}

interface MollieOptions {
  apiKey: string;
  /** injectable for tests */
  fetch?: typeof fetch;
  baseUrl?: string;
}

/**
 * Mollie adapter over its documented REST API (v2), with `fetch`: the official
 * `@mollie/api-client` can replace it behind the same interface.
 */
export function createMollieProvider(options: MollieOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl ?? MOLLIE_API;
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Response> {
    return doFetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  async function failed(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => "");
    throw new Error(`Mollie ${what} failed: HTTP ${response.status} ${text.slice(0, 500)}`);
  }

  return {
    name: "mollie",
    async createPayment(input): Promise<CreatedPayment> {
      const response = await call("POST", "/payments", {
        amount: mollieAmount(input.amount, input.currency),
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        method: MOLLIE_METHODS,
        metadata: { ...input.metadata, reference: input.reference },
      });
      if (!response.ok) await failed(response, "payment creation");
      const payment = (await response.json()) as {
        id?: unknown;
        _links?: { checkout?: { href?: unknown } };
      };
      const checkoutUrl = payment._links?.checkout?.href;
      if (typeof payment.id !== "string" || typeof checkoutUrl !== "string") {
        throw new Error("Mollie payment without id or checkout link");
      }
      return { providerPaymentId: payment.id, checkoutUrl };
    },
    async fetchPayment(id): Promise<FetchedPayment | null> {
      const response = await call("GET", `/payments/${encodeURIComponent(id)}`);
      if (response.status === 404) return null;
      if (!response.ok) await failed(response, "payment fetch");
      const payment = (await response.json()) as {
        status?: unknown;
        amount?: { value?: unknown; currency?: unknown };
      };
      const amount = parseMollieAmount(payment.amount?.value);
      const currency = payment.amount?.currency;
      if (amount === null || typeof currency !== "string") {
        throw new Error(`Mollie payment ${id} without a readable amount`);
      }
      return { status: statusOf(payment.status), amount, currency };
    },
    async refund(id, amount, currency): Promise<void> {
      const response = await call("POST", `/payments/${encodeURIComponent(id)}/refunds`, {
        amount: mollieAmount(amount, currency),
      });
      if (!response.ok) await failed(response, "refund");
    },
  };
}
