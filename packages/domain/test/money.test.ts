import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, fromMinorUnits, minorUnitDigits, toMinorUnits } from "../src/index.ts";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("minorUnitDigits", () => {
  it.each([
    ["EUR", 2],
    ["eur", 2],
    ["USD", 2],
    ["JPY", 0],
    ["KWD", 3],
    ["BHD", 3],
  ])("%s has %d decimals", (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });

  it.each(["", "EU", "EURO", "€"])("rejects the malformed code %j", (currency) => {
    expect(() => minorUnitDigits(currency)).toThrow(RangeError);
  });
});

describe("toMinorUnits", () => {
  it.each([
    // EUR: 2 decimals
    [12, "EUR", 1200],
    ["12", "EUR", 1200],
    ["12.5", "EUR", 1250],
    ["12,5", "EUR", 1250],
    [" 12.34 ", "EUR", 1234],
    ["0.01", "EUR", 1],
    [".5", "EUR", 50],
    ["5.", "EUR", 500],
    ["+3", "EUR", 300],
    ["007.10", "EUR", 710],
    ["1e2", "EUR", 10000],
    ["1.5E-1", "EUR", 15],
    [0, "EUR", 0],
    [1.005, "EUR", 101],
    ["1.005", "EUR", 101],
    [1.004, "EUR", 100],
    ["1.0049999", "EUR", 100],
    ["0.005", "EUR", 1],
    ["0.0049", "EUR", 0],
    ["-0.005", "EUR", -1],
    ["-1.005", "EUR", -101],
    ["-12.34", "EUR", -1234],
    [0.1 + 0.2, "EUR", 30],
    [1e-7, "EUR", 0],
    [123456789.12, "EUR", 12345678912],
    ["1,234", "EUR", 123], // no thousands separator: the comma is the decimal separator
    // JPY: 0 decimals
    [1234, "JPY", 1234],
    ["1234.5", "JPY", 1235],
    [1234.4, "JPY", 1234],
    ["0.5", "JPY", 1],
    ["-0.5", "JPY", -1],
    ["-2.5", "JPY", -3],
    // KWD: 3 decimals
    ["1.234", "KWD", 1234],
    ["1.2345", "KWD", 1235],
    ["1.2344", "KWD", 1234],
    [1.5, "KWD", 1500],
    ["-0.0005", "KWD", -1],
  ] as const)("%j %s → %d", (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it("never answers negative zero", () => {
    expect(Object.is(toMinorUnits("-0.004", "EUR"), 0)).toBe(true);
    expect(Object.is(toMinorUnits(-0, "EUR"), 0)).toBe(true);
    expect(Object.is(toMinorUnits("-0", "JPY"), 0)).toBe(true);
  });

  it.each([
    "",
    "   ",
    ".",
    "-",
    "abc",
    "12 €",
    "€12",
    "1.2.3",
    "1,234.56",
    "1 234",
    "12e",
    "0x10",
    "1e400",
    "Infinity",
  ])("rejects %j", (amount) => {
    expect(() => toMinorUnits(amount, "EUR")).toThrow(RangeError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e300])(
    "rejects the number %d",
    (amount) => {
      expect(() => toMinorUnits(amount, "EUR")).toThrow(RangeError);
    },
  );

  it("rejects results beyond the safe integer range", () => {
    expect(toMinorUnits("90071992547409.91", "EUR")).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toMinorUnits("90071992547409.92", "EUR")).toThrow(RangeError);
    expect(() => toMinorUnits("9007199254740992", "JPY")).toThrow(RangeError);
  });

  it("rejects an invalid currency", () => {
    expect(() => toMinorUnits(1, "EU")).toThrow(RangeError);
  });
});

describe("fromMinorUnits", () => {
  it.each([
    [1250, "EUR", "12.50"],
    [1200, "EUR", "12.00"],
    [5, "EUR", "0.05"],
    [-5, "EUR", "-0.05"],
    [0, "EUR", "0.00"],
    [1234, "JPY", "1234"],
    [-1234, "JPY", "-1234"],
    [1234, "KWD", "1.234"],
    [7, "KWD", "0.007"],
  ] as const)("%d %s → %j", (minor, currency, text) => {
    expect(fromMinorUnits(minor, currency)).toBe(text);
  });

  it.each([1.5, Number.NaN, 2 ** 53])("rejects %d", (minor) => {
    expect(() => fromMinorUnits(minor, "EUR")).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it.each([
    // whole amounts show no decimals, others show the currency's decimals
    [1200, "EUR", "fr-BE", `12${NBSP}€`],
    [1250, "EUR", "fr-BE", `12,50${NBSP}€`],
    [5, "EUR", "fr-BE", `0,05${NBSP}€`],
    [0, "EUR", "fr-BE", `0${NBSP}€`],
    [123456789, "EUR", "fr-BE", `1${NNBSP}234${NNBSP}567,89${NBSP}€`],
    [-1230, "EUR", "fr-BE", `-12,30${NBSP}€`],
    [1200, "EUR", "en-GB", "€12"],
    [1250, "EUR", "en-GB", "€12.50"],
    [5, "EUR", "en-GB", "€0.05"],
    [123456789, "EUR", "en-GB", "€1,234,567.89"],
    [-1230, "EUR", "en-GB", "-€12.30"],
    [1234, "JPY", "fr-BE", `1${NNBSP}234${NBSP}JPY`],
    [1234, "JPY", "en-GB", "JP¥1,234"],
    [1000, "KWD", "fr-BE", `1${NBSP}KWD`],
    [1234, "KWD", "fr-BE", `1,234${NBSP}KWD`],
    [1230, "KWD", "en-GB", `KWD${NBSP}1.230`],
    [1234, "KWD", "en-GB", `KWD${NBSP}1.234`],
  ] as const)("%d %s in %s → %j", (minor, currency, locale, text) => {
    expect(formatMoney(minor, currency, locale)).toBe(text);
  });

  it("formats huge amounts exactly", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "EUR", "en-GB")).toBe("€90,071,992,547,409.91");
  });

  it.each([12.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects the minor amount %d", (minor) => {
    expect(() => formatMoney(minor, "EUR", "fr-BE")).toThrow(RangeError);
  });
});

describe("properties", () => {
  const currency = fc.constantFrom("EUR", "JPY", "KWD");
  const minor = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });

  it("toMinorUnits(fromMinorUnits(m)) === m, from the string and from the number", () => {
    fc.assert(
      fc.property(minor, currency, (m, c) => {
        const text = fromMinorUnits(m, c);
        expect(toMinorUnits(text, c)).toBe(m);
        expect(toMinorUnits(Number(text), c)).toBe(m);
      }),
    );
  });

  it("a formatted amount read back as typed gives the same minor units", () => {
    fc.assert(
      fc.property(minor, currency, (m, c) => {
        const english = formatMoney(m, c, "en-GB").replace(/[^\d.-]/g, "");
        const french = formatMoney(m, c, "fr-BE").replace(/[^\d,-]/g, "");
        expect(toMinorUnits(english, c)).toBe(m);
        expect(toMinorUnits(french, c)).toBe(m);
      }),
    );
  });

  it("rounding is symmetric around zero", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), currency, (amount, c) => {
        expect(toMinorUnits(-amount, c)).toBe(-toMinorUnits(amount, c) || 0);
      }),
    );
  });
});
