import { describe, expect, it } from "vitest";
import {
  customElementIdOf,
  customElementKey,
  customFieldInputs,
  type DocumentCustomElement,
  type DocumentCustomField,
  validateCustomElementInputs,
} from "../src/index.ts";

function field(overrides: Partial<DocumentCustomField> & Pick<DocumentCustomField, "id">) {
  return {
    type: "TEXT",
    title: `Field ${overrides.id}`,
    description: null,
    required: false,
    pattern: null,
    order: overrides.id,
    choices: [],
    ...overrides,
  } satisfies DocumentCustomField;
}

const element = (
  id: number,
  custom_field: DocumentCustomField,
  type: DocumentCustomElement["type"] = "STRING",
): DocumentCustomElement => ({ id, type, custom_field });

const CHOICES = [
  { id: 1, label: "Matin" },
  { id: 2, label: "Après-midi" },
  { id: 3, label: "Journée, repas compris" },
];

describe("custom element keys", () => {
  it("name the element in the query", () => {
    expect(customElementKey(12)).toBe("custom_element_12");
    expect(customElementIdOf("custom_element_12")).toBe(12);
    expect(customElementIdOf("custom_element_012")).toBeNull();
    expect(customElementIdOf("custom_element_")).toBeNull();
    expect(customElementIdOf("registration_id")).toBeNull();
  });
});

describe("validateCustomElementInputs", () => {
  it("accepts nothing for optional fields and gives null values", () => {
    const result = validateCustomElementInputs([element(1, field({ id: 10 }))], {});
    expect(result).toEqual({
      ok: true,
      values: [{ element_id: 1, field_id: 10, type: "TEXT", value: null }],
    });
  });

  it("requires required fields (blank counts as missing)", () => {
    const elements = [element(1, field({ id: 10, required: true }))];
    expect(validateCustomElementInputs(elements, {})).toEqual({
      ok: false,
      errors: { custom_element_1: "REQUIRED" },
    });
    expect(validateCustomElementInputs(elements, { custom_element_1: "   " })).toEqual({
      ok: false,
      errors: { custom_element_1: "REQUIRED" },
    });
    expect(validateCustomElementInputs(elements, { custom_element_1: "  Marc  " })).toEqual({
      ok: true,
      values: [{ element_id: 1, field_id: 10, type: "TEXT", value: "Marc" }],
    });
  });

  it("checks TEXT patterns against the whole value", () => {
    const elements = [element(1, field({ id: 10, pattern: "[0-9]{2}\\.[0-9]{2}" }))];
    expect(validateCustomElementInputs(elements, { custom_element_1: "12.34x" })).toEqual({
      ok: false,
      errors: { custom_element_1: "INVALID_FORMAT" },
    });
    expect(validateCustomElementInputs(elements, { custom_element_1: "12.34" }).ok).toBe(true);
  });

  it("normalises DATE fields to calendar days and refuses impossible dates", () => {
    const elements = [element(1, field({ id: 10, type: "DATE" }), "DATE")];
    expect(validateCustomElementInputs(elements, { custom_element_1: "2027-02-30" })).toEqual({
      ok: false,
      errors: { custom_element_1: "INVALID_DATE" },
    });
    expect(
      validateCustomElementInputs(elements, { custom_element_1: "2027-02-03T10:00:00Z" }),
    ).toEqual({
      ok: true,
      values: [{ element_id: 1, field_id: 10, type: "DATE", value: "2027-02-03" }],
    });
  });

  it("takes single choices among the labels, multiple choices as a list or joined", () => {
    const single = [element(1, field({ id: 10, type: "CHOICES_SINGLE", choices: CHOICES }))];
    expect(validateCustomElementInputs(single, { custom_element_1: "Soir" })).toEqual({
      ok: false,
      errors: { custom_element_1: "INVALID_CHOICE" },
    });
    expect(
      validateCustomElementInputs(single, { custom_element_1: ["Matin", "Après-midi"] }),
    ).toEqual({
      ok: false,
      errors: { custom_element_1: "INVALID_TYPE" },
    });
    const multiple = [element(1, field({ id: 10, type: "CHOICES_MULTIPLE", choices: CHOICES }))];
    expect(
      validateCustomElementInputs(multiple, {
        custom_element_1: ["Journée, repas compris", "Matin"],
      }),
    ).toEqual({
      ok: true,
      values: [
        {
          element_id: 1,
          field_id: 10,
          type: "CHOICES_MULTIPLE",
          value: "Matin, Journée, repas compris",
        },
      ],
    });
    expect(validateCustomElementInputs(multiple, { custom_element_1: "Matin, Soir" })).toEqual({
      ok: false,
      errors: { custom_element_1: "INVALID_CHOICE" },
    });
  });

  it("needs a number for NUMBER and CURRENCY elements and a day for DATE elements", () => {
    const elements = [
      element(1, field({ id: 10 }), "NUMBER"),
      element(2, field({ id: 11 }), "CURRENCY"),
      element(3, field({ id: 12 }), "DATE"),
    ];
    expect(
      validateCustomElementInputs(elements, {
        custom_element_1: "douze",
        custom_element_2: "12 €",
        custom_element_3: "demain",
      }),
    ).toEqual({
      ok: false,
      errors: {
        custom_element_1: "INVALID_FORMAT",
        custom_element_2: "INVALID_FORMAT",
        custom_element_3: "INVALID_DATE",
      },
    });
    expect(
      validateCustomElementInputs(elements, {
        custom_element_1: "12",
        custom_element_2: "12,50",
        custom_element_3: "2027-01-15",
      }).ok,
    ).toBe(true);
  });

  it("refuses inputs for elements the document does not ask for", () => {
    expect(
      validateCustomElementInputs([element(1, field({ id: 10 }))], {
        custom_element_1: "ok",
        custom_element_9: "stray",
      }),
    ).toEqual({ ok: false, errors: { custom_element_9: "UNKNOWN_FIELD" } });
  });

  it("bounds the length of a value", () => {
    expect(
      validateCustomElementInputs([element(1, field({ id: 10 }))], {
        custom_element_1: "x".repeat(5001),
      }),
    ).toEqual({ ok: false, errors: { custom_element_1: "TOO_LONG" } });
  });
});

describe("customFieldInputs", () => {
  it("keeps, per field, the first input that is not empty", () => {
    expect(
      customFieldInputs([
        { element_id: 1, field_id: 10, type: "TEXT", value: null },
        { element_id: 2, field_id: 10, type: "TEXT", value: "B" },
        { element_id: 3, field_id: 10, type: "TEXT", value: "C" },
        { element_id: 4, field_id: 11, type: "TEXT", value: "D" },
      ]),
    ).toEqual([
      { field_id: 10, type: "TEXT", value: "B" },
      { field_id: 11, type: "TEXT", value: "D" },
    ]);
  });
});
