import { describe, expect, it } from "vitest";
import {
  parseCustomFieldCell,
  parseImportBirthdate,
  parseImportDate,
  parseImportEmail,
  parseImportPhone,
} from "../../src/imports/index.ts";

describe("import cell values", () => {
  it.each([
    ["31/12/2015", "2015-12-31"],
    ["1/2/2016", "2016-02-01"],
    ["05.03.2014", "2014-03-05"],
    ["05-03-2014", "2014-03-05"],
    ["2014-03-05", "2014-03-05"],
    ["2014-03-05T00:00:00.000Z", "2014-03-05"],
    ["2014-03-05 10:30", "2014-03-05"],
    ["31/02/2015", null],
    ["12/31/2015", null],
    ["03/04/05", null],
    ["hier", null],
    ["", null],
  ])("date %s → %s", (value, day) => {
    expect(parseImportDate(value)).toBe(day);
  });

  it("refuses birth dates in the future or before 1900", () => {
    expect(parseImportBirthdate("01/01/2030", "2026-11-27")).toBeNull();
    expect(parseImportBirthdate("01/01/1850", "2026-11-27")).toBeNull();
    expect(parseImportBirthdate("27/11/2026", "2026-11-27")).toBe("2026-11-27");
  });

  it("reads phone numbers in the organiser's country, with or without their code", () => {
    expect(parseImportPhone("0470 12 34 56", "BE")).toBe("+32470123456");
    expect(parseImportPhone("470123456", "BE")).toBe("+32470123456");
    expect(parseImportPhone("+33 6 12 34 56 78", "BE")).toBe("+33612345678");
    expect(parseImportPhone("0033612345678", "BE")).toBe("+33612345678");
    expect(parseImportPhone("06 12 34 56 78", "FR")).toBe("+33612345678");
    expect(parseImportPhone("12", "BE")).toBeNull();
    expect(parseImportPhone("call me", "BE")).toBeNull();
  });

  it("lower-cases e-mails and refuses malformed ones", () => {
    expect(parseImportEmail(" Anne.Dupont@Example.BE ")).toBe("anne.dupont@example.be");
    expect(parseImportEmail("anne@")).toBeNull();
    expect(parseImportEmail("anne dupont@example.be")).toBeNull();
  });

  const choices = [
    { id: 1, label: "Natation" },
    { id: 2, label: "Tennis" },
    { id: 3, label: "Judo" },
  ];
  it("reads custom fields by their type", () => {
    const date = { type: "DATE" as const, required: false, pattern: null, choices: [] };
    expect(parseCustomFieldCell(date, "02/03/2020")).toEqual({ ok: true, data: "2020-03-02" });
    expect(parseCustomFieldCell(date, "bientôt")).toEqual({ ok: false, code: "INVALID_DATE" });
    const single = { type: "CHOICES_SINGLE" as const, required: true, pattern: null, choices };
    expect(parseCustomFieldCell(single, "tennis")).toEqual({ ok: true, data: "Tennis" });
    expect(parseCustomFieldCell(single, "Golf")).toEqual({ ok: false, code: "INVALID_CHOICE" });
    expect(parseCustomFieldCell(single, " ")).toEqual({ ok: false, code: "REQUIRED" });
    const multiple = { type: "CHOICES_MULTIPLE" as const, required: false, pattern: null, choices };
    expect(parseCustomFieldCell(multiple, "judo; natation")).toEqual({
      ok: true,
      data: "Natation, Judo",
    });
    expect(parseCustomFieldCell(multiple, "Judo, Tennis")).toEqual({
      ok: true,
      data: "Tennis, Judo",
    });
    expect(parseCustomFieldCell(multiple, "")).toEqual({ ok: true, data: null });
    const text = { type: "TEXT" as const, required: false, pattern: "[A-Z]{2}\\d{4}", choices: [] };
    expect(parseCustomFieldCell(text, "AB1234")).toEqual({ ok: true, data: "AB1234" });
    expect(parseCustomFieldCell(text, "ab")).toEqual({ ok: false, code: "INVALID_FORMAT" });
  });
});
