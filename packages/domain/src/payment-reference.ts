/**
 * Payment reference of a cart, built on a 10-digit base: the organiser's numeric prefix
 * (platform-and-account.md §3.2 settings.payments_references_prefix, empty by default, §9)
 * followed by the sequence number zero-padded to the remaining width. Two kinds
 * (docs/decisions/0032-payment-references.md):
 *
 * - the Belgian structured communication ("communication structurée", OGM/VCS)
 *   `+++ddd/dddd/ddddd+++`, for an organiser whose account is Belgian (IBAN BE) in euros: the
 *   base and 2 check digits, base mod 97 (97 when the remainder is 0);
 * - otherwise the ISO 11649 creditor reference `RFcc` + base, written without spaces (14
 *   characters: it fits a UK transfer's 18-character reference field), `cc` its mod-97 check
 *   digits.
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
 * The 10-digit base of `sequence` (a non-negative integer) under the organiser's `prefix` (digits
 * only, up to 9). Throws RangeError for a prefix that is not 0–9 digits, a sequence that is not a
 * non-negative safe integer, or one too long for the 10 − prefix digits.
 */
function referenceBase(sequence: number, prefix: string): string {
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
  return prefix + digits.padStart(width, "0");
}

/**
 * The structured communication for `sequence` under the organiser's `prefix` (see
 * {@link referenceBase} for what throws). `structuredCommunication(1, "123")` is
 * "+++123/0000/00137+++".
 */
export function structuredCommunication(sequence: number, prefix = ""): string {
  const base = referenceBase(sequence, prefix);
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

// ISO 11649 creditor reference: "RF", 2 check digits, 1 to 21 letters or digits.
const CREDITOR_REFERENCE = /^RF(\d{2})([0-9A-Z]{1,21})$/;

/** ISO 7064 mod 97-10 of letters and digits, letters counted A = 10 … Z = 35. */
function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    for (const digit of String(Number.parseInt(character, 36))) {
      remainder = (remainder * 10 + Number(digit)) % 97;
    }
  }
  return remainder;
}

/** The 2 check digits of an ISO 11649 reference body: 98 − (body + "RF00") mod 97. */
export function creditorReferenceCheckDigits(body: string): string {
  if (!/^[0-9A-Z]{1,21}$/.test(body)) {
    throw new RangeError(`Creditor reference body must be 1 to 21 letters or digits: ${body}`);
  }
  return String(98 - mod97(`${body}RF00`)).padStart(2, "0");
}

/**
 * The ISO 11649 creditor reference for `sequence` under the organiser's `prefix`, in its
 * electronic form (no spaces), on the same 10-digit base as {@link structuredCommunication}.
 * `creditorReference(1, "123")` is "RF721230000001".
 */
export function creditorReference(sequence: number, prefix = ""): string {
  const base = referenceBase(sequence, prefix);
  return `RF${creditorReferenceCheckDigits(base)}${base}`;
}

/**
 * The electronic form (capitals, no spaces) of a valid ISO 11649 creditor reference written in
 * any case with any spaces ("rf18 5390 0754 7034" → "RF18539007547034"), or null: the check
 * holds when (body + "RF" + check digits) mod 97 is 1.
 */
export function normaliseCreditorReference(value: string): string | null {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  const match = CREDITOR_REFERENCE.exec(compact);
  if (!match) return null;
  const [, check, body] = match;
  return mod97(`${body}RF${check}`) === 1 ? compact : null;
}

export type PaymentReferenceKind = "STRUCTURED_COMMUNICATION" | "CREDITOR_REFERENCE";

/**
 * Which reference an organiser's bank transfers carry: the Belgian structured communication when
 * its account is Belgian (IBAN starting with BE) and its currency the euro — the only case where
 * the payer's bank has a field for it and the organiser's bank reads it —, else an ISO 11649
 * creditor reference.
 */
export function paymentReferenceKind(organiser: {
  iban: string | null;
  currency: string;
}): PaymentReferenceKind {
  const belgian = /^BE/i.test((organiser.iban ?? "").trim());
  return belgian && organiser.currency === "EUR"
    ? "STRUCTURED_COMMUNICATION"
    : "CREDITOR_REFERENCE";
}

/** The reference of `kind` for `sequence` under `prefix`. */
export function paymentReference(
  kind: PaymentReferenceKind,
  sequence: number,
  prefix = "",
): string {
  return kind === "STRUCTURED_COMMUNICATION"
    ? structuredCommunication(sequence, prefix)
    : creditorReference(sequence, prefix);
}

/**
 * The kind of a stored reference, for the instructions that go with it: a cart keeps the
 * reference it was given even when the organiser's account changes later.
 */
export function paymentReferenceKindOf(reference: string): PaymentReferenceKind {
  return normaliseCreditorReference(reference) === null
    ? "STRUCTURED_COMMUNICATION"
    : "CREDITOR_REFERENCE";
}

/**
 * The form a cart stores of a payment reference written any accepted way: `+++ddd/dddd/ddddd+++`
 * for a structured communication, the electronic form for a creditor reference; null for
 * neither.
 */
export function normalisePaymentReference(value: string): string | null {
  return normaliseStructuredCommunication(value) ?? normaliseCreditorReference(value);
}
