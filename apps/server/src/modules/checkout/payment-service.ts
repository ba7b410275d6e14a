import type { CartPaymentView } from "@booking/contracts";
import type { RefundReason } from "@booking/db";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { findActiveCustomer } from "../accounts/queries.ts";
import { type CartRow, findCustomerCart, listLiveItems } from "../carts/queries.ts";
import { queueEmail } from "../mail/outbox.ts";
import { organiserEmail, templateCustomer } from "../notifications/system-mail.ts";
import { TemplateFormatter } from "../notifications/template-data.ts";
import { storefrontHome } from "../notifications/template-links.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import {
  findLatestCartPayment,
  findProviderPayment,
  markRefunded,
  type PaymentRow,
  setPaymentStatus,
} from "../payments/queries.ts";
import { reportedChange } from "../payments/service.ts";
import { settleBalancePayment } from "../transactions/settle.ts";
import { cartPaymentState } from "./payment-state.ts";
import { lockCart, reopenCart } from "./queries.ts";
import { type CheckoutMail, convertCart, lockAndPrice, onlineAmountOf } from "./service.ts";

// What an online payment does to its cart (docs/decisions/0011-online-payments.md): the webhook
// processes or refunds, a failed payment opens the cart again, the customer may cancel.

export type PaymentOutcome =
  | "unknown"
  | "unchanged"
  | "refused"
  | "closed"
  | "processed"
  | "refunded";

export interface SettleOptions {
  /**
   * Runs once the cart and the payment are locked, before the provider is asked: the test
   * provider's page changes its side of the payment there (same locks, same transaction).
   */
  beforeFetch?(payment: PaymentRow): Promise<void>;
}

/**
 * A provider reported a change of `providerPaymentId` (its webhook, or the test page's buttons).
 * Nothing of the report is trusted: the status and figures are fetched back from the provider,
 * and an amount or currency other than the stored ones is refused (error logged, no change).
 *
 * Locks, in the order of every cart change: the payment's cart, then the payment, then (to
 * process it) the held dates and the customer. Concurrent deliveries run one after the other; the
 * second finds `paid` or `refunded` — final states — and changes nothing: exactly once.
 *
 * - `open` (or `pending`, `authorized` at Mollie): nothing changes; a payment never goes back
 *   to open.
 * - `failed`, `expired`, `canceled` of the payment the cart awaits: recorded, and the cart is
 *   open again (its holds live until they expire): the customer can retry from /checkout.
 * - `paid` of the payment the cart awaits: the cart is processed like a DELAYED checkout
 *   (`lockAndPrice` + `convertCart`, the wallet capped at the use recorded at checkout), with
 *   the payment as paid amount, and the confirmation e-mail is sent. If its holds expired
 *   meanwhile, their places are counted again under the dates' row locks as an add counts them:
 *   still free → processed; taken → refunded (PLACES_TAKEN).
 * - `paid` of a payment the cart no longer awaits (the customer cancelled it, then changed or
 *   processed the cart): refunded (NOT_AWAITED).
 *
 * A refund marks the payment `refunded`, opens the cart again when it awaited it, e-mails the
 * customer why (organiser's language), and calls the provider's `refund` LAST: if that call
 * fails, the whole transaction rolls back and the provider's next delivery tries again.
 */
export async function settleCartPayment(
  context: ServiceContext,
  provider: PaymentProvider,
  providerPaymentId: string,
  mail: CheckoutMail,
  options: SettleOptions = {},
): Promise<PaymentOutcome> {
  const { db, organiser, log } = context;
  const organiserId = organiser.id;
  const found = await findProviderPayment(db, organiserId, provider.name, providerPaymentId);
  if (!found) {
    log.warn({ provider: provider.name, providerPaymentId }, "payment webhook: unknown payment");
    return "unknown";
  }
  // A balance paid from the account credits what it pays; it never processes a cart.
  if (found.purpose === "BALANCE") return settleBalancePayment(context, provider, found, options);
  if (found.cartId === null) throw new Error(`checkout payment ${found.id} without its cart`);
  const cart = await lockCart(db, organiserId, found.cartId);
  const payment = await findProviderPayment(db, organiserId, provider.name, providerPaymentId, {
    lock: true,
  });
  if (!cart || !payment) throw new Error(`payment ${found.id} without its cart`);

  // Paid and refunded are final: a replay or a late report changes nothing.
  const fetched = await reportedChange(context, provider, payment, options.beforeFetch);
  if (fetched === "unchanged" || fetched === "refused") return fetched;
  // The payment the cart waits for: its only open one (checkout creates a payment only when the
  // cart awaits none, and every way out of waiting closes it).
  const awaited = cart.paymentPendingAt !== null && payment.status === "open";
  const logged = { provider: provider.name, paymentId: payment.id, cartId: cart.id };

  if (fetched.status !== "paid") {
    // A payment closed already (cancelled by the customer) keeps its status.
    if (payment.status !== "open") return "unchanged";
    await setPaymentStatus(db, organiserId, payment.id, fetched.status, null);
    if (awaited) await reopenCart(db, organiserId, cart.id);
    log.info({ ...logged, status: fetched.status }, "payment closed without payment");
    return "closed";
  }

  const now = nowOf(context);
  if (!awaited) {
    return refund(context, provider, { cart, payment, awaited, reason: "NOT_AWAITED", now }, mail);
  }
  // Every item the payment was computed for, expired holds included (the cart is frozen while
  // it awaits: no item was added or removed).
  const rows = await listLiveItems(db, organiserId, cart.id, null);
  // (Items gone nonetheless — deleted by the organiser — leave nothing to sell: refunded.)
  const priced =
    rows.length > 0 ? await lockAndPrice(context, cart, rows, now, cart.walletUsed) : null;
  if (!priced) {
    return refund(context, provider, { cart, payment, awaited, reason: "PLACES_TAKEN", now }, mail);
  }
  const strategy = cart.paymentStrategy ?? "IMMEDIATE";
  const expected = onlineAmountOf(strategy, priced.price);
  if (expected !== payment.amount) {
    // The cart's price moved since checkout (a coupon switched off, the wallet spent…): what was
    // paid is recorded as paid, the difference stays owed (or overpaid) in its figures.
    log.warn({ ...logged, expected, paid: payment.amount }, "cart price changed during payment");
  }
  await setPaymentStatus(db, organiserId, payment.id, "paid", now);
  await convertCart(context, cart, priced, {
    strategy,
    paidOnline: payment.amount,
    termsAcceptedAt: cart.termsAcceptedAt ?? now,
    now,
  });
  log.info({ ...logged, amount: payment.amount }, "payment paid, cart processed");
  return "processed";
}

async function refund(
  context: ServiceContext,
  provider: PaymentProvider,
  input: {
    cart: CartRow;
    payment: PaymentRow;
    awaited: boolean;
    reason: RefundReason;
    now: Date;
  },
  mail: CheckoutMail,
): Promise<PaymentOutcome> {
  const { db, organiser, log } = context;
  const { cart, payment, reason } = input;
  await markRefunded(db, organiser.id, payment.id, { at: input.now, reason });
  if (input.awaited) await reopenCart(db, organiser.id, cart.id);
  const customer = await findActiveCustomer(db, organiser.id, cart.customerId);
  if (customer) {
    const money = new TemplateFormatter({ ...organiser, currency: payment.currency });
    const message = await organiserEmail(db, organiser, mail.urls, "payment-refunded", {
      customer: templateCustomer(customer),
      refund: {
        amount: money.money(payment.amount),
        amount_minor: payment.amount,
        paid_amount: money.money(payment.amount),
        paid_amount_minor: payment.amount,
        whole: true,
        reason,
        reference: null,
      },
      link: { url: storefrontHome(organiser, mail.urls), kind: "storefront" },
    });
    const emailId = await queueEmail(db, {
      organiserId: organiser.id,
      to: customer.email,
      ...message,
    });
    context.afterCommit(() => mail.dispatchEmail(emailId));
  }
  log.warn(
    {
      event: "payment_refunded",
      provider: provider.name,
      paymentId: payment.id,
      cartId: cart.id,
      amount: payment.amount,
      reason,
    },
    "confirmed payment refunded",
  );
  // Last: a failed call rolls all of the above back, and the provider delivers again.
  await provider.refund(payment.providerPaymentId, payment.amount, payment.currency);
  return "refunded";
}

/** The customer's own cart of this cuid (any state), locked with `lock`; else 404. */
async function ownCart(
  context: ServiceContext,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<CartRow> {
  const customer = requireCustomer(context);
  const cart = await findCustomerCart(context.db, context.organiser.id, customer.customerId, {
    cuid,
    lock: options.lock,
  });
  if (!cart) throw new AppError("CART_NOT_FOUND");
  return cart;
}

async function paymentView(context: ServiceContext, cart: CartRow): Promise<CartPaymentView> {
  const payment = await findLatestCartPayment(context.db, context.organiser.id, cart.id);
  return {
    cart: {
      cuid: cart.cuid,
      state:
        cart.processedAt !== null
          ? "processed"
          : cart.paymentPendingAt !== null
            ? "awaiting_payment"
            : "open",
    },
    payment: cartPaymentState(payment),
  };
}

/**
 * GET /api/carts/{cuid}/payment: where the customer's cart stands with its online payment — the
 * success page polls it until the webhook lands (the checkout page reads the cart's own
 * `payment`, the same state).
 */
export async function cartPayment(context: ServiceContext, cuid: string): Promise<CartPaymentView> {
  return paymentView(context, await ownCart(context, cuid));
}

/**
 * DELETE /api/carts/{cuid}/payment: the customer gives up the payment in progress to change the
 * cart. The payment is marked `canceled` on our side (the provider's page may stay open until it
 * expires there: if it is paid anyway, the webhook refunds it, NOT_AWAITED) and the cart is open
 * again, its holds unchanged. Nothing in progress → nothing changes (idempotent).
 */
export async function cancelCartPayment(
  context: ServiceContext,
  cuid: string,
): Promise<CartPaymentView> {
  const { db, organiser } = context;
  const cart = await ownCart(context, cuid, { lock: true });
  if (cart.paymentPendingAt === null) return paymentView(context, cart);
  const payment = await findLatestCartPayment(db, organiser.id, cart.id, { lock: true });
  if (payment?.status === "open") {
    await setPaymentStatus(db, organiser.id, payment.id, "canceled", null);
  }
  await reopenCart(db, organiser.id, cart.id);
  context.log.info(
    { cartId: cart.id, paymentId: payment?.id },
    "payment cancelled by the customer",
  );
  return paymentView(context, { ...cart, paymentPendingAt: null });
}
