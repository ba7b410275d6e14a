/**
 * Payment reference of a cart: the Belgian structured communication ("communication structurée",
 * OGM/VCS) `+++ddd/dddd/ddddd+++`, with the organiser's prefix (platform-and-account.md §3.2
 * settings.payments_references_prefix, empty by default, §9).
 *
 * 12 digits: a 10-digit base and 2 check digits, base mod 97 (97 when the remainder is 0). The
 * base is the organiser's numeric prefix (0 to 9 digits) followed by the sequence number
 * zero-padded to the remaining width.
 */

const PREFIX = /^\d{0,9}$/;
const FORMS = [
  /^\+\+\+(\d{3})\/(\d{4})\/(\d{5})\+\+\+$/,
  /^\*\*\*(\d{3})\/(\d{4})\/(\d{5})\*\*\*$/,
  /^(\d{3})(\d{4})(\d{5})$/,
];

/** The 2 check digits of a 10-digit base: base mod 97, "97" when it is 0. */
export function structuredCommunicationCheckDigits(base: string): string {
  if (!/^\d{10}$/.test(base)) throw new RangeError(`Base must be 10 digits: ${base}`);
  const remainder = Number(base) % 97; // at most 9 999 999 999, exact as a double
  return String(remainder === 0 ? 97 : remainder).padStart(2, "0");
}

/** `+++ddd/dddd/ddddd+++` for 12 digits. */
function format(digits: string): string {
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

/**
 * The structured communication for `sequence` (a non-negative integer) under the organiser's
 * `prefix` (digits only, up to 9). Throws RangeError for a prefix that is not 0–9 digits, a
 * sequence that is not a non-negative safe integer, or one too long for the 10 − prefix digits.
 * `structuredCommunication(1, "123")` is "+++123/0000/00137+++".
 */
export function structuredCommunication(sequence: number, prefix = ""): string {
  if (!PREFIX.test(prefix)) {
    throw new RangeError(`Payment reference prefix must be 0 to 9 digits: ${prefix}`);
  }
  if (!Number.isSafeInteger(sequence) || sequence < 0) {
    throw new RangeError(`Sequence must be a non-negative integer: ${sequence}`);
  }
  const width = 10 - prefix.length;
  const digits = String(sequence);
  if (digits.length > width) {
    throw new RangeError(`Sequence ${sequence} does not fit in ${width} digits after "${prefix}"`);
  }
  const base = prefix + digits.padStart(width, "0");
  return format(base + structuredCommunicationCheckDigits(base));
}

/** The 12 digits of a structured communication in any accepted form, or null. */
function digitsOf(value: string): string | null {
  const text = value.trim();
  for (const form of FORMS) {
    const match = form.exec(text);
    if (match) return match.slice(1).join("");
  }
  return null;
}

/**
 * Whether `value` is a valid structured communication: `+++ddd/dddd/ddddd+++`,
 * `***ddd/dddd/ddddd***` or 12 plain digits (surrounding spaces ignored) whose last 2 digits are
 * the check digits of the first 10.
 */
export function isValidStructuredCommunication(value: string): boolean {
  const digits = digitsOf(value);
  if (digits === null) return false;
  return structuredCommunicationCheckDigits(digits.slice(0, 10)) === digits.slice(10);
}

/** The canonical `+++ddd/dddd/ddddd+++` form of a valid structured communication, or null. */
export function normaliseStructuredCommunication(value: string): string | null {
  const digits = digitsOf(value);
  if (digits === null || !isValidStructuredCommunication(digits)) return null;
  return format(digits);
}

/** Longest organiser prefix accepted at checkout: it leaves at least 3 digits to the sequence. */
export const PAYMENT_REFERENCE_PREFIX_MAX_DIGITS = 7;

/**
 * The organiser's stored `settings.payments_references_prefix` when usable: digits only, at most
 * {@link PAYMENT_REFERENCE_PREFIX_MAX_DIGITS}; missing or null means no prefix (""). Anything
 * else (letters, spaces, too long, not a string) → null, and the caller falls back to no prefix
 * rather than failing a checkout on a bad setting.
 */
export function usablePaymentReferencePrefix(value: unknown): string | null {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") return null;
  return /^\d*$/.test(value) && value.length <= PAYMENT_REFERENCE_PREFIX_MAX_DIGITS ? value : null;
}
