/**
 * Field values shared by the statement parsers: currencies, amounts, days, free text and IBANs.
 * Each reader names the place of the value (`where`) in the BankStatementFormatError it throws.
 */

import { minorUnitDigits } from "../money.ts";
import { normaliseName } from "../text.ts";
import { parseDay } from "../zoned-time.ts";
import { BankStatementFormatError } from "./errors.ts";

const CURRENCY = /^[A-Z]{3}$/;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** The ISO 4217 code `value` (three capital letters). */
export function currencyCode(value: string | null, where: string): string {
  if (value === null || !CURRENCY.test(value)) {
    throw new BankStatementFormatError(`${where}: currency "${value ?? ""}" is not an ISO code`);
  }
  return value;
}

/**
 * Amounts are read exactly, as integers of 10⁻⁵ (ISO 20022 amounts have at most 5 decimals,
 * CODA amounts 3), so that totals and balances compare exactly whatever the currency.
 */
const EXACT_DIGITS = 5;
const EXACT_FACTOR = 10n ** BigInt(EXACT_DIGITS);

/** An amount of a statement: minor units (cut towards zero), exact when they cannot hold it. */
export type Amount = {
  /** Integer minor units of the currency, cut towards zero. */
  amount: number;
  /** The signed decimal ("-12.345") when the amount has more decimals than the currency. */
  exactAmount: string | null;
  /** The exact value in 10⁻⁵ units. */
  units: bigint;
};

const minorFactor = (currency: string) => 10n ** BigInt(EXACT_DIGITS - minorUnitDigits(currency));

/** `units` (10⁻⁵) of `currency` as an Amount; throws when the minor units are out of range. */
export function amountOfUnits(units: bigint, currency: string, where: string): Amount {
  const factor = minorFactor(currency);
  const minor = units / factor;
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || -minor > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new BankStatementFormatError(`${where}: ${formatUnits(units, currency)} is out of range`);
  }
  return {
    amount: Number(minor),
    exactAmount: units % factor === 0n ? null : formatUnits(units, currency),
    units,
  };
}

/** The exact 10⁻⁵ units of an amount given as minor units and, when cut, its exact decimal. */
export function unitsOf(value: { amount: number; exactAmount: string | null }, currency: string) {
  if (value.exactAmount === null) return BigInt(value.amount) * minorFactor(currency);
  const negative = value.exactAmount.startsWith("-");
  const [whole = "0", fraction = ""] = value.exactAmount.replace("-", "").split(".");
  const units = BigInt(whole + fraction.padEnd(EXACT_DIGITS, "0"));
  return negative ? -units : units;
}

/** `units` as a signed decimal with at least the currency's decimals ("-12.345", "75.00"). */
export function formatUnits(units: bigint, currency: string): string {
  const digits = minorUnitDigits(currency);
  const magnitude = units < 0n ? -units : units;
  const whole = magnitude / EXACT_FACTOR;
  let fraction = String(magnitude % EXACT_FACTOR).padStart(EXACT_DIGITS, "0");
  while (fraction.length > digits && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${units < 0n ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`;
}

/**
 * A non-negative decimal amount ("1234.56", "000000000123450" with `scale` 3 for CODA), signed by
 * `sign`, read exactly: the digits are converted as text (never multiplied as a float, where
 * 0.29 × 100 is 28.999…). Decimals beyond the currency's are kept in `exactAmount` — a statement
 * amount is exact, so it is never rounded — and the caller keeps such a line for review.
 */
export function readAmount(
  decimal: string,
  currency: string,
  where: string,
  { scale = 0, sign = 1 }: { scale?: number; sign?: 1 | -1 } = {},
): Amount {
  const text = scale > 0 ? `${decimal.slice(0, -scale)}.${decimal.slice(-scale)}` : decimal;
  const match = DECIMAL.exec(text);
  if (!match || decimal.length <= scale) {
    throw new BankStatementFormatError(`${where}: "${decimal}" is not a decimal number`);
  }
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > EXACT_DIGITS) {
    throw new BankStatementFormatError(`${where}: ${text} has more than ${EXACT_DIGITS} decimals`);
  }
  const units = BigInt((match[1] ?? "") + fraction.padEnd(EXACT_DIGITS, "0"));
  return amountOfUnits(sign < 0 ? -units : units, currency, where);
}

/** A calendar day "YYYY-MM-DD", from an ISO date or the date part of an ISO date-time. */
export function isoDay(value: string, where: string): string {
  const day = value.slice(0, 10);
  try {
    parseDay(day);
  } catch {
    throw new BankStatementFormatError(`${where}: "${value}" is not a date`);
  }
  return day;
}

/** A CODA day "DDMMYY" (20YY) as "YYYY-MM-DD"; null for "000000", CODA's "no date". */
export function ddmmyyDay(value: string, where: string): string | null {
  if (value === "000000") return null;
  const day = `20${value.slice(4, 6)}-${value.slice(2, 4)}-${value.slice(0, 2)}`;
  try {
    if (!/^\d{6}$/.test(value)) throw new RangeError(value);
    parseDay(day);
  } catch {
    throw new BankStatementFormatError(`${where}: "${value}" is not a DDMMYY date`);
  }
  return day;
}

/** Text with whitespace collapsed; null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  const text = normaliseName(value ?? "");
  return text === "" ? null : text;
}

/** Remainder modulo 97 of a long digit string, folded 7 digits at a time to stay exact. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let start = 0; start < digits.length; start += 7) {
    remainder = Number(String(remainder) + digits.slice(start, start + 7)) % 97;
  }
  return remainder;
}

/** The digits of an IBAN's check: country and check digits moved to the end, letters as 10–35. */
function ibanDigits(rearranged: string): string {
  return rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
}

/** `value` (spaces allowed, any case) as a compact IBAN when its ISO 13616 check holds. */
export function validIban(value: string | null | undefined): string | null {
  const iban = (value ?? "").replace(/\s+/g, "").toUpperCase();
  if (!IBAN.test(iban)) return null;
  return mod97(ibanDigits(iban.slice(4) + iban.slice(0, 4))) === 1 ? iban : null;
}

/** The IBAN of a 12-digit Belgian account number (BBAN), as CODA gives old-style accounts. */
export function belgianIban(bban: string): string | null {
  if (!/^\d{12}$/.test(bban)) return null;
  const check = 98 - mod97(ibanDigits(`${bban}BE00`));
  return validIban(`BE${String(check).padStart(2, "0")}${bban}`);
}
