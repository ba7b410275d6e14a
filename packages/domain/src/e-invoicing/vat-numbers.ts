import type { PeppolEndpoint } from "./document.ts";

/**
 * VAT and enterprise numbers, and the Peppol participant identifiers derived from them.
 *
 * Belgium: the enterprise number (numéro d'entreprise / ondernemingsnummer) has 10 digits, the
 * first 0 or 1 (old 9-digit numbers take a leading 0); its last two digits are
 * 97 − (first 8 digits mod 97). The VAT number is "BE" + that number. Other EU VAT numbers are
 * checked by their format only (each country has its own check algorithm; VIES is authoritative).
 */

/** VAT number formats of the EU member states, after the VAT prefix (EL for Greece). */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-W][A-I]?$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/**
 * Peppol EAS schemes for VAT numbers by VAT prefix (Peppol code list "Electronic Address
 * Scheme"); the identifier is the VAT number with its prefix. Countries without such a scheme
 * (Denmark, Sweden) are absent: their participants use a national registry scheme.
 */
const PEPPOL_VAT_SCHEMES: Record<string, string> = {
  AT: "9914",
  BE: "9925",
  BG: "9926",
  CY: "9928",
  CZ: "9929",
  DE: "9930",
  EE: "9931",
  EL: "9933",
  ES: "9920",
  FR: "9957",
  HR: "9934",
  HU: "9910",
  IE: "9935",
  IT: "0211",
  LT: "9937",
  LU: "9938",
  LV: "9939",
  MT: "9943",
  NL: "9944",
  PL: "9945",
  PT: "9946",
  RO: "9947",
  SI: "9949",
  SK: "9950",
};

/** Peppol scheme (ICD 0208) of the Belgian enterprise number. */
export const BELGIAN_ENTERPRISE_SCHEME = "0208";

/** Upper case, without spaces, dots, hyphens and slashes people type in these numbers. */
function compact(input: string): string {
  return input.replace(/[\s.\-/]/g, "").toUpperCase();
}

/** Whether a 10-digit Belgian enterprise number has valid check digits. */
function hasBelgianCheckDigits(digits: string): boolean {
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}

/**
 * The 10-digit Belgian enterprise number in `input` ("0123.456.749", "BE 0123 456 749",
 * "123456749"), or null when it is not one or its check digits are wrong.
 */
export function belgianEnterpriseNumber(input: string): string | null {
  let digits = compact(input);
  if (digits.startsWith("BE")) digits = digits.slice(2);
  if (/^\d{9}$/.test(digits)) digits = `0${digits}`;
  if (!/^[01]\d{9}$/.test(digits) || !hasBelgianCheckDigits(digits)) return null;
  return digits;
}

/** "0123.456.749", the way the Crossroads Bank for Enterprises writes the number. */
export function formatBelgianEnterpriseNumber(digits: string): string {
  return `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`;
}

/** An EU VAT number split into its prefix (EL for Greece) and the national part. */
export interface EuVatNumber {
  /** VAT prefix: the ISO country code, except EL for Greece. */
  prefix: string;
  /** National part, without prefix. */
  national: string;
  /** Prefix and national part, compact: "BE0123456749". */
  value: string;
}

/**
 * Normalises an EU VAT number ("be 0123.456.749" → BE0123456749). Belgian numbers must have
 * valid check digits (a 9-digit old number gets its leading 0); other member states' numbers are
 * accepted by format. Returns null for anything else, including non-EU numbers.
 */
export function parseEuVatNumber(input: string): EuVatNumber | null {
  const text = compact(input);
  const prefix = text.slice(0, 2);
  const format = EU_VAT_FORMATS[prefix];
  if (!format) return null;
  const national = prefix === "BE" ? belgianEnterpriseNumber(text) : text.slice(2);
  if (national === null || !format.test(national)) return null;
  return { prefix, national, value: `${prefix}${national}` };
}

/**
 * The Peppol participant to address a business by, from its VAT or enterprise number: scheme
 * 0208 with the enterprise number for a Belgian business (Belgium's recommended identifier),
 * the country's VAT scheme with the VAT number elsewhere in the EU where one exists; null when
 * none can be derived (invalid number, no VAT scheme for the country).
 */
export function peppolParticipantId(vatOrEnterpriseNumber: string): PeppolEndpoint | null {
  const enterprise = belgianEnterpriseNumber(vatOrEnterpriseNumber);
  if (enterprise) return { scheme: BELGIAN_ENTERPRISE_SCHEME, id: enterprise };
  return peppolVatParticipantId(vatOrEnterpriseNumber);
}

/**
 * The participant under the country's VAT scheme (9925:BE0123456749 for Belgium, which some
 * Belgian participants were registered with before 0208), or null.
 */
export function peppolVatParticipantId(vatNumber: string): PeppolEndpoint | null {
  const vat = parseEuVatNumber(vatNumber);
  const scheme = vat && PEPPOL_VAT_SCHEMES[vat.prefix];
  return vat && scheme ? { scheme, id: vat.value } : null;
}

/** "0208:0123456749": the participant identifier value access points and SMP look-ups take. */
export function formatPeppolParticipantId(endpoint: PeppolEndpoint): string {
  return `${endpoint.scheme}:${endpoint.id}`;
}

/**
 * Parses a participant identifier typed by a person ("0208:0123456749", with or without the
 * "iso6523-actorid-upis::" prefix): a 4-digit scheme and an identifier; a 0208 identifier must
 * be a valid Belgian enterprise number. Returns null otherwise.
 */
export function parsePeppolParticipantId(input: string): PeppolEndpoint | null {
  const match = /^(?:iso6523-actorid-upis::)?(\d{4}):(\S{1,50})$/i.exec(input.trim());
  if (!match) return null;
  const [, scheme = "", id = ""] = match;
  if (scheme !== BELGIAN_ENTERPRISE_SCHEME) return { scheme, id };
  const enterprise = belgianEnterpriseNumber(id);
  return enterprise ? { scheme, id: enterprise } : null;
}
