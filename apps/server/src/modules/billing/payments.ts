import { randomBytes } from "node:crypto";
import type { PlatformPaymentStart, PlatformPaymentView } from "@booking/contracts";
import { type Database, type PaymentProviderName, type TenantTx, withTenant } from "@booking/db";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { createMollieProvider } from "../payments/mollie.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { mollieOf, type PaymentsConfig, reportedChange } from "../payments/service.ts";
import { storedTestProvider } from "../payments/test-provider.ts";
import {
  findOpenInvoicePayment,
  findPaymentOrganiser,
  findPlatformPayment,
  findPlatformPaymentByCuid,
  insertPlatformPayment,
  markPlatformInvoicePaid,
  type PlatformPaymentRow,
  setPlatformPaymentStatus,
  setPlatformProviderState,
} from "./payment-queries.ts";
import { platformSeller } from "./platform-seller.ts";
import { findPlatformInvoice, lockOrganiserBilling } from "./queries.ts";

// Organisers pay their platform invoices online (issue 16 §3; decision 0082): the customers'
// payment adapters with the platform as the merchant — the platform's own Mollie account
// (MOLLIE_API_KEY), never an organiser's, and outside production the built-in test provider.

export interface PlatformPaymentsDeps {
  db: Database;
  payments: PaymentsConfig;
  production: boolean;
  /** the console's origin: return, webhook and test page addresses are on the admin host */
  consoleOrigin(): string;
}

/** The test provider's hosted page of a platform invoice's payment, on the admin host. */
export const platformTestPaymentPath = (cuid: string) =>
  `/platform-payments/test/${encodeURIComponent(cuid)}`;

/** Where the browser comes back: the Billing page, which checks the payment (`syncPayment`). */
const returnPath = (cuid: string) => `/admin/settings/billing?payment=${encodeURIComponent(cuid)}`;

/**
 * The platform's provider: Mollie with the platform's key, else the test provider outside
 * production (its payments kept in platform_payments); null when neither serves. `name` picks
 * the provider of an existing payment.
 */
export function platformProvider(
  deps: PlatformPaymentsDeps,
  tx: TenantTx,
  organiserId: number,
  name: PaymentProviderName = deps.payments.mollieApiKey ? "mollie" : "test",
): PaymentProvider | null {
  if (name === "mollie") {
    const key = deps.payments.mollieApiKey;
    return key ? createMollieProvider(mollieOf(deps.payments, key)) : null;
  }
  if (deps.production) return null;
  return storedTestProvider(
    {
      find: (id) => findPlatformPayment(tx, organiserId, "test", id),
      save: (rowId, state) => setPlatformProviderState(tx, organiserId, rowId, { ...state }),
    },
    (cuid) => `${deps.consoleOrigin()}${platformTestPaymentPath(cuid)}`,
  );
}

/** Whether the organiser's console offers to pay online. */
export const canPayOnline = (deps: Pick<PlatformPaymentsDeps, "payments" | "production">) =>
  Boolean(deps.payments.mollieApiKey) || !deps.production;

/**
 * Starts the online payment of a platform invoice, or answers the page of the one under way. The
 * organiser's billing lock keeps two clicks from opening two payments of one invoice.
 */
export async function payPlatformInvoice(
  context: ConsoleContext,
  deps: PlatformPaymentsDeps,
  invoiceCuid: string,
): Promise<PlatformPaymentStart> {
  const { db, organiser } = context;
  await lockOrganiserBilling(db, organiser.id);
  const invoice = await findPlatformInvoice(db, organiser.id, invoiceCuid);
  if (!invoice) throw new AppError("INVOICE_NOT_FOUND");
  if (invoice.paidAt) throw new AppError("INVOICE_ALREADY_PAID");
  const open = await findOpenInvoicePayment(db, organiser.id, invoice.id);
  if (open) return { next_action_url: open.checkoutUrl };
  const provider = platformProvider(deps, db, organiser.id);
  if (!provider) throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE");
  const cuid = randomBytes(16).toString("base64url");
  const origin = deps.consoleOrigin();
  const created = await provider.createPayment({
    amount: invoice.totalAmount,
    currency: invoice.snapshot.currency,
    description: `${platformSeller().name} – ${invoice.number}`,
    language: organiser.language,
    redirectUrl: `${origin}${returnPath(cuid)}`,
    webhookUrl: `${origin}/api/platform-payments/webhook/${provider.name}`,
    metadata: { platform_invoice: invoice.number, payment_cuid: cuid },
  });
  await insertPlatformPayment(db, {
    cuid,
    organiserId: organiser.id,
    invoiceId: invoice.id,
    provider: provider.name,
    providerPaymentId: created.providerPaymentId,
    amount: invoice.totalAmount,
    currency: invoice.snapshot.currency,
    checkoutUrl: created.checkoutUrl,
    providerState: created.providerState ?? null,
  });
  return { next_action_url: created.checkoutUrl };
}

/** The test page's button: changes the provider's side of the payment locked in `tx`. */
type BeforeFetch = (payment: PlatformPaymentRow, tx: TenantTx) => Promise<void>;

export type PlatformPaymentOutcome = "unknown" | "unchanged" | "refused" | "closed" | "paid";

/**
 * Applies what the provider says of a payment, in the organiser's transaction `tx`, under the
 * payment's row lock: many webhook calls at once, or a webhook and the return, mark it paid once,
 * and its invoice's `paid_at` once. `beforeFetch` is the test page's button.
 */
export async function settleInTransaction(
  deps: PlatformPaymentsDeps,
  tx: TenantTx,
  target: { organiserId: number; provider: PaymentProviderName; providerPaymentId: string },
  log: FastifyBaseLogger,
  beforeFetch?: BeforeFetch,
): Promise<PlatformPaymentOutcome> {
  const { organiserId, providerPaymentId } = target;
  const payment = await findPlatformPayment(tx, organiserId, target.provider, providerPaymentId, {
    lock: true,
  });
  const provider = platformProvider(deps, tx, organiserId, target.provider);
  if (!payment || !provider) return "unknown";
  const fetched = await reportedChange(
    { log },
    provider,
    payment,
    beforeFetch && ((locked) => beforeFetch(locked, tx)),
  );
  if (fetched === "unchanged" || fetched === "refused") return fetched;
  if (fetched.status !== "paid") {
    if (payment.status !== "open") return "unchanged";
    await setPlatformPaymentStatus(tx, payment, fetched.status, null);
    return "closed";
  }
  const now = new Date();
  await setPlatformPaymentStatus(tx, payment, "paid", now);
  if (!(await markPlatformInvoicePaid(tx, organiserId, payment.invoiceId, now))) {
    // Paid through two payments (two browsers at once): the second is kept for a refund by hand.
    log.warn({ paymentId: payment.id }, "platform invoice paid twice");
  }
  return "paid";
}

/** A provider's report (webhook, test page): the payment's organiser found from the payment. */
export async function settlePlatformPayment(
  deps: PlatformPaymentsDeps,
  target: { provider: PaymentProviderName; providerPaymentId: string },
  log: FastifyBaseLogger,
  beforeFetch?: BeforeFetch,
): Promise<PlatformPaymentOutcome> {
  const organiserId = await findPaymentOrganiser(
    deps.db,
    target.provider,
    target.providerPaymentId,
  );
  if (organiserId === null) {
    log.warn(target, "platform payment webhook: unknown payment");
    return "unknown";
  }
  return withTenant(deps.db, organiserId, (tx) =>
    settleInTransaction(deps, tx, { ...target, organiserId }, log, beforeFetch),
  );
}

export function platformPaymentView(
  payment: PlatformPaymentRow,
  invoiceNumber: string,
): PlatformPaymentView {
  return {
    cuid: payment.cuid,
    invoice_number: invoiceNumber,
    provider: payment.provider,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
  };
}

/**
 * The payment the browser came back from (the provider's return to the Billing page): its status
 * asked of the provider now, so the page shows it paid even before the webhook arrives.
 */
export async function syncPayment(
  context: ConsoleContext,
  deps: PlatformPaymentsDeps,
  cuid: string,
): Promise<PlatformPaymentView> {
  const { db, organiser, log } = context;
  const found = await findPlatformPaymentByCuid(db, organiser.id, cuid);
  if (!found) throw new AppError("NOT_FOUND");
  const target = {
    organiserId: organiser.id,
    provider: found.payment.provider,
    providerPaymentId: found.payment.providerPaymentId,
  };
  await settleInTransaction(deps, db, target, log);
  const settled = (await findPlatformPaymentByCuid(db, organiser.id, cuid))!;
  return platformPaymentView(settled.payment, settled.number);
}
