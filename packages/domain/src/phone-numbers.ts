import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";

/**
 * Phone numbers as SMS providers take them: E.164 (`+32470123456`). A number typed without its
 * country code ("0470 12 34 56") is read in the organiser's country (BE or FR today); one with
 * `+` or `00` in front keeps its own. The full metadata ("max") checks the number against its
 * country's plan, so that a mistyped one is refused before anything is sent, and tells mobile
 * numbers from fixed lines, which cannot receive an SMS.
 */

/** Where numbers without a country code are read when the organiser has no country. */
export const DEFAULT_PHONE_REGION = "BE";

export type PhoneNumberError = "INVALID_PHONE_NUMBER" | "NOT_A_MOBILE_NUMBER";

function regionOf(country: string | null | undefined): CountryCode {
  const code = country?.toUpperCase();
  return code && isSupportedCountry(code) ? code : DEFAULT_PHONE_REGION;
}

/** A valid number (`00` read as `+`), or undefined. */
function parseValid(input: string, country: string | null | undefined) {
  const parsed = parsePhoneNumberFromString(input.replace(/^\s*00/, "+"), regionOf(country));
  return parsed?.isValid() ? parsed : undefined;
}

/** The number in E.164, or null when it is not a valid number (read in `country` when local). */
export function toE164(input: string, country?: string | null): string | null {
  return parseValid(input, country)?.number ?? null;
}

/**
 * The E.164 number an SMS goes to, or why it cannot: not a valid number, or one its country
 * plan reserves for fixed lines, toll-free or premium services. Numbers whose type the plan
 * cannot tell (FIXED_LINE_OR_MOBILE, in the US for example) are accepted.
 */
export function smsRecipient(
  input: string,
  country?: string | null,
): { ok: true; e164: string } | { ok: false; error: PhoneNumberError } {
  const parsed = parseValid(input, country);
  if (!parsed) return { ok: false, error: "INVALID_PHONE_NUMBER" };
  const type = parsed.getType();
  if (type !== undefined && type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") {
    return { ok: false, error: "NOT_A_MOBILE_NUMBER" };
  }
  return { ok: true, e164: parsed.number };
}
