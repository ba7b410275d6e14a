import type {
  AdminPaymentView,
  OutstandingCartView,
  OutstandingItemView,
} from "@booking/contracts";
import type { CartDueRow, PaymentListRow } from "./console-queries.ts";
import type { OutstandingRow } from "./outstanding-queries.ts";

const DAY_MS = 24 * 3600 * 1000;

const daysSince = (at: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS));

export function outstandingItemView(
  row: OutstandingRow,
  now: Date,
): Omit<OutstandingItemView, "reminders"> {
  const since = new Date(row.since);
  return {
    type: row.type,
    cuid: row.cuid,
    reference: row.reference,
    customer: {
      cuid: row.customer_cuid,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
    },
    since: since.toISOString(),
    age_days: daysSince(since, now),
    payment_strategy: row.payment_strategy,
    total_amount: row.total_amount,
    paid_amount: row.paid_amount,
    amount_due: row.amount_due,
    subject:
      row.subject_cuid === null
        ? null
        : {
            cuid: row.subject_cuid,
            label: row.subject_label ?? "",
            at: row.subject_at === null ? null : new Date(row.subject_at).toISOString(),
          },
  };
}

export function outstandingView(row: CartDueRow, now: Date): OutstandingCartView {
  const processedAt = new Date(row.processed_at);
  return {
    cuid: row.cuid,
    reference: row.reference,
    customer: {
      cuid: row.customer_cuid,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
    },
    processed_at: processedAt.toISOString(),
    age_days: daysSince(processedAt, now),
    payment_strategy: row.payment_strategy,
    total_amount: row.total_amount,
    paid_amount: row.paid_amount,
    amount_due: row.amount_due,
  };
}

const isoOrNull = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function paymentView(row: PaymentListRow, currency: string): AdminPaymentView {
  return {
    type: row.type,
    cuid: row.cuid,
    date: new Date(row.at).toISOString(),
    status: row.status,
    amount: row.amount,
    currency: row.currency ?? currency,
    reference: row.reference,
    cart: row.cart_cuid === null ? null : { cuid: row.cart_cuid },
    customer:
      row.customer_cuid === null
        ? null
        : {
            cuid: row.customer_cuid,
            firstname: row.firstname ?? "",
            lastname: row.lastname ?? "",
            email: row.email ?? "",
          },
    provider: row.provider,
    refunded_amount: row.refunded_amount,
    refunded_at: isoOrNull(row.refunded_at),
    refund_reason: row.refund_reason,
    refund_note: row.refund_note,
    source:
      row.type === "TRANSFER" ? (row.statement_line_id === null ? "HAND" : "STATEMENT") : null,
    wallet_credit: row.wallet_credit,
    note: row.note,
  };
}
