import { describe, expect, it } from "vitest";
import { confirmationMatches, fullName, normaliseEmail, normaliseName } from "../src/index.ts";

describe("normaliseEmail", () => {
  it.each([
    ["marie@example.com", "marie@example.com"],
    ["  Marie.Dupont@Example.BE ", "marie.dupont@example.be"],
    ["\tMARIE@EXAMPLE.COM\n", "marie@example.com"],
    ["", ""],
    ["   ", ""],
  ])("%j → %j", (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });

  it("lower-cases without locale rules (no Turkish dotless i)", () => {
    expect(normaliseEmail("INFO@EXAMPLE.COM")).toBe("info@example.com");
  });
});

describe("normaliseName", () => {
  it.each([
    ["Marie", "Marie"],
    ["  Marie  ", "Marie"],
    ["Jean   Pierre", "Jean Pierre"],
    ["Jean\t\nPierre", "Jean Pierre"],
    ["Jean\u00a0Pierre", "Jean Pierre"],
    ["  De   La  Fontaine ", "De La Fontaine"],
    ["", ""],
    ["   ", ""],
  ])("%j → %j", (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });

  it("keeps case, accents and hyphens", () => {
    expect(normaliseName(" Jean-Éloïse  d'Ursel ")).toBe("Jean-Éloïse d'Ursel");
  });
});

describe("fullName", () => {
  it.each([
    ["Marie", "Dupont", "Marie Dupont"],
    [" Marie ", "  Dupont ", "Marie Dupont"],
    ["Jean  Pierre", "Van  Damme", "Jean Pierre Van Damme"],
    ["Marie", "", "Marie"],
    ["", "Dupont", "Dupont"],
    ["", "", ""],
  ])("%j + %j → %j", (firstname, lastname, expected) => {
    expect(fullName(firstname, lastname)).toBe(expected);
  });
});

describe("confirmationMatches", () => {
  it.each([
    ["Marie Dupont", "Marie Dupont"],
    ["Marie  Dupont", "mariedupont"],
    ["Marie  Dupont", " MARIE DUPONT "],
    ["Marie Dupont", "marie\tdupont"],
    ["Marie Dupont", "M a r i e D u p o n t"],
    ["Jean-Éloïse Van Damme", "jean-éloïsevandamme"],
    ["Élise", "E\u0301LISE"], // combining acute accent, upper-cased
  ])("%j is confirmed by %j", (fullname, typed) => {
    expect(confirmationMatches(fullname, typed)).toBe(true);
  });

  it.each([
    ["Marie Dupont", "Marie Dupond"],
    ["Marie Dupont", "Marie"],
    ["Marie Dupont", "Marie Dupont."],
    ["Marie Dupont", "Marie-Dupont"],
    ["Jean-Éloïse", "jean-eloise"],
    ["Marie Dupont", ""],
    ["", ""],
    ["   ", " "],
  ])("%j is not confirmed by %j", (fullname, typed) => {
    expect(confirmationMatches(fullname, typed)).toBe(false);
  });
});
