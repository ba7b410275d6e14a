import { describe, expect, it } from "vitest";
import {
  AGE_FORMATS_MAX_RULES,
  type AgeFormatRule,
  ageFormatsErrors,
  CARTS_EXPIRATION_DELAY_BOUNDS,
  cartsExpirationDelayError,
  DAYS_PER_UNIT,
  DEFAULT_AGE_FORMATS,
  isCurrencyCode,
  isTimeZoneName,
  normaliseBic,
  normaliseIban,
  normaliseVatNumber,
  PAYMENT_REFERENCE_PREFIX_MAX_DIGITS,
  paymentReferencePrefixError,
  structuredCommunication,
} from "../src/index.ts";

describe("normaliseIban", () => {
  it("accepts an IBAN whose mod-97 check holds, compacted and upper-cased", () => {
    expect(normaliseIban("BE68 5390 0754 7034")).toBe("BE68539007547034");
    expect(normaliseIban("be68539007547034")).toBe("BE68539007547034");
    expect(normaliseIban("FR14 2004 1010 0505 0001 3M02 606")).toBe("FR1420041010050500013M02606");
  });

  it("refuses a wrong check digit, a typo and what is not an IBAN", () => {
    expect(normaliseIban("BE69 5390 0754 7034")).toBeNull();
    expect(normaliseIban("BE68 5390 0754 7035")).toBeNull();
    expect(normaliseIban("539007547034")).toBeNull();
    expect(normaliseIban("")).toBeNull();
  });
});

describe("normaliseBic", () => {
  it("accepts 8 and 11 characters, spaces and case ignored", () => {
    expect(normaliseBic("GEBABEBB")).toBe("GEBABEBB");
    expect(normaliseBic("gkcc be bb")).toBe("GKCCBEBB");
    expect(normaliseBic("DEUTDEFF500")).toBe("DEUTDEFF500");
  });

  it("refuses other lengths and digits in the bank or country code", () => {
    for (const bad of ["GEBABEB", "GEBABEBB5", "GEBABEBB50", "G3BABEBB", "GEBA1EBB", ""]) {
      expect(normaliseBic(bad), bad).toBeNull();
    }
  });
});

describe("normaliseVatNumber", () => {
  it("checks a Belgian number's mod-97 digits, with or without separators", () => {
    expect(normaliseVatNumber("BE0477472701")).toBe("BE0477472701");
    expect(normaliseVatNumber("be 0477.472.701")).toBe("BE0477472701");
    expect(normaliseVatNumber("BE0477472702")).toBeNull();
    // Enterprise numbers starting with 1 exist since 2023; other first digits do not.
    const base = 10_000_000;
    const check = String(97 - (base % 97)).padStart(2, "0");
    expect(normaliseVatNumber(`BE1${String(base).slice(1)}${check}`)).toBe(`BE10000000${check}`);
    expect(normaliseVatNumber("BE2477472701")).toBeNull();
    expect(normaliseVatNumber("BE477472701")).toBeNull();
  });

  it("takes another country's number by its shape only", () => {
    expect(normaliseVatNumber("FR40303265045")).toBe("FR40303265045");
    expect(normaliseVatNumber("NL 8528.43.617.B01")).toBe("NL852843617B01");
    expect(normaliseVatNumber("0477472701")).toBeNull();
    expect(normaliseVatNumber("FR4")).toBeNull();
    expect(normaliseVatNumber("FR12345678901234567")).toBeNull();
  });
});

describe("isCurrencyCode and isTimeZoneName", () => {
  it("knows ISO 4217 codes, upper case only", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("CHF")).toBe(true);
    expect(isCurrencyCode("eur")).toBe(false);
    expect(isCurrencyCode("EUX")).toBe(false);
  });

  it("knows IANA zones", () => {
    expect(isTimeZoneName("Europe/Brussels")).toBe(true);
    expect(isTimeZoneName("America/Santiago")).toBe(true);
    expect(isTimeZoneName("Mars/Olympus")).toBe(false);
    expect(isTimeZoneName("")).toBe(false);
  });
});

describe("cartsExpirationDelayError", () => {
  it("admits 1 minute to 24 hours", () => {
    expect(CARTS_EXPIRATION_DELAY_BOUNDS).toEqual({ min: 60, max: 86_400 });
    expect(cartsExpirationDelayError(59)).toBe("TOO_SMALL");
    expect(cartsExpirationDelayError(60)).toBeNull();
    expect(cartsExpirationDelayError(900)).toBeNull();
    expect(cartsExpirationDelayError(86_400)).toBeNull();
    expect(cartsExpirationDelayError(86_401)).toBe("TOO_BIG");
  });
});

describe("paymentReferencePrefixError", () => {
  it("admits digits up to the longest prefix the structured reference still holds", () => {
    expect(paymentReferencePrefixError("")).toBeNull();
    const longest = "1".repeat(PAYMENT_REFERENCE_PREFIX_MAX_DIGITS);
    expect(paymentReferencePrefixError(longest)).toBeNull();
    // The accepted prefix leaves room for a thousand carts in the reference.
    expect(structuredCommunication(999, longest)).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(paymentReferencePrefixError(`${longest}1`)).toBe("TOO_LONG");
  });

  it("refuses anything but digits", () => {
    for (const bad of ["12a", " 12", "1-2", "+++"]) {
      expect(paymentReferencePrefixError(bad), bad).toBe("INVALID_FORMAT");
    }
  });
});

describe("ageFormatsErrors", () => {
  const rule = (
    type: AgeFormatRule["type"],
    limit: number | null,
    rounding_interval = 1,
  ): AgeFormatRule => ({
    type,
    number_of_days: DAYS_PER_UNIT[type],
    limit,
    rounding_interval,
    rounding_method: "down",
  });

  it("accepts the §9 defaults and the empty list (the fallback rule applies)", () => {
    expect(ageFormatsErrors(DEFAULT_AGE_FORMATS)).toEqual({});
    expect(ageFormatsErrors([])).toEqual({});
    expect(AGE_FORMATS_MAX_RULES).toBeGreaterThanOrEqual(DEFAULT_AGE_FORMATS.length);
  });

  it("compares limits in days, whatever each rule's unit", () => {
    // 30 days, then 4 weeks = 28 days: the weeks rule would never be used.
    expect(ageFormatsErrors([rule("days", 30), rule("weeks", 4), rule("years", null)])).toEqual({
      "1.limit": "AGE_LIMIT_NOT_INCREASING",
    });
    // 30 days, then 5 weeks = 35 days: fine.
    expect(ageFormatsErrors([rule("days", 30), rule("weeks", 5)])).toEqual({});
    expect(ageFormatsErrors([rule("months", 12), rule("years", 1)])).toEqual({
      "1.limit": "AGE_LIMIT_NOT_INCREASING",
    });
  });

  it("refuses any rule after one without a limit", () => {
    expect(ageFormatsErrors([rule("years", null), rule("days", 30), rule("years", null)])).toEqual({
      "1.limit": "AGE_RULE_UNREACHABLE",
      "2.limit": "AGE_RULE_UNREACHABLE",
    });
  });
});
