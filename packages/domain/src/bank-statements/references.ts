/**
 * Finding a cart's payment reference (the Belgian structured communication of
 * payment-reference.ts) in a statement line, as 12 digits.
 *
 * - Structured fields (CAMT RmtInf/Strd/CdtrRefInf/Ref, CODA communication type 101/102) come
 *   first. An ISO 11649 "RF…" creditor reference is not a Belgian one and is never read as one.
 * - Otherwise the free text is searched: `+++ddd/dddd/ddddd+++`, `***ddd/dddd/ddddd***`, or 12
 *   digits that payers type with spaces or slashes anywhere ("090 9337 55493", "090/9337/55493").
 *   The 12 digits must stand alone: digits glued to a longer number (an IBAN, an RF reference)
 *   are not a reference.
 * - Only references whose modulo-97 check holds count. Text holding two different valid
 *   references is ambiguous and gives none, so the line goes to manual matching.
 */

import {
  isValidStructuredCommunication,
  normaliseStructuredCommunication,
} from "../payment-reference.ts";

const SEPARATOR = String.raw`(?:\s*\/\s*|\s+)?`;
const TWELVE_DIGITS = new RegExp(
  String.raw`(?<!\d${SEPARATOR})\d(?:${SEPARATOR}\d){11}(?!${SEPARATOR}\d)`,
  "g",
);
const ISO_11649 = /^RF\d{2}/i;

/** The 12 digits of the only valid structured communication in `text`, else null. */
export function extractStructuredReference(text: string | null): string | null {
  if (!text) return null;
  const found = new Set<string>();
  for (const match of text.matchAll(TWELVE_DIGITS)) {
    const digits = match[0].replace(/\D/g, "");
    if (isValidStructuredCommunication(digits)) found.add(digits);
  }
  const [only] = found;
  return found.size === 1 && only !== undefined ? only : null;
}

/** The 12 digits of a valid structured communication written in a form payment-reference.ts accepts. */
export function structuredReferenceDigits(value: string): string | null {
  return normaliseStructuredCommunication(value)?.replace(/\D/g, "") ?? null;
}

/**
 * The structured reference of a statement line: from the first structured field that holds a
 * valid one, else from the free text.
 */
export function findStructuredReference(
  structuredFields: readonly string[],
  freeText: string | null,
): string | null {
  for (const field of structuredFields) {
    if (ISO_11649.test(field.trim())) continue;
    const digits = extractStructuredReference(field);
    if (digits !== null) return digits;
  }
  return extractStructuredReference(freeText);
}
