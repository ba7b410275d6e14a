import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isValidStructuredCommunication,
  normaliseStructuredCommunication,
  structuredCommunication,
  structuredCommunicationCheckDigits,
  usablePaymentReferencePrefix,
} from "../src/index.ts";

describe("structuredCommunication", () => {
  it.each([
    // [sequence, prefix, expected] — check digits hand-computed as base mod 97
    [909337554, "", "+++090/9337/55493+++"], // 909337554 mod 97 = 93
    [9337554, "090", "+++090/9337/55493+++"],
    [1, "", "+++000/0000/00101+++"],
    [1, "123", "+++123/0000/00137+++"], // 1230000001 = 97 × 12680412 + 37
    [12345, "", "+++000/0012/34526+++"], // 12345 = 97 × 127 + 26
    [0, "", "+++000/0000/00097+++"], // remainder 0 → 97
    [97, "", "+++000/0000/09797+++"], // remainder 0 → 97
    [5, "123456789", "+++123/4567/89507+++"], // 1234567895 mod 97 = 7
    [9999999999, "", "+++999/9999/99948+++"], // 10^10 ≡ 3^5 = 243 ≡ 49, minus 1
    [42, "42", "+++420/0000/04249+++"], // 4200000042 mod 97 = 49
  ])("sequence %d with prefix %j → %s", (sequence, prefix, expected) => {
    expect(structuredCommunication(sequence, prefix)).toBe(expected);
    expect(isValidStructuredCommunication(expected)).toBe(true);
  });

  it("defaults to an empty prefix", () => {
    expect(structuredCommunication(909337554)).toBe("+++090/9337/55493+++");
  });

  it.each([
    [1, "12a"],
    [1, "-1"],
    [1, " 12"],
    [1, "1234567890"], // 10 digits leave no room
    [10, "123456789"], // 2 digits after a 9-digit prefix
    [100000, "12345"],
    [10000000000, ""], // 11 digits
    [-1, ""],
    [1.5, ""],
    [Number.NaN, ""],
  ])("sequence %d with prefix %j throws RangeError", (sequence, prefix) => {
    expect(() => structuredCommunication(sequence, prefix)).toThrow(RangeError);
  });

  it("check digits of a base", () => {
    expect(structuredCommunicationCheckDigits("0909337554")).toBe("93");
    expect(structuredCommunicationCheckDigits("0000000001")).toBe("01");
    expect(structuredCommunicationCheckDigits("0000000000")).toBe("97");
    expect(() => structuredCommunicationCheckDigits("123")).toThrow(RangeError);
  });
});

describe("isValidStructuredCommunication", () => {
  it.each([
    "+++090/9337/55493+++",
    "***090/9337/55493***",
    "090933755493",
    "  +++090/9337/55493+++ ",
    "+++000/0000/00097+++",
    "+++123/0000/00137+++",
  ])("%j is valid", (value) => {
    expect(isValidStructuredCommunication(value)).toBe(true);
  });

  it.each([
    "+++090/9337/55494+++", // wrong check digits
    "+++000/0000/00000+++", // remainder 0 must be written 97
    "+++090/9337/55493***", // mixed delimiters
    "+++0909/337/55493+++", // wrong grouping
    "++090/9337/55493++",
    "090/9337/55493",
    "09093375549", // 11 digits
    "0909337554930",
    "090 9337 55493",
    "",
    "+++abc/defg/hijkl+++",
  ])("%j is not valid", (value) => {
    expect(isValidStructuredCommunication(value)).toBe(false);
  });

  it("normalises to the +++ form", () => {
    expect(normaliseStructuredCommunication("***090/9337/55493***")).toBe("+++090/9337/55493+++");
    expect(normaliseStructuredCommunication("090933755493")).toBe("+++090/9337/55493+++");
    expect(normaliseStructuredCommunication("090933755494")).toBeNull();
  });

  it("every generated communication validates, in all three forms", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 9 }),
        fc.integer({ min: 0, max: 9_999_999_999 }),
        (prefix, raw) => {
          const width = 10 - prefix.length;
          const sequence = raw % 10 ** width;
          const communication = structuredCommunication(sequence, prefix);
          expect(communication).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
          const digits = communication.replace(/\D/g, "");
          expect(digits.startsWith(prefix)).toBe(true);
          expect(Number(digits.slice(prefix.length, 10))).toBe(sequence);
          expect(isValidStructuredCommunication(communication)).toBe(true);
          expect(isValidStructuredCommunication(communication.replaceAll("+", "*"))).toBe(true);
          expect(isValidStructuredCommunication(digits)).toBe(true);
          // Any other pair of check digits is rejected.
          const check = Number(digits.slice(10));
          const other = String((check % 97) + 1).padStart(2, "0");
          expect(isValidStructuredCommunication(digits.slice(0, 10) + other)).toBe(false);
        },
      ),
    );
  });
});

describe("usablePaymentReferencePrefix", () => {
  it.each([
    [undefined, ""],
    [null, ""],
    ["", ""],
    ["4", "4"],
    ["42", "42"],
    ["0000000", "0000000"],
    ["1234567", "1234567"],
  ])("accepts %j as %j", (value, expected) => {
    expect(usablePaymentReferencePrefix(value)).toBe(expected);
  });

  it.each([
    ["12345678"],
    ["123456789"],
    ["12a"],
    [" 12"],
    ["12 "],
    ["-1"],
    ["1.5"],
    ["١٢"],
    [42],
    [{}],
  ])("refuses %j", (value) => {
    expect(usablePaymentReferencePrefix(value)).toBeNull();
  });

  it("always gives a prefix that structuredCommunication accepts for small sequences", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 999 }), (value, sequence) => {
        const prefix = usablePaymentReferencePrefix(value);
        if (prefix === null) return;
        expect(isValidStructuredCommunication(structuredCommunication(sequence, prefix))).toBe(
          true,
        );
      }),
    );
  });
});
