import type {
  AdminPaymentView,
  ListEnvelope,
  OutstandingList,
  outstandingQuery,
  paymentListQuery,
  refundPaymentBody,
} from "@booking/contracts";
import { refundRefusal } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { queueEmail } from "../mail/outbox.ts";
import { organiserEmail, templateCustomer } from "../notifications/system-mail.ts";
import { TemplateFormatter } from "../notifications/template-data.ts";
import { asServiceContext } from "../registrations/console-place.ts";
import { reminderStates } from "../reminders/states.ts";
import { destinationOfPayment, lockDestination } from "../transactions/destinations.ts";
import { takeBackFromDestination } from "../transactions/take-back.ts";
import { findPaymentByCuid, listPayments, markRefundedByOrganiser } from "./console-queries.ts";
import { outstandingItemView, paymentView } from "./console-views.ts";
import { listOutstanding } from "./outstanding-queries.ts";
import type { PaymentRow } from "./queries.ts";
import { type PaymentsConfig, providerFor } from "./service.ts";

// The console's payments (issue 6 item 6): the money received, the carts still owing, refunds of
// online payments through their provider.

type PaymentListInput = z.output<typeof paymentListQuery>;
type OutstandingInput = z.output<typeof outstandingQuery>;
type RefundInput = z.output<typeof refundPaymentBody>;

const paging = (query: { page_number: number; page_size: number }) => ({
  limit: query.page_size,
  offset: (query.page_number - 1) * query.page_size,
});

/** Why a payment cannot be refunded (any more), or null: refunded once already, or not paid. */
function notRefundable(
  payment: PaymentRow,
): "PAYMENT_ALREADY_REFUNDED" | "PAYMENT_NOT_PAID" | null {
  if (payment.refundedAt !== null) return "PAYMENT_ALREADY_REFUNDED";
  return payment.status === "paid" ? null : "PAYMENT_NOT_PAID";
}

/** One payment of the list, by its cuid (as the list shows it after a change). */
async function onePayment(context: ConsoleContext, cuid: string): Promise<AdminPaymentView> {
  const { db, organiser } = context;
  const [row] = await listPayments(db, organiser, {
    cuid,
    type: "ONLINE",
    sort: "-date",
    limit: 1,
    offset: 0,
  });
  if (!row) throw new AppError("PAYMENT_NOT_FOUND");
  return paymentView(row, organiser.currency);
}

export const paymentsConsole = {
  /** GET /api/admin/payments */
  async list(
    context: ConsoleContext,
    query: PaymentListInput,
  ): Promise<ListEnvelope<AdminPaymentView>> {
    const { limit, offset } = paging(query);
    const rows = await listPayments(context.db, context.organiser, {
      type: query.type,
      status: query.status,
      from: query.from,
      to: query.to,
      q: query.q,
      sort: query.sort,
      limit,
      offset,
    });
    return {
      data: rows.map((row) => paymentView(row, context.organiser.currency)),
      count: rows[0]?.total_count ?? 0,
      limit,
      offset,
    };
  },

  /**
   * GET /api/admin/outstanding: what customers still owe — processed orders, attendance charges,
   * booking shares (decision 0072) — the longest waiting first.
   */
  async outstanding(context: ConsoleContext, query: OutstandingInput): Promise<OutstandingList> {
    const { limit, offset } = paging(query);
    const rows = await listOutstanding(context.db, context.organiser.id, {
      type: query.type,
      q: query.q,
      sort: query.sort,
      limit,
      offset,
    });
    const now = new Date();
    const reminders = await reminderStates(context.db, context.organiser, rows, now);
    return {
      data: rows.map((row) => ({
        ...outstandingItemView(row, now),
        reminders: reminders.get(`${row.type}:${row.cuid}`) ?? null,
      })),
      count: rows[0]?.total_count ?? 0,
      limit,
      offset,
      totals: { items: rows[0]?.total_count ?? 0, amount_due: rows[0]?.total_due ?? 0 },
    };
  },

  /**
   * POST /api/admin/payments/:cuid/refund: gives back `amount` (all of it by default) of a paid
   * online payment through its provider, once per payment (the providers' refunds are idempotent
   * per payment). What it paid — its cart (the registration whose balance it paid first) or its
   * registration request — gives the money back, so it owes it again unless the money paid for
   * nothing any more (a cancelled registration). Refused: not paid (409 PAYMENT_NOT_PAID),
   * refunded already (409 PAYMENT_ALREADY_REFUNDED), above what it paid or what its cart still
   * holds (409 REFUND_ABOVE_PAID), its provider not configured (409
   * PAYMENT_PROVIDER_UNAVAILABLE). The provider is called last: if it fails, nothing is recorded.
   */
  async refund(
    context: ConsoleContext,
    cuid: string,
    input: RefundInput,
    payments: {
      config: PaymentsConfig;
      origin: string;
      /** the configured public addresses the refund e-mail is made with */
      urls: PublicUrls;
      dispatchEmail(emailId: number): Promise<void>;
    },
  ): Promise<AdminPaymentView> {
    const { db, organiser } = context;
    const service = asServiceContext(context);
    const found = await findPaymentByCuid(db, organiser.id, cuid);
    if (!found) throw new AppError("PAYMENT_NOT_FOUND");
    const early = notRefundable(found);
    if (early) throw new AppError(early);
    // What it paid, locked before the payment (the lock order of the webhook); a registration's
    // balance is taken back through its cart.
    const target = destinationOfPayment(found);
    const destination = await lockDestination(
      service,
      target.type === "REGISTRATION" ? { type: "CART", id: found.cartId! } : target,
      null,
    );
    if (!destination) throw new Error(`payment ${found.id}: what it paid vanished`);
    const payment = await findPaymentByCuid(db, organiser.id, cuid, { lock: true });
    if (!payment) throw new Error(`payment ${found.id} vanished`);
    const late = notRefundable(payment);
    if (late) throw new AppError(late);

    const amount = input.amount ?? payment.amount;
    const refundable = Math.min(payment.amount, destination.paid);
    const above = refundRefusal(amount, refundable);
    if (above) throw new AppError(above, { amount: above }, { refundable });
    const provider = providerFor(service, payments.config, payments.origin, payment.provider);
    if (!provider) throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE");

    const taken = await takeBackFromDestination(
      service,
      destination,
      amount,
      payment.registrationId,
    );
    if (!taken) throw new Error(`payment ${payment.id}: the refundable amount was checked`);
    await markRefundedByOrganiser(db, organiser.id, payment.id, {
      at: new Date(),
      amount,
      note: input.reason,
    });
    await context.audit({
      action: "payment.refunded",
      entity: "payment",
      entityId: payment.cuid,
      before: { amount: payment.amount, refunded_amount: null },
      after: { amount: payment.amount, refunded_amount: amount, reason: input.reason },
    });
    context.log.warn(
      { event: "payment_refunded", provider: provider.name, paymentId: payment.id, amount },
      "payment refunded from the console",
    );
    const view = await onePayment(context, cuid);
    if (view.customer) {
      const money = new TemplateFormatter({ ...organiser, currency: payment.currency });
      const message = await organiserEmail(
        db,
        organiser,
        payments.urls,
        "payment-refunded-by-organiser",
        {
          customer: templateCustomer(view.customer),
          refund: {
            amount: money.money(amount),
            amount_minor: amount,
            paid_amount: money.money(payment.amount),
            paid_amount_minor: payment.amount,
            whole: amount === payment.amount,
            reason: null,
            reference: view.reference,
          },
        },
      );
      const emailId = await queueEmail(db, {
        organiserId: organiser.id,
        to: view.customer.email,
        ...message,
      });
      context.afterCommit(() => payments.dispatchEmail(emailId));
    }
    // Last: a failed call rolls all of the above back (the e-mail included).
    await provider.refund(payment.providerPaymentId, amount, payment.currency);
    return view;
  },
};
