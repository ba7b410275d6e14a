/**
 * The normalised shape of an imported bank statement, whatever its file format (CAMT.053 or
 * CODA), so that the import service and the manual matching screen see one model.
 */

export type BankStatementFormat = "CAMT053" | "CODA";

/** One booked movement on the account, or one itemised payment of a batch booking. */
export type BankStatementLine = {
  /** Identifies the line across files, so it is never imported twice (see fingerprint.ts). */
  fingerprint: string;
  /** "YYYY-MM-DD". */
  bookingDate: string;
  /** "YYYY-MM-DD", when the bank gives one. */
  valueDate: string | null;
  /** Integer minor units of `currency`: positive for a credit, negative for a debit. */
  amount: number;
  currency: string;
  /** The payer of a credit, the payee of a debit. */
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** Free-text communication, whitespace collapsed. */
  communication: string | null;
  /** Belgian structured communication as 12 digits, only when its modulo-97 check is valid. */
  structuredReference: string | null;
  /**
   * The creditor reference exactly as the bank gave it in a structured field: a Belgian
   * structured communication (even an invalid one) or an ISO 11649 "RF…" reference.
   */
  creditorReference: string | null;
  /** The bank's own reference of the movement (CAMT AcctSvcrRef or NtryRef, CODA 2.1 ref). */
  bankReference: string | null;
};

export type BankStatement = {
  format: BankStatementFormat;
  /** IBAN of the account the statement is for; null when the file names it another way. */
  accountIban: string | null;
  /** ISO 4217 currency of the account. */
  currency: string;
  /** The bank's statement identifier: CAMT Stmt/Id, CODA "creation day/statement number". */
  statementId: string;
  lines: BankStatementLine[];
};
