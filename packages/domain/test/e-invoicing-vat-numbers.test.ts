import { describe, expect, it } from "vitest";
import {
  belgianEnterpriseNumber,
  formatBelgianEnterpriseNumber,
  formatPeppolParticipantId,
  parseEuVatNumber,
  parsePeppolParticipantId,
  peppolParticipantId,
  peppolVatParticipantId,
} from "../src/index.ts";

describe("belgianEnterpriseNumber", () => {
  it.each([
    ["0123456749", "0123456749"],
    ["0123.456.749", "0123456749"],
    ["BE 0123 456 749", "0123456749"],
    ["be0123-456-749", "0123456749"],
    // Old 9-digit numbers take a leading 0.
    ["123456749", "0123456749"],
    ["0987.654.394", "0987654394"],
    // 10000017 mod 97 = 93, 97 − 93 = 04: numbers starting with 1 are given out since 2023.
    ["1000.001.704", "1000001704"],
  ])("%s → %s", (input, expected) => {
    expect(belgianEnterpriseNumber(input)).toBe(expected);
  });

  it.each([
    ["0123456748", "wrong check digits"],
    ["0123456750", "wrong check digits"],
    ["2123456749", "first digit other than 0 or 1"],
    ["01234567", "too short"],
    ["01234567490", "too long"],
    ["FR0123456749", "another country's prefix"],
    ["0123 45A 749", "a letter"],
    ["", "empty"],
  ])("%s is refused (%s)", (input) => {
    expect(belgianEnterpriseNumber(input)).toBeNull();
  });

  it("formats the number the way the Crossroads Bank writes it", () => {
    expect(formatBelgianEnterpriseNumber("0123456749")).toBe("0123.456.749");
  });
});

describe("parseEuVatNumber", () => {
  it("normalises a Belgian VAT number and checks its digits", () => {
    expect(parseEuVatNumber("be 0123.456.749")).toEqual({
      prefix: "BE",
      national: "0123456749",
      value: "BE0123456749",
    });
    expect(parseEuVatNumber("BE123456749")?.value).toBe("BE0123456749");
    expect(parseEuVatNumber("BE0123456748")).toBeNull();
  });

  it.each([
    ["NL123456789B01", "NL123456789B01"],
    ["fr 40 303 265 045", "FR40303265045"],
    ["DE 123.456.789", "DE123456789"],
    ["EL123456789", "EL123456789"],
    ["ATU12345678", "ATU12345678"],
    ["ESX1234567L", "ESX1234567L"],
    ["LU12345678", "LU12345678"],
  ])("accepts %s by its format only", (input, expected) => {
    expect(parseEuVatNumber(input)?.value).toBe(expected);
  });

  it.each([
    ["NL123456789", "Dutch number without B01"],
    ["DE12345678", "8 digits for Germany"],
    ["GR123456789", "Greece's prefix is EL"],
    ["CHE123456789", "not an EU member state"],
    ["US123456789", "not an EU member state"],
    ["123456789B01", "no prefix"],
  ])("refuses %s (%s)", (input) => {
    expect(parseEuVatNumber(input)).toBeNull();
  });
});

describe("Peppol participant identifiers", () => {
  it("derives scheme 0208 with the enterprise number for a Belgian business", () => {
    expect(peppolParticipantId("BE 0123.456.749")).toEqual({ scheme: "0208", id: "0123456749" });
    expect(peppolParticipantId("0987654394")).toEqual({ scheme: "0208", id: "0987654394" });
  });

  it("derives the VAT scheme (9925 in Belgium) from a VAT number", () => {
    expect(peppolVatParticipantId("BE0123456749")).toEqual({ scheme: "9925", id: "BE0123456749" });
    expect(peppolParticipantId("NL123456789B01")).toEqual({ scheme: "9944", id: "NL123456789B01" });
    expect(peppolParticipantId("FR40303265045")).toEqual({ scheme: "9957", id: "FR40303265045" });
  });

  it("derives none from an invalid number or a country without a VAT scheme", () => {
    expect(peppolParticipantId("BE0123456748")).toBeNull();
    expect(peppolParticipantId("DK12345678")).toBeNull();
    expect(peppolParticipantId("hello")).toBeNull();
  });

  it("formats and parses the identifier people and access points exchange", () => {
    expect(formatPeppolParticipantId({ scheme: "0208", id: "0123456749" })).toBe("0208:0123456749");
    expect(parsePeppolParticipantId(" iso6523-actorid-upis::0208:0123456749 ")).toEqual({
      scheme: "0208",
      id: "0123456749",
    });
    expect(parsePeppolParticipantId("9944:NL123456789B01")).toEqual({
      scheme: "9944",
      id: "NL123456789B01",
    });
    expect(parsePeppolParticipantId("0208:0123456748")).toBeNull();
    expect(parsePeppolParticipantId("0123456749")).toBeNull();
    expect(parsePeppolParticipantId("208:0123456749")).toBeNull();
  });
});
