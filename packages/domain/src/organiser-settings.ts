/**
 * What the console accepts in an organiser's settings (platform-and-account.md §3.2, §9): the
 * identifiers of its business (IBAN, BIC, VAT number), its locale (currency, time zone), its
 * preferences (cart expiration delay, payment reference prefix, age formats). Each check answers
 * the field error code the API returns, or null when the value is accepted.
 *
 * Decisions:
 * - Cart expiration delay: 1 minute to 24 hours. Below a minute a customer cannot fill in the
 *   checkout; above a day places stay held by carts nobody finishes.
 * - Payment reference prefix: digits only, at most {@link PAYMENT_REFERENCE_PREFIX_MAX_DIGITS},
 *   which leaves the cart sequence room in the 10-digit base of the Belgian structured reference.
 * - VAT number: a Belgian one (BE + 10 digits starting with 0 or 1, the last two the check of the
 *   first eight: 97 − n mod 97) is checked fully; another country's only by its shape (two
 *   letters then 2 to 13 letters or digits), as each country has its own rule.
 * - Age formats: the first rule whose limit is not reached wins (ages.ts), so a rule whose limit
 *   (in days) does not go beyond the previous one's, or any rule after one without a limit, would
 *   never be used: both are refused. An empty list is accepted: the fallback rule applies.
 */

import type { AgeFormatRule } from "./ages.ts";
import { validIban } from "./bank-statements/values.ts";
import { PAYMENT_REFERENCE_PREFIX_MAX_DIGITS } from "./payment-reference.ts";
import { assertTimeZone } from "./zoned-time.ts";

export const CARTS_EXPIRATION_DELAY_BOUNDS = Object.freeze({ min: 60, max: 86_400 });

/** Most age format rules an organiser keeps (the defaults have five). */
export const AGE_FORMATS_MAX_RULES = 10;

export type SettingsFieldError =
  | "INVALID_IBAN"
  | "INVALID_BIC"
  | "INVALID_VAT_NUMBER"
  | "INVALID_ENTERPRISE_NUMBER"
  | "INVALID_CURRENCY"
  | "INVALID_TIMEZONE"
  | "INVALID_FORMAT"
  | "TOO_LONG"
  | "TOO_SMALL"
  | "TOO_BIG"
  | "AGE_LIMIT_NOT_INCREASING"
  | "AGE_RULE_UNREACHABLE";

/** Spaces, dots and dashes people type in account and company numbers. */
const compact = (value: string) => value.replace(/[\s.-]+/g, "").toUpperCase();

/** The IBAN as stored (compact, upper case) when its ISO 13616 check holds; null otherwise. */
export function normaliseIban(value: string): string | null {
  return validIban(value);
}

const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The BIC (ISO 9362: 8 or 11 characters, bank, country, location, branch) upper-cased; or null. */
export function normaliseBic(value: string): string | null {
  const bic = compact(value);
  return BIC.test(bic) ? bic : null;
}

const BELGIAN_VAT = /^BE[01]\d{9}$/;
const VAT = /^[A-Z]{2}[A-Z0-9+*]{2,13}$/;

/** The VAT number compact and upper-cased ("BE0477472701") when valid, else null. */
export function normaliseVatNumber(value: string): string | null {
  const vat = compact(value);
  if (vat.startsWith("BE")) {
    if (!BELGIAN_VAT.test(vat)) return null;
    const check = 97 - (Number(vat.slice(2, 10)) % 97);
    return check === Number(vat.slice(10)) ? vat : null;
  }
  return VAT.test(vat) ? vat : null;
}

let currencies: Set<string> | null = null;

/** Whether `code` is an ISO 4217 currency Intl knows ("EUR", "CHF"); case-sensitive. */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(code);
}

/** Whether `zone` is an IANA time zone Intl knows ("Europe/Brussels", "UTC"). */
export function isTimeZoneName(zone: string): boolean {
  try {
    assertTimeZone(zone);
    return true;
  } catch {
    return false;
  }
}

export function cartsExpirationDelayError(seconds: number): SettingsFieldError | null {
  if (seconds < CARTS_EXPIRATION_DELAY_BOUNDS.min) return "TOO_SMALL";
  if (seconds > CARTS_EXPIRATION_DELAY_BOUNDS.max) return "TOO_BIG";
  return null;
}

export function paymentReferencePrefixError(prefix: string): SettingsFieldError | null {
  if (!/^\d*$/.test(prefix)) return "INVALID_FORMAT";
  return prefix.length > PAYMENT_REFERENCE_PREFIX_MAX_DIGITS ? "TOO_LONG" : null;
}

/**
 * The errors of an age format list, keyed `{index}.limit` (relative to the list): a limit that
 * does not go beyond the previous rule's (compared in days) or a rule after one without a limit.
 */
export function ageFormatsErrors(
  rules: readonly AgeFormatRule[],
): Record<string, SettingsFieldError> {
  const errors: Record<string, SettingsFieldError> = {};
  let reachedDays = 0;
  let unlimited = false;
  for (const [index, rule] of rules.entries()) {
    if (unlimited) {
      errors[`${index}.limit`] = "AGE_RULE_UNREACHABLE";
      continue;
    }
    if (rule.limit === null) {
      unlimited = true;
      continue;
    }
    const limitDays = rule.limit * rule.number_of_days;
    if (limitDays <= reachedDays) errors[`${index}.limit`] = "AGE_LIMIT_NOT_INCREASING";
    reachedDays = Math.max(reachedDays, limitDays);
  }
  return errors;
}
