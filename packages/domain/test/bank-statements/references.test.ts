import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  creditorReference,
  extractStructuredReference,
  findStructuredReference,
  paymentReferenceKey,
  structuredCommunication,
} from "../../src/index.ts";

describe("extractStructuredReference", () => {
  it.each([
    "+++123/0000/00137+++",
    "***123/0000/00137***",
    "123000000137",
    "123/0000/00137",
    "123 0000 00137",
    "1230 0000 0137",
    "+++ 123 / 0000 / 00137 +++",
    "Inscription Emma +++123/0000/00137+++ merci",
    "Réf.123000000137.",
    "stage\n123 0000 00137\nété",
  ])("finds the reference in %j", (text) => {
    expect(extractStructuredReference(text)).toBe("123000000137");
  });

  it.each([
    ["a wrong check digit", "+++123/0000/00138+++"],
    ["11 digits", "12300000013"],
    ["digits glued to a longer number", "1230000001370"],
    ["an IBAN whose account number passes the check", "BE68539007547034"],
    ["a spaced IBAN", "BE68 5390 0754 7034"],
    ["the 12 digits of an RF reference", "RF71 1230 0000 01 (not RF711230000001)"],
    ["an RF reference whose check fails", "RF19 5390 0754 7034"],
    ["no digits", "Stage de printemps"],
    ["an empty text", ""],
    ["no text", null],
  ])("finds none in %s", (_name, text) => {
    expect(extractStructuredReference(text)).toBeNull();
  });

  it("gives none when the text holds two different valid references", () => {
    expect(extractStructuredReference("+++123/0000/00137+++ et +++123/0000/00238+++")).toBeNull();
  });

  it("gives the reference when it is repeated", () => {
    expect(extractStructuredReference("123000000137 (+++123/0000/00137+++)")).toBe("123000000137");
  });

  it("ignores an invalid number next to a valid reference", () => {
    expect(extractStructuredReference("tel 0470 12 34 56 ref 123/0000/00137")).toBe("123000000137");
  });

  it("finds any reference the checkout issues, written with its +++ or digits, in any text", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 9_999_999 }),
        fc.constantFrom("", "123", "45"),
        fc.boolean(),
        fc.string({ unit: fc.constantFrom("a", "é", " ", "-", ".", "\n") }),
        fc.string({ unit: fc.constantFrom("a", "é", " ", "-", ".", "\n") }),
        (sequence, prefix, plain, before, after) => {
          const reference = structuredCommunication(sequence, prefix);
          const digits = reference.replace(/\D/g, "");
          const written = plain ? digits : reference;
          expect(extractStructuredReference(`${before} ${written} ${after}`)).toBe(digits);
        },
      ),
    );
  });
});

describe("extractStructuredReference of ISO 11649 creditor references", () => {
  it.each([
    "RF18539007547034",
    "RF18 5390 0754 7034",
    "rf18 5390 0754 7034",
    "Payment RF18 5390 0754 7034 for Emma",
    "Ref: RF18539007547034.",
    "RF18539007547034/Summer camp",
  ])("finds RF18539007547034 in %j", (text) => {
    expect(extractStructuredReference(text)).toBe("RF18539007547034");
  });

  it.each([
    ["a wrong check digit", "RF19 5390 0754 7034"],
    ["RF glued to a word", "XRF18539007547034"],
    ["letters glued to a valid body", "RF18539007547034ABC"],
    // "5390 0754 7034 AAPY" passes the check too: two readings, so none
    ["a word after it that passes the check too", "RF18 5390 0754 7034 AAPY"],
  ])("finds none with %s", (_name, text) => {
    expect(extractStructuredReference(text)).toBeNull();
  });

  it("reads digit groups that carry a valid reading on as one longer reference", () => {
    // "RF04 0000" passes the check too; the groups after it belong to the reference.
    expect(extractStructuredReference("RF04 0000 0000 00")).toBe("RF040000000000");
  });

  it("gives none when the text holds an RF reference and a different structured communication", () => {
    expect(extractStructuredReference("RF18539007547034 +++123/0000/00137+++")).toBeNull();
  });

  it("finds any creditor reference the checkout issues, spaced or not, in any text", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 9_999_999 }),
        fc.constantFrom("", "123", "45"),
        fc.boolean(),
        fc.string({ unit: fc.constantFrom("a", "é", " ", "-", ".", "\n") }),
        fc.string({ unit: fc.constantFrom("a", "é", " ", "-", ".", "\n") }),
        (sequence, prefix, spaced, before, after) => {
          const reference = creditorReference(sequence, prefix);
          const written = spaced ? reference.replace(/(.{4})/g, "$1 ").trim() : reference;
          expect(extractStructuredReference(`${before} ${written} ${after}`)).toBe(reference);
        },
      ),
    );
  });
});

describe("findStructuredReference", () => {
  it("prefers a structured field over the free text", () => {
    expect(findStructuredReference(["123000000238"], "+++123/0000/00137+++")).toBe("123000000238");
  });

  it("reads an RF reference in a structured field", () => {
    expect(findStructuredReference(["RF18539007547034"], "ref 123000000137")).toBe(
      "RF18539007547034",
    );
  });

  it("skips an invalid field, then reads the free text", () => {
    expect(findStructuredReference(["RF19539007547034", "123000000138"], "ref 123000000137")).toBe(
      "123000000137",
    );
  });

  it("gives none without fields or text", () => {
    expect(findStructuredReference([], null)).toBeNull();
  });
});

describe("paymentReferenceKey", () => {
  it.each(["+++123/0000/00137+++", "***123/0000/00137***", "123000000137", " 123000000137 "])(
    "reads %j",
    (value) => {
      expect(paymentReferenceKey(value)).toBe("123000000137");
    },
  );

  it.each(["RF18539007547034", "rf18 5390 0754 7034"])(
    "reads the creditor reference %j",
    (value) => {
      expect(paymentReferenceKey(value)).toBe("RF18539007547034");
    },
  );

  it.each(["+++123/0000/00138+++", "RF19539007547034"])("gives none for %j", (value) => {
    expect(paymentReferenceKey(value)).toBeNull();
  });
});
