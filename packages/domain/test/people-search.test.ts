import { describe, expect, it } from "vitest";
import { foldForSearch, peopleSearch, SEARCH_FOLDS } from "../src/index.ts";

describe("foldForSearch", () => {
  it.each([
    ["Léa", "lea"],
    ["LÉA", "lea"],
    ["Zoë Müller-Ångström", "zoe muller-angstrom"],
    ["François Çelik", "francois celik"],
    ["Łukasz Øster", "lukasz oster"],
    ["Dvořák Šťastný", "dvorak stastny"],
    ["julien.lambert@example.test", "julien.lambert@example.test"],
  ])("%j → %j", (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it("gives SQL two strings of the same length, mapping each letter to one plain letter", () => {
    expect([...SEARCH_FOLDS.from]).toHaveLength([...SEARCH_FOLDS.to].length);
    expect(SEARCH_FOLDS.to).toMatch(/^[a-z]+$/);
    expect(SEARCH_FOLDS.from).toContain("é");
    expect(SEARCH_FOLDS.from).toContain("É");
  });
});

describe("peopleSearch", () => {
  it("is nothing for an empty search", () => {
    expect(peopleSearch(undefined)).toBeNull();
    expect(peopleSearch("   ")).toBeNull();
  });

  it.each([
    ["0470 12", "47012"],
    ["+32 470 12", "3247012"],
    ["0032 470 12", "3247012"],
    ["470.12", "47012"],
    ["(0470) 12-34", "4701234"],
    ["000", "000"],
  ])("reads %j as the phone digits %j", (typed, digits) => {
    expect(peopleSearch(typed)).toEqual({ kind: "phone", digits });
  });

  it("reads words, folded, at most 5, a word of digits also as a phone part", () => {
    expect(peopleSearch("  Léa  DUBOIS ")).toEqual({
      kind: "words",
      words: [
        { text: "lea", phoneDigits: null },
        { text: "dubois", phoneDigits: null },
      ],
    });
    expect(peopleSearch("lea 0470")).toEqual({
      kind: "words",
      words: [
        { text: "lea", phoneDigits: null },
        { text: "0470", phoneDigits: "470" },
      ],
    });
    expect(peopleSearch("a b c d e f g")).toMatchObject({ words: { length: 5 } });
  });

  it("reads two digits as a word, not a phone", () => {
    expect(peopleSearch("12")).toEqual({
      kind: "words",
      words: [{ text: "12", phoneDigits: null }],
    });
  });
});

describe("peopleSearch without phones", () => {
  it("reads a number as a word", () => {
    expect(peopleSearch("0470 12", { phones: false })).toEqual({
      kind: "words",
      words: [
        { text: "0470", phoneDigits: null },
        { text: "12", phoneDigits: null },
      ],
    });
  });
});
