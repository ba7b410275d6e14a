import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  extractStructuredReference,
  findStructuredReference,
  structuredCommunication,
  structuredReferenceDigits,
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
    ["an RF reference", "RF18 5390 0754 7034"],
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

describe("findStructuredReference", () => {
  it("prefers a structured field over the free text", () => {
    expect(findStructuredReference(["123000000238"], "+++123/0000/00137+++")).toBe("123000000238");
  });

  it("skips an RF reference and an invalid field, then reads the free text", () => {
    expect(findStructuredReference(["RF18539007547034", "123000000138"], "ref 123000000137")).toBe(
      "123000000137",
    );
  });

  it("gives none without fields or text", () => {
    expect(findStructuredReference([], null)).toBeNull();
  });
});

describe("structuredReferenceDigits", () => {
  it.each(["+++123/0000/00137+++", "***123/0000/00137***", "123000000137", " 123000000137 "])(
    "reads %j",
    (value) => {
      expect(structuredReferenceDigits(value)).toBe("123000000137");
    },
  );

  it("gives none for an invalid reference", () => {
    expect(structuredReferenceDigits("+++123/0000/00138+++")).toBeNull();
  });
});
