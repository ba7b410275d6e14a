/**
 * What an SMS costs before it is sent (issue 14, platform-and-account.md §9 "SMS unit amount 15"):
 * its encoding, its length as the network counts it, the parts (segments) it is split into, and
 * the amount the platform bills for it.
 *
 * - GSM-7 (3GPP TS 23.038) when every character is in the default alphabet or its extension
 *   table; an extension character (€, [, ], {, }, \, ^, ~, |, form feed) is sent as ESC + the
 *   character, so it counts for two. Otherwise UCS-2 (UTF-16 code units: an emoji outside the
 *   Basic Multilingual Plane counts for two).
 * - One SMS holds 160 GSM-7 or 70 UCS-2 units; a longer one is split into parts of 153 or 67 (the
 *   rest is the concatenation header). A part never ends between the two units of an escaped
 *   character or of a surrogate pair, so a part may hold one unit less.
 * - Each part is billed: cost = segments × the organiser's SMS unit amount (minor units).
 */

/** §9 billing defaults: minor units per SMS part. */
export const DEFAULT_SMS_UNIT_AMOUNT = 15;

export type SmsEncoding = "GSM-7" | "UCS-2";

export const SMS_SEGMENT_LIMITS = Object.freeze({
  "GSM-7": { single: 160, part: 153 },
  "UCS-2": { single: 70, part: 67 },
} satisfies Record<SmsEncoding, { single: number; part: number }>);

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENSION = "\f^{}\\[~]|€";

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export interface SmsLength {
  encoding: SmsEncoding;
  /** characters as a person counts them (an emoji is one) */
  characters: number;
  /** units as the network counts them (GSM-7 septets or UCS-2 code units) */
  units: number;
  segments: number;
  /** units still free in the last part before another one is needed */
  remaining: number;
}

/** The width of each character in the network's units, in order. */
function unitWidths(body: string, encoding: SmsEncoding): number[] {
  return Array.from(body, (character) =>
    encoding === "GSM-7" ? (extension.has(character) ? 2 : 1) : character.length,
  );
}

export function smsEncoding(body: string): SmsEncoding {
  for (const character of body) {
    if (!basic.has(character) && !extension.has(character)) return "UCS-2";
  }
  return "GSM-7";
}

/** The parts a message of these widths takes, filled in order without splitting a character. */
function countParts(widths: readonly number[], partSize: number): { parts: number; last: number } {
  let parts = 1;
  let used = 0;
  for (const width of widths) {
    if (used + width > partSize) {
      parts += 1;
      used = 0;
    }
    used += width;
  }
  return { parts, last: used };
}

/** Encoding, length and segments of an SMS body (an empty body is one empty SMS). */
export function smsLength(body: string): SmsLength {
  const encoding = smsEncoding(body);
  const widths = unitWidths(body, encoding);
  const units = widths.reduce((sum, width) => sum + width, 0);
  const limits = SMS_SEGMENT_LIMITS[encoding];
  if (units <= limits.single) {
    return {
      encoding,
      characters: widths.length,
      units,
      segments: 1,
      remaining: limits.single - units,
    };
  }
  const { parts, last } = countParts(widths, limits.part);
  return {
    encoding,
    characters: widths.length,
    units,
    segments: parts,
    remaining: limits.part - last,
  };
}

/** Minor units the platform bills for an SMS of `segments` parts. */
export function smsCost(segments: number, unitAmount: number = DEFAULT_SMS_UNIT_AMOUNT): number {
  return segments * unitAmount;
}

/** The SMS unit amount of an organiser's billing items; the §9 default when it has none. */
export function smsUnitAmount(
  items: readonly { item: string; unit_amount: number }[] | undefined,
): number {
  return items?.find((entry) => entry.item === "sms")?.unit_amount ?? DEFAULT_SMS_UNIT_AMOUNT;
}

/** Most characters of an alphanumeric sender id (what phones show instead of a number). */
export const SMS_SENDER_NAME_MAX_LENGTH = 11;

export type SmsSenderNameError = "TOO_LONG" | "INVALID_FORMAT";

/**
 * An alphanumeric sender id: 1 to 11 ASCII letters, digits or spaces, at least one letter (a
 * sender of digits only would pass for a phone number that cannot be answered), no space at
 * either end.
 */
export function smsSenderNameError(name: string): SmsSenderNameError | null {
  if (name.length > SMS_SENDER_NAME_MAX_LENGTH) return "TOO_LONG";
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9 ]*[A-Za-z0-9])?$/.test(name)) return "INVALID_FORMAT";
  return /[A-Za-z]/.test(name) ? null : "INVALID_FORMAT";
}
