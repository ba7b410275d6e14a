import type {
  AdminBankTransferView,
  BankStatementLineView,
  BankStatementView,
  OutstandingChargeView,
  PaymentCustomer,
  TransferTargetType,
} from "@booking/contracts";
import type { StoredBalance } from "@booking/db";
import type { StatementLineUnmatchedReason } from "@booking/domain";
import { normalisePaymentReference } from "@booking/domain";
import type { LockedDestination } from "../transactions/destinations.ts";
import type { DebtDueRow, LineListRow, StatementListRow, TransferRow } from "./console-queries.ts";

const balanceView = (balance: StoredBalance | null) =>
  balance === null
    ? null
    : { amount: balance.amount, exact_amount: balance.exactAmount, date: balance.date };

export function statementView(row: StatementListRow): BankStatementView {
  return {
    cuid: row.cuid,
    format: row.format,
    file_name: row.file_name,
    account_iban: row.account_iban,
    statement_id: row.statement_id,
    statement_key: row.statement_key,
    period:
      row.period_from === null || row.period_to === null
        ? null
        : { from: row.period_from, to: row.period_to },
    opening_balance: balanceView(row.opening_balance),
    closing_balance: balanceView(row.closing_balance),
    balance_check: row.balance_check,
    balance_difference: row.balance_difference,
    warnings: row.warnings,
    created_at: new Date(row.created_at).toISOString(),
    imported_by:
      row.imported_by_firstname === null
        ? null
        : { firstname: row.imported_by_firstname, lastname: row.imported_by_lastname ?? "" },
    counts: {
      lines: row.lines,
      matched: row.matched,
      unmatched: row.unmatched,
      ignored: row.ignored,
    },
  };
}

export function lineView(
  row: LineListRow,
  reason: StatementLineUnmatchedReason | null,
): BankStatementLineView {
  return {
    cuid: row.cuid,
    statement: { cuid: row.statement_cuid, file_name: row.file_name },
    position: row.position,
    booking_date: row.booking_date,
    amount: row.amount,
    exact_amount: row.exact_amount,
    review: row.review,
    currency: row.currency,
    counterparty_name: row.counterparty_name,
    counterparty_iban: row.counterparty_iban,
    communication: row.communication,
    structured_reference:
      row.structured_reference === null
        ? null
        : normalisePaymentReference(row.structured_reference),
    status: row.status,
    reason: row.status === "UNMATCHED" && row.review === null ? reason : null,
    transfer:
      row.transfer_cuid === null
        ? null
        : {
            cuid: row.transfer_cuid,
            wallet_credit: row.wallet_credit ?? 0,
            target: {
              type: row.target_type ?? "CART",
              cuid: row.target_cuid ?? "",
              reference: row.target_reference ?? "",
            },
            customer: {
              cuid: row.customer_cuid ?? "",
              firstname: row.firstname ?? "",
              lastname: row.lastname ?? "",
              email: row.email ?? "",
            },
          },
  };
}

/** A transfer with where its cart or charge stands now (`target` read after the change). */
export function transferView(
  transfer: TransferRow,
  target: LockedDestination,
  customer: PaymentCustomer,
  statementLineCuid: string | null,
): AdminBankTransferView {
  return {
    cuid: transfer.cuid,
    amount: transfer.amount,
    wallet_credit: transfer.walletCredit,
    received_on: transfer.receivedOn,
    note: transfer.note,
    cancelled_at: transfer.cancelledAt?.toISOString() ?? null,
    statement_line: statementLineCuid,
    target: {
      type: target.type as TransferTargetType,
      cuid: target.cuid,
      reference: target.reference,
      total_amount: target.total,
      paid_amount: target.paid,
      amount_due: target.due,
    },
    customer,
  };
}

/** The audit log's name of a transfer's target, holding its reference. */
export const TARGET_AUDIT_KEYS: Record<TransferTargetType, string> = {
  CART: "cart",
  ATTENDANCE_CHARGE: "attendance_charge",
  BOOKING_PARTICIPATION: "booking_participation",
};

/** What the audit log keeps of a transfer. */
export const transferAudit = (transfer: TransferRow, target: LockedDestination) => ({
  [TARGET_AUDIT_KEYS[target.type as TransferTargetType]]: target.reference,
  amount: transfer.amount,
  wallet_credit: transfer.walletCredit,
  received_on: transfer.receivedOn,
  note: transfer.note,
  cancelled: transfer.cancelledAt !== null,
});

export const outstandingChargeView = (row: DebtDueRow): OutstandingChargeView => ({
  cuid: row.cuid,
  reference: row.reference,
  customer: {
    cuid: row.customer_cuid,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
  },
  created_at: new Date(row.created_at).toISOString(),
  total_amount: row.total_amount,
  paid_amount: row.paid_amount,
  amount_due: row.amount_due,
});
