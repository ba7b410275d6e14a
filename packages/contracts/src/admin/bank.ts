import { z } from "zod";
import { amountField, calendarDate, LIMITS, listEnvelope, pagingQuery } from "../common.ts";
import { adminListQuery, listSearch } from "./list-query.ts";
import { optionalChoice, outstandingCartView, paymentCustomer } from "./payments.ts";

/**
 * Bank transfers and bank statements in the console (issue 6 item 6): transfers recorded by hand,
 * CAMT.053 and CODA statement files imported and matched to carts by their structured reference,
 * unmatched lines matched by hand or ignored. Money is in minor units.
 */

const cuidField = z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(40, "TOO_LONG");
const optionalNote = z
  .string("INVALID_TYPE")
  .trim()
  .max(LIMITS.shortText, "TOO_LONG")
  .nullish()
  .transform((value) => (value ? value : null));

/** The largest statement file accepted (bytes): a year of daily CODA files is far below it. */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/admin/carts/:cuid/bank-transfers */
export const recordTransferBody = z.object({
  amount: amountField(1),
  received_on: calendarDate,
  note: optionalNote,
});
export type RecordTransferBody = z.input<typeof recordTransferBody>;

/** Where a cart stands after money came in or went back. */
export const cartBalanceView = z.object({
  cuid: z.string(),
  reference: z.string(),
  total_amount: z.int(),
  paid_amount: z.int(),
  amount_due: z.int(),
});
export type CartBalanceView = z.infer<typeof cartBalanceView>;

/**
 * What a bank transfer pays: a processed cart, an attendance charge (decision 0067) or a booking
 * share (decision 0072).
 */
export const TRANSFER_TARGET_TYPES = [
  "CART",
  "ATTENDANCE_CHARGE",
  "BOOKING_PARTICIPATION",
] as const;
export type TransferTargetType = (typeof TRANSFER_TARGET_TYPES)[number];

export const adminBankTransferView = z.object({
  cuid: z.string(),
  /** what was received */
  amount: z.int(),
  /** the part beyond what its target owed, credited to the customer's wallet (OVERPAYMENT) */
  wallet_credit: z.int(),
  received_on: z.string(),
  note: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** the statement line it came from; null when recorded by hand */
  statement_line: z.string().nullable(),
  /** the cart or attendance charge it pays, as it stands after the change */
  target: cartBalanceView.extend({ type: z.enum(TRANSFER_TARGET_TYPES) }),
  customer: paymentCustomer,
});
export type AdminBankTransferView = z.infer<typeof adminBankTransferView>;

export const BANK_STATEMENT_LINE_STATUSES = ["MATCHED", "UNMATCHED", "IGNORED"] as const;
export type BankStatementLineStatusName = (typeof BANK_STATEMENT_LINE_STATUSES)[number];

/** Why a line was not matched (the matching rules of @booking/domain). */
export const UNMATCHED_REASONS = [
  "DEBIT",
  "NO_REFERENCE",
  "UNKNOWN_REFERENCE",
  "CURRENCY_MISMATCH",
  "ALREADY_PAID",
] as const;

/**
 * Why a line waits for a person (decision 0038): an amount with more decimals than the currency
 * (its exact amount is in `exact_amount`), an entry without any date.
 */
export const LINE_REVIEW_REASONS = ["SUB_MINOR_AMOUNT", "NO_DATE"] as const;

export const bankStatementLineView = z.object({
  cuid: z.string(),
  statement: z.object({ cuid: z.string(), file_name: z.string() }),
  /** where the line is in its file ("Stmt 1 Ntry 3"); null for lines imported before 0038 */
  position: z.string().nullable(),
  booking_date: z.string(),
  /** negative for a debit; cut towards zero when `exact_amount` is given */
  amount: z.int(),
  /** the bank's exact amount ("12.345") when it has more decimals than the currency */
  exact_amount: z.string().nullable(),
  /** set when the line is kept for review: it is never matched automatically */
  review: z.enum(LINE_REVIEW_REASONS).nullable(),
  currency: z.string(),
  counterparty_name: z.string().nullable(),
  counterparty_iban: z.string().nullable(),
  communication: z.string().nullable(),
  /** `+++ddd/dddd/ddddd+++` when the line carries a valid one */
  structured_reference: z.string().nullable(),
  status: z.enum(BANK_STATEMENT_LINE_STATUSES),
  /** an unmatched line: why, as the line stands against the carts now */
  reason: z.enum(UNMATCHED_REASONS).nullable(),
  /** a matched line: the transfer it became */
  transfer: z
    .object({
      cuid: z.string(),
      wallet_credit: z.int(),
      target: z.object({
        type: z.enum(TRANSFER_TARGET_TYPES),
        cuid: z.string(),
        reference: z.string(),
      }),
      customer: paymentCustomer,
    })
    .nullable(),
});
export type BankStatementLineView = z.infer<typeof bankStatementLineView>;

export const BALANCE_CHECKS = ["BALANCED", "UNBALANCED", "NO_BALANCES"] as const;

/** A balance of the account: minor units, and its exact decimal when they cannot hold it. */
export const statementBalanceView = z.object({
  amount: z.int(),
  exact_amount: z.string().nullable(),
  date: z.string().nullable(),
});

/** Something doubtful about a statement, named by where it is in the file. */
export const statementWarningView = z.object({
  code: z.string(),
  where: z.string(),
  detail: z.string(),
});

export const bankStatementView = z.object({
  cuid: z.string(),
  format: z.enum(["CAMT053", "CODA"]),
  file_name: z.string(),
  /** the account as the file names it: its IBAN, else its identifier as given */
  account_iban: z.string().nullable(),
  /** the bank's identifier of the statement */
  statement_id: z.string().nullable(),
  /** the bank's statement number with its year ("2024/53"), else its period */
  statement_key: z.string().nullable(),
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  opening_balance: statementBalanceView.nullable(),
  closing_balance: statementBalanceView.nullable(),
  /** opening + lines = closing; null for statements imported before the check existed */
  balance_check: z.enum(BALANCE_CHECKS).nullable(),
  /** closing − (opening + lines) when UNBALANCED, a signed decimal */
  balance_difference: z.string().nullable(),
  warnings: z.array(statementWarningView),
  created_at: z.string(),
  imported_by: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
  counts: z.object({ lines: z.int(), matched: z.int(), unmatched: z.int(), ignored: z.int() }),
});
export type BankStatementView = z.infer<typeof bankStatementView>;
export const bankStatementList = listEnvelope(bankStatementView);
export const bankStatementListQuery = pagingQuery;

/** GET /api/admin/bank-statements/:cuid */
export const bankStatementDetail = bankStatementView.extend({
  lines: z.array(bankStatementLineView),
});
export type BankStatementDetail = z.infer<typeof bankStatementDetail>;

/** POST /api/admin/bank-statements (multipart, one `file`): what the import did. */
export const bankStatementImportResponse = z.object({
  /** the statements stored (a file may hold several; none when every line was known) */
  statements: z.array(bankStatementView),
  /** lines read from the file */
  read: z.int(),
  /** new lines stored, and lines skipped because an earlier import holds them */
  imported: z.int(),
  duplicates: z.int(),
  matched: z.int(),
  unmatched: z.int(),
  /** new lines kept for review (counted in `unmatched`) */
  review: z.int(),
  /** the file's account is not the organiser's IBAN (imported anyway) */
  account_warning: z
    .object({ file_iban: z.string().nullable(), organiser_iban: z.string().nullable() })
    .nullable(),
  /** the new lines, matched ones with their transfer, unmatched ones with the reason */
  lines: z.array(bankStatementLineView),
});
export type BankStatementImportResponse = z.infer<typeof bankStatementImportResponse>;

/** GET /api/admin/bank-statement-lines */
export const bankStatementLineQuery = adminListQuery.extend({
  status: optionalChoice(BANK_STATEMENT_LINE_STATUSES),
});
export type BankStatementLineQuery = z.input<typeof bankStatementLineQuery>;
export const bankStatementLineList = listEnvelope(bankStatementLineView);

/** An attendance charge or a booking share that still owes money, as the manual match offers it. */
export const outstandingChargeView = z.object({
  cuid: z.string(),
  reference: z.string(),
  customer: paymentCustomer,
  created_at: z.string(),
  total_amount: z.int(),
  paid_amount: z.int(),
  amount_due: z.int(),
});
export type OutstandingChargeView = z.infer<typeof outstandingChargeView>;

/**
 * GET /api/admin/bank-statement-lines/:cuid/carts: carts, attendance charges (decision 0067) and
 * booking shares (decision 0072) a line may pay, those owing its amount first.
 */
export const lineCartsQuery = z.object({ q: listSearch });
export const lineCartList = z.object({
  data: z.array(outstandingCartView),
  attendance_charges: z.array(outstandingChargeView),
  booking_participations: z.array(outstandingChargeView),
});
export type LineCartList = z.infer<typeof lineCartList>;

/** POST /api/admin/bank-statement-lines/:cuid/match */
/**
 * The line pays a processed cart, an attendance charge (decision 0067) or a booking share
 * (decision 0072): exactly one of them.
 */
export const matchLineBody = z
  .object({
    cart: cuidField.optional(),
    attendance_charge: cuidField.optional(),
    booking_participation: cuidField.optional(),
  })
  .refine(
    (body) =>
      [body.cart, body.attendance_charge, body.booking_participation].filter(
        (value) => value !== undefined,
      ).length === 1,
    { message: "REQUIRED", path: ["cart"] },
  );
export type MatchLineBody = z.input<typeof matchLineBody>;
