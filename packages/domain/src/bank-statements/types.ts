/**
 * The normalised shape of an imported bank statement, whatever its file format (CAMT.053 or
 * CODA), so that the import service and the manual matching screen see one model.
 */

export type BankStatementFormat = "CAMT053" | "CODA";

/**
 * Why a line is kept for a person to look at rather than matched automatically:
 * - SUB_MINOR_AMOUNT: the bank's amount has more decimals than the currency (a CODA amount whose
 *   third decimal is not 0); `amount` is cut to the currency's decimals, `exactAmount` is exact.
 * - NO_DATE: the entry has neither a booking day nor a value day; the statement's day is used.
 */
export type BankStatementLineReview = "SUB_MINOR_AMOUNT" | "NO_DATE";

/** One booked movement on the account, or one itemised payment of a batch booking. */
export type BankStatementLine = {
  /**
   * Identifies the movement across files, so it is never imported twice: the account, the
   * statement's number as the bank gives it and the movement's place in it (see identity.ts).
   */
  fingerprint: string;
  /** The identity of the same line before decision 0038 (bank reference), for older imports. */
  legacyFingerprint: string;
  /** Where the line is in the file, for messages: "Stmt 1 Ntry 3 TxDtls 2", "movement 0004.0001". */
  position: string;
  /** "YYYY-MM-DD". */
  bookingDate: string;
  /** "YYYY-MM-DD", when the bank gives one. */
  valueDate: string | null;
  /**
   * Integer minor units of `currency`: positive for a credit, negative for a debit. Cut towards
   * zero when the bank's amount has more decimals than the currency (then see `exactAmount`).
   */
  amount: number;
  /** The bank's amount as a signed decimal ("-12.345") when `amount` cannot hold it, else null. */
  exactAmount: string | null;
  currency: string;
  /** The payer of a credit, the payee of a debit. */
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** Free-text communication, whitespace collapsed. */
  communication: string | null;
  /** The line's payment reference key (see references.ts), only when its check is valid. */
  structuredReference: string | null;
  /**
   * The creditor reference exactly as the bank gave it in a structured field: a Belgian
   * structured communication (even an invalid one) or an ISO 11649 "RF…" reference.
   */
  creditorReference: string | null;
  /** The bank's own reference of the movement (CAMT AcctSvcrRef or NtryRef, CODA 2.1 ref). */
  bankReference: string | null;
  /** Set when the line must be looked at by a person before it pays anything. */
  review: BankStatementLineReview | null;
};

/** A balance of the account: minor units (cut like a line's amount), its exact value and day. */
export type BankStatementBalance = {
  amount: number;
  exactAmount: string | null;
  date: string | null;
};

/**
 * Something doubtful the parser met and went past, named by where it is:
 * - INVALID_ACCOUNT_IBAN: the account's IBAN fails its check; the identifier is kept as given.
 * - MISSING_BOOKING_DATE: an entry without BookgDt (its ValDt, else the statement's day is used).
 * - SUB_MINOR_AMOUNT: an amount with more decimals than the currency (its line is kept for review).
 * - DETAILS_DO_NOT_ADD_UP: a total whose details do not add up to it; the total is booked alone.
 * - TRAILER_TOTALS_MISMATCH: CODA record 9's debit or credit total is not the movements'.
 * - MISSING_BALANCES: the statement gives no opening or closing balance, so it cannot be checked.
 */
export type BankStatementWarningCode =
  | "INVALID_ACCOUNT_IBAN"
  | "MISSING_BOOKING_DATE"
  | "SUB_MINOR_AMOUNT"
  | "DETAILS_DO_NOT_ADD_UP"
  | "TRAILER_TOTALS_MISMATCH"
  | "MISSING_BALANCES";

export type BankStatementWarning = {
  code: BankStatementWarningCode;
  /** The place in the file: "Stmt 1 Ntry 3", "CODA line 12 (movement 0004)". */
  where: string;
  /** What is wrong, in English, with the values concerned. */
  detail: string;
};

export type BankStatement = {
  format: BankStatementFormat;
  /** The account as the file names it: its IBAN (compact), else its identifier as given. */
  account: string;
  /** IBAN of the account when the file gives a valid one, else null. */
  accountIban: string | null;
  /** ISO 4217 currency of the account. */
  currency: string;
  /** The bank's statement identifier as shown to people: CAMT Stmt/Id, CODA "year/number". */
  statementId: string;
  /**
   * The statement's identity for its account: the bank's statement number with its year
   * ("2024/53"; CAMT ElctrncSeqNb or LglSeqNb, CODA statement number), or, for a CAMT statement
   * without one, its Stmt/Id ("Id STMT-1").
   */
  statementKey: string;
  /** First and last day the statement covers (its period, else its booking days). */
  period: { from: string; to: string };
  opening: BankStatementBalance | null;
  closing: BankStatementBalance | null;
  lines: BankStatementLine[];
  warnings: BankStatementWarning[];
};
