/**
 * Finding a cart's payment reference (payment-reference.ts) in a statement line, as its key: the
 * 12 digits of a Belgian structured communication, or the electronic form of an ISO 11649
 * creditor reference ("RF18539007547034").
 *
 * - Structured fields (CAMT RmtInf/Strd/CdtrRefInf/Ref, CODA communication type 101/102) come
 *   first: a valid creditor reference or structured communication there is the line's.
 * - Otherwise the free text is searched: `+++ddd/dddd/ddddd+++`, `***ddd/dddd/ddddd***`, or 12
 *   digits that payers type with spaces or slashes anywhere ("090 9337 55493", "090/9337/55493");
 *   and "RF" + check digits + body, in capitals or not, spaced in groups or not. The 12 digits
 *   must stand alone: digits glued to a longer number (an IBAN) or to "RF" are not one.
 * - Only references whose modulo-97 check holds count. Text holding two different valid
 *   references is ambiguous and gives none, so the line goes to manual matching.
 */

import {
  isValidStructuredCommunication,
  normaliseCreditorReference,
  normaliseStructuredCommunication,
} from "../payment-reference.ts";

const SEPARATOR = String.raw`(?:\s*\/\s*|\s+)?`;
const TWELVE_DIGITS = new RegExp(
  String.raw`(?<!\d${SEPARATOR}|RF)\d(?:${SEPARATOR}\d){11}(?!${SEPARATOR}\d)`,
  "gi",
);
/** "RF" and 2 digits not glued to a word before them. */
const CREDITOR_REFERENCE_START = /(?<![0-9A-Z])RF\d{2}/gi;
/** The next group of a creditor reference's body: letters or digits after at most one space. */
const BODY_GROUP = /^ ?([0-9A-Z]+)/i;

/**
 * The valid creditor references of `text`. After each "RFcc" the body is its first group of
 * letters and digits, followed by more groups only in the print form (groups of 4 separated by
 * one space, the last one shorter or not), up to 21 characters. Every length that passes the
 * check counts, so that a word after a reference that happens to pass too makes it ambiguous
 * rather than a wrong match. Digit groups that carry a valid reading on to a longer valid one
 * belong to it: "RF04 0000 0000 00" is one reference, although "RF04 0000" passes the check too
 * (about one spaced reference in 97 has such a shorter reading).
 */
function creditorReferencesIn(text: string): string[] {
  const found: string[] = [];
  for (const start of text.matchAll(CREDITOR_REFERENCE_START)) {
    let rest = text.slice(start.index + start[0].length);
    let body = "";
    let sinceLastValid = "";
    for (let group = BODY_GROUP.exec(rest); group; group = BODY_GROUP.exec(rest)) {
      const [written, characters = ""] = group;
      body += characters;
      sinceLastValid += characters;
      if (body.length > 21) break;
      const valid = normaliseCreditorReference(start[0] + body);
      if (valid) {
        const extendsPrevious = found.length > 0 && body.length > sinceLastValid.length;
        if (extendsPrevious && /^\d+$/.test(sinceLastValid)) found.pop();
        found.push(valid);
        sinceLastValid = "";
      }
      if (characters.length !== 4) break;
      rest = rest.slice(written.length);
    }
  }
  return found;
}

/** The key of the only valid payment reference in `text`, else null. */
export function extractStructuredReference(text: string | null): string | null {
  if (!text) return null;
  const found = new Set<string>(creditorReferencesIn(text));
  for (const match of text.matchAll(TWELVE_DIGITS)) {
    const digits = match[0].replace(/\D/g, "");
    if (isValidStructuredCommunication(digits)) found.add(digits);
  }
  const [only] = found;
  return found.size === 1 && only !== undefined ? only : null;
}

/**
 * The key of a valid payment reference written in a form payment-reference.ts accepts: a
 * structured communication's 12 digits, a creditor reference's electronic form.
 */
export function paymentReferenceKey(value: string): string | null {
  return (
    normaliseStructuredCommunication(value)?.replace(/\D/g, "") ?? normaliseCreditorReference(value)
  );
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
    const key = extractStructuredReference(field);
    if (key !== null) return key;
  }
  return extractStructuredReference(freeText);
}
