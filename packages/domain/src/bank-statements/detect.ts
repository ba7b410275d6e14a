/**
 * Telling a CAMT.053 file from a CODA file by its content (file names and MIME types of bank
 * downloads are unreliable): XML whose message is BkToCstmrStmt, or a first record that is a
 * CODA header ("0", "0000", then a DDMMYY creation date).
 */

import { parseCamt053 } from "./camt053.ts";
import { parseCoda } from "./coda.ts";
import { BankStatementFormatError } from "./errors.ts";
import type { BankStatement, BankStatementFormat } from "./types.ts";

const CAMT053_MESSAGE = /<(?:[\w.-]+:)?BkToCstmrStmt[\s>]/;
const CODA_HEADER = /^00000\d{6}/;

export function detectStatementFormat(content: string): BankStatementFormat | null {
  const text = content.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("<")) return CAMT053_MESSAGE.test(text) ? "CAMT053" : null;
  return CODA_HEADER.test(text) ? "CODA" : null;
}

/** The statements of a CAMT.053 or CODA file, whichever it is. */
export function parseBankStatementFile(content: string): BankStatement[] {
  const format = detectStatementFormat(content);
  if (format === "CAMT053") return parseCamt053(content);
  if (format === "CODA") return parseCoda(content);
  throw new BankStatementFormatError("The file is neither a CAMT.053 statement nor a CODA file");
}
