/**
 * A statement file that cannot be read: malformed XML, a wrong root element, a truncated or
 * corrupt CODA record, an amount or date that does not parse. The message names the line or
 * element at fault, for the organiser to show to their bank.
 */
export class BankStatementFormatError extends Error {
  readonly code = "BANK_STATEMENT_INVALID";
  override readonly name = "BankStatementFormatError";
}
