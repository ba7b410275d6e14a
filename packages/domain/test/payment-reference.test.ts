import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  creditorReference,
  creditorReferenceCheckDigits,
  isValidStructuredCommunication,
  normaliseCreditorReference,
  normalisePaymentReference,
  normaliseStructuredCommunication,
  paymentReference,
  paymentReferenceKind,
  paymentReferenceKindOf,
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

describe("creditorReference (ISO 11649)", () => {
  it.each([
    // [body, reference] — published examples (EPC, ISO 11649) and hand-checked ones
    ["539007547034", "RF18539007547034"],
    ["000000000539007547034", "RF18000000000539007547034"],
    ["G72UUR", "RF45G72UUR"],
    ["18K5", "RF6518K5"],
    ["1234567890", "RF471234567890"],
  ])("check digits of %s → %s", (body, reference) => {
    expect(`RF${creditorReferenceCheckDigits(body)}${body}`).toBe(reference);
    expect(normaliseCreditorReference(reference)).toBe(reference);
  });

  it.each([
    [1, "", "RF740000000001"],
    [1, "123", "RF721230000001"],
  ])(
    "sequence %d with prefix %j → %s, on the structured communication's base",
    (sequence, prefix, expected) => {
      expect(creditorReference(sequence, prefix)).toBe(expected);
    },
  );

  it("throws RangeError like structuredCommunication", () => {
    expect(() => creditorReference(100000, "12345")).toThrow(RangeError);
    expect(() => creditorReference(-1)).toThrow(RangeError);
    expect(() => creditorReferenceCheckDigits("")).toThrow(RangeError);
    expect(() => creditorReferenceCheckDigits("a".repeat(22))).toThrow(RangeError);
  });

  it.each([
    ["rf18 5390 0754 7034", "RF18539007547034"],
    [" RF45 G72U UR ", "RF45G72UUR"],
  ])("normalises %j", (value, expected) => {
    expect(normaliseCreditorReference(value)).toBe(expected);
  });

  it.each(["RF19539007547034", "RF18539007547035", "RF1", "RF18", "XX18539007547034", "RF18-5390"])(
    "rejects %j",
    (value) => {
      expect(normaliseCreditorReference(value)).toBeNull();
    },
  );

  it("every reference it builds passes the check, and a changed digit fails it", () => {
    fc.assert(
      fc.property(fc.nat({ max: 9_999_999 }), fc.nat({ max: 13 }), (sequence, position) => {
        const reference = creditorReference(sequence);
        expect(normaliseCreditorReference(reference)).toBe(reference);
        if (position < 2) return;
        const digit = reference[position]!;
        const changed = `${reference.slice(0, position)}${(Number(digit) + 1) % 10}${reference.slice(position + 1)}`;
        expect(normaliseCreditorReference(changed)).toBeNull();
      }),
    );
  });
});

describe("paymentReferenceKind", () => {
  it.each([
    [{ iban: "BE68539007547034", currency: "EUR" }, "STRUCTURED_COMMUNICATION"],
    [{ iban: "be68 5390 0754 7034", currency: "EUR" }, "STRUCTURED_COMMUNICATION"],
    [{ iban: "GB33BUKB20201555555555", currency: "GBP" }, "CREDITOR_REFERENCE"],
    [{ iban: "FR1420041010050500013M02606", currency: "EUR" }, "CREDITOR_REFERENCE"],
    [{ iban: "BE68539007547034", currency: "USD" }, "CREDITOR_REFERENCE"],
    [{ iban: null, currency: "EUR" }, "CREDITOR_REFERENCE"],
  ] as const)("%j → %s", (organiser, kind) => {
    expect(paymentReferenceKind(organiser)).toBe(kind);
  });

  it("builds the reference of each kind and reads the kind back from it", () => {
    expect(paymentReference("STRUCTURED_COMMUNICATION", 1, "123")).toBe("+++123/0000/00137+++");
    expect(paymentReference("CREDITOR_REFERENCE", 1, "123")).toBe("RF721230000001");
    expect(paymentReferenceKindOf("+++123/0000/00137+++")).toBe("STRUCTURED_COMMUNICATION");
    expect(paymentReferenceKindOf("RF721230000001")).toBe("CREDITOR_REFERENCE");
  });

  it("normalises either kind to the form a cart stores", () => {
    expect(normalisePaymentReference("123000000137")).toBe("+++123/0000/00137+++");
    expect(normalisePaymentReference("rf72 1230 0000 01")).toBe("RF721230000001");
    expect(normalisePaymentReference("order 12")).toBeNull();
  });
});
