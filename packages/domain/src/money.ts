/**
 * Money in integer minor units (cents for EUR, yen for JPY, fils for KWD).
 *
 * - platform-and-account.md §5: "Amount input converts to minor units of the currency by its
 *   number of decimals" → {@link toMinorUnits}, rounding half away from zero, computed on the
 *   decimal digits (never by floating multiplication, so 1.005 EUR is 101 cents, not 100).
 * - §9 / storefront.md §9: numbers use 0 to 2 fraction digits → {@link formatMoney} shows a whole
 *   amount without decimals and any other amount with all the currency's decimals (2 for EUR).
 *   For a 3-decimal currency such as KWD the 3 decimals are kept, never cut to 2, so that a
 *   displayed amount is always the exact amount.
 */

/**
 * Minor-unit digits by currency code. Building an Intl.NumberFormat is costly; the answer is a
 * fixed property of the code and holds no per-request data, so it is computed once per code
 * (a malformed code throws and is not cached).
 */
const minorDigitsByCurrency = new Map<string, number>();

/** Number of minor-unit digits of an ISO 4217 currency (EUR 2, JPY 0, KWD 3), via Intl. */
export function minorUnitDigits(currency: string): number {
  let digits = minorDigitsByCurrency.get(currency);
  if (digits === undefined) {
    // Throws RangeError for a malformed code; a well-formed unknown code gets Intl's default (2).
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits as number;
    minorDigitsByCurrency.set(currency, digits);
  }
  return digits;
}

const DECIMAL = /^([+-])?(\d*)(?:[.,](\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Converts an amount in major units to integer minor units of `currency`, rounding half away
 * from zero. Accepts a finite number or a decimal string; the string may use "." or "," as the
 * decimal separator (no thousands separator: "1,234" is 1.234), surrounding spaces and an
 * exponent. Throws RangeError on anything else, or when the result is not a safe integer.
 */
export function toMinorUnits(amount: number | string, currency: string): number {
  const digits = minorUnitDigits(currency);
  if (typeof amount === "number" && !Number.isFinite(amount)) {
    throw new RangeError(`Invalid amount: ${amount}`);
  }
  const text = typeof amount === "number" ? String(amount) : String(amount).trim();
  const match = DECIMAL.exec(text);
  const integerPart = match?.[2] ?? "";
  const fractionPart = match?.[3] ?? "";
  if (!match || integerPart.length + fractionPart.length === 0) {
    throw new RangeError(`Invalid amount: ${String(amount)}`);
  }
  const negative = match[1] === "-";
  const exponent = Number(match[4] ?? 0);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) {
    throw new RangeError(`Invalid amount: ${String(amount)}`);
  }
  const allDigits = integerPart + fractionPart;
  // Position of the decimal point in allDigits once scaled to minor units.
  const point = integerPart.length + exponent + digits;
  let kept: string;
  let firstDropped: string;
  if (point <= 0) {
    kept = "0";
    firstDropped = point === 0 ? (allDigits[0] ?? "0") : "0";
  } else if (point >= allDigits.length) {
    kept = allDigits.padEnd(point, "0");
    firstDropped = "0";
  } else {
    kept = allDigits.slice(0, point);
    firstDropped = allDigits[point] ?? "0";
  }
  // The first dropped digit decides: 5 or more is at least half, rounded away from zero.
  let magnitude = BigInt(kept) + (firstDropped >= "5" ? 1n : 0n);
  if (negative) magnitude = -magnitude;
  const result = Number(magnitude);
  if (!Number.isSafeInteger(result) || BigInt(result) !== magnitude) {
    throw new RangeError(`Amount out of range: ${String(amount)}`);
  }
  return result === 0 ? 0 : result;
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Minor units must be a safe integer: ${minor}`);
  }
}

/**
 * Exact decimal string of an amount in minor units, with all the currency's decimals and "." as
 * separator ("1250" EUR → "12.50", 1234 JPY → "1234", 1234 KWD → "1.234"). The inverse of
 * {@link toMinorUnits}, e.g. to pre-fill an amount input.
 */
export function fromMinorUnits(minor: number, currency: string): string {
  assertMinor(minor);
  const digits = minorUnitDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const text = Math.abs(minor)
    .toString()
    .padStart(digits + 1, "0");
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Currency formatters by locale, currency and digits: immutable, no per-request data, shared. */
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(locale: string, currency: string, fractionDigits: number) {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats minor units for display: "12 €" / "12,50 €" in fr-BE, "€12" / "€12.50" in en-GB.
 * A whole amount shows no decimals; any other shows all the currency's decimals.
 * Note that Intl separates groups and the symbol with no-break spaces in French locales.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  assertMinor(minor);
  const digits = minorUnitDigits(currency);
  const whole = minor % 10 ** digits === 0;
  const decimal = fromMinorUnits(minor, currency) as `${number}`;
  return currencyFormatter(locale, currency, whole ? 0 : digits).format(decimal);
}
