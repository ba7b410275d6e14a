import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CUSTOM_DATA_MAX_LENGTH,
  type CustomDataEntry,
  type CustomFieldDefinition,
  compileFieldPattern,
  parseCalendarDate,
  validateCustomData,
} from "../src/index.ts";

function field(overrides: Partial<CustomFieldDefinition> & Pick<CustomFieldDefinition, "id">) {
  return {
    entity: "CUSTOMERS",
    type: "TEXT",
    title: `Field ${overrides.id}`,
    description: null,
    required: false,
    active: true,
    order: overrides.id,
    pattern: null,
    choices: [],
    ...overrides,
  } satisfies CustomFieldDefinition;
}

const CHOICES = [
  { id: 1, label: "Vegetarian" },
  { id: 2, label: "Vegan" },
  { id: "3", label: "Gluten free" },
];

/** Validates one field with one submitted value (undefined: no entry at all). */
function one(definition: Partial<CustomFieldDefinition>, data: string | null | undefined) {
  const fields = [field({ id: 1, ...definition })];
  const entries: CustomDataEntry[] = data === undefined ? [] : [{ field_id: 1, data }];
  return validateCustomData(fields, entries);
}

const ok = (data: string | null) => ({ ok: true, value: [{ field_id: 1, data }] });
const error = (code: string) => ({ ok: false, errors: { "custom_data.1": code } });

describe("required and optional values", () => {
  it.each([
    ["TEXT", undefined],
    ["TEXT", null],
    ["TEXT", ""],
    ["TEXT", "   "],
    ["LONGTEXT", "\n\t "],
    ["DATE", null],
    ["DATE", " "],
    ["CHOICES_SINGLE", undefined],
    ["CHOICES_SINGLE", ""],
    ["CHOICES_MULTIPLE", null],
    ["CHOICES_MULTIPLE", " , "],
  ] as const)("a required %s field with %j is REQUIRED", (type, data) => {
    expect(one({ type, required: true, choices: CHOICES }, data)).toEqual(error("REQUIRED"));
  });

  it.each([
    ["TEXT", undefined],
    ["TEXT", null],
    ["TEXT", "  "],
    ["LONGTEXT", ""],
    ["DATE", undefined],
    ["DATE", ""],
    ["CHOICES_SINGLE", null],
    ["CHOICES_MULTIPLE", undefined],
    ["CHOICES_MULTIPLE", ","],
  ] as const)("an optional %s field with %j is stored as null", (type, data) => {
    expect(one({ type, choices: CHOICES }, data)).toEqual(ok(null));
  });
});

describe("TEXT and LONGTEXT", () => {
  it.each([
    ["TEXT", "hello", "hello"],
    ["TEXT", "  hello world  ", "hello world"],
    ["LONGTEXT", "  line 1\n\nline 2 \n", "line 1\n\nline 2"],
  ] as const)("%s %j is stored as %j", (type, data, stored) => {
    expect(one({ type, required: true }, data)).toEqual(ok(stored));
  });

  it.each([
    ["\\d{4}", "1000", true],
    ["\\d{4}", "10000", false],
    ["\\d{4}", "a1000", false],
    ["\\d{4}", " 1000 ", true], // the value is trimmed before the pattern applies
    ["[A-Z]{2}\\d{2}", "BE12", true],
    ["[A-Z]{2}\\d{2}", "be12", false],
    ["^\\d+$", "123", true], // an already anchored pattern still works
    ["a|b", "a", true],
    ["a|b", "ab", false], // alternatives are anchored as a whole
    ["BE\\d{2}( ?\\d{4}){3}", "BE68 5390 0754 7034", true],
  ] as const)("pattern %j: %j matches = %s", (pattern, data, matches) => {
    expect(one({ type: "TEXT", pattern }, data)).toEqual(
      matches ? ok(data.trim()) : error("INVALID_FORMAT"),
    );
  });

  it("applies a stored pattern to LONGTEXT too", () => {
    expect(one({ type: "LONGTEXT", pattern: "[a-z\\n]+" }, "abc\ndef")).toEqual(ok("abc\ndef"));
    expect(one({ type: "LONGTEXT", pattern: "[a-z]+" }, "abc\ndef")).toEqual(
      error("INVALID_FORMAT"),
    );
  });

  it.each(["(", "[a-", "*a", "a{2,1}", "\\", "(?<n>a)(?<n>b)", "a)|(b"])(
    "ignores the invalid stored pattern %j instead of throwing",
    (pattern) => {
      expect(one({ type: "TEXT", pattern }, "anything")).toEqual(ok("anything"));
    },
  );

  it("does not apply a pattern to an empty optional value", () => {
    expect(one({ type: "TEXT", pattern: "\\d+" }, "")).toEqual(ok(null));
    expect(one({ type: "TEXT", pattern: "\\d+", required: true }, "")).toEqual(error("REQUIRED"));
  });

  it("ignores patterns on DATE and choice fields", () => {
    expect(one({ type: "DATE", pattern: "x" }, "2024-01-31")).toEqual(ok("2024-01-31"));
    expect(one({ type: "CHOICES_SINGLE", pattern: "x", choices: CHOICES }, "Vegan")).toEqual(
      ok("Vegan"),
    );
  });
});

describe("compileFieldPattern", () => {
  it.each([null, undefined, "", "(", "a)|(b"])("gives null for %j", (pattern) => {
    expect(compileFieldPattern(pattern)).toBeNull();
  });

  it("anchors a valid pattern on the whole value", () => {
    const pattern = compileFieldPattern("ab|cd");
    expect(pattern?.test("ab")).toBe(true);
    expect(pattern?.test("abcd")).toBe(false);
    expect(pattern?.test("xab")).toBe(false);
  });
});

describe("DATE", () => {
  it.each([
    ["2024-01-31", "2024-01-31"],
    [" 2024-02-29 ", "2024-02-29"],
    ["2024-02-29T00:00:00Z", "2024-02-29"],
    ["2024-02-29T23:30:00.000+01:00", "2024-02-29"],
    ["0001-01-01", "0001-01-01"],
  ])("%j is stored as %j", (data, stored) => {
    expect(one({ type: "DATE" }, data)).toEqual(ok(stored));
  });

  it.each([
    "2023-02-29",
    "2024-13-01",
    "2024-00-10",
    "2024-04-31",
    "2024-1-5",
    "31/01/2024",
    "2024-01-31T25:00:00Z",
    "2024-01-31Tnonsense",
    "tomorrow",
  ])("%j is INVALID_DATE", (data) => {
    expect(one({ type: "DATE", required: true }, data)).toEqual(error("INVALID_DATE"));
  });

  it("parseCalendarDate mirrors the rule", () => {
    expect(parseCalendarDate("2024-02-29")).toBe("2024-02-29");
    expect(parseCalendarDate("2023-02-29")).toBeNull();
  });
});

describe("CHOICES_SINGLE", () => {
  it.each([
    ["Vegan", "Vegan"],
    [" Gluten free ", "Gluten free"],
  ])("%j is stored as %j", (data, stored) => {
    expect(one({ type: "CHOICES_SINGLE", choices: CHOICES }, data)).toEqual(ok(stored));
  });

  it.each(["vegan", "Meat", "1", "Vegan, Vegetarian"])("%j is INVALID_CHOICE", (data) => {
    expect(one({ type: "CHOICES_SINGLE", choices: CHOICES }, data)).toEqual(
      error("INVALID_CHOICE"),
    );
  });

  it("accepts a label that contains a comma", () => {
    const choices = [
      { id: 1, label: "Yes, with photos" },
      { id: 2, label: "No" },
    ];
    expect(one({ type: "CHOICES_SINGLE", choices }, "Yes, with photos")).toEqual(
      ok("Yes, with photos"),
    );
  });

  it("rejects every value when the field has no choices", () => {
    expect(one({ type: "CHOICES_SINGLE", choices: [] }, "Vegan")).toEqual(error("INVALID_CHOICE"));
  });
});

describe("CHOICES_MULTIPLE", () => {
  it.each([
    ["Vegan", "Vegan"],
    ["Vegan, Vegetarian", "Vegetarian, Vegan"], // stored in the order of the field's choices
    ["Gluten free, Vegan, Vegetarian", "Vegetarian, Vegan, Gluten free"],
    ["Vegan,Vegetarian", "Vegetarian, Vegan"],
    ["  Vegan ,  Gluten free  ", "Vegan, Gluten free"],
    ["Vegan, Vegan", "Vegan"],
    ["Vegan, , Vegetarian,", "Vegetarian, Vegan"],
  ])("%j is stored as %j", (data, stored) => {
    expect(one({ type: "CHOICES_MULTIPLE", choices: CHOICES }, data)).toEqual(ok(stored));
  });

  it.each(["Meat", "Vegan, Meat", "vegan", "Vegan; Vegetarian", "Vegan Vegetarian"])(
    "%j is INVALID_CHOICE",
    (data) => {
      expect(one({ type: "CHOICES_MULTIPLE", choices: CHOICES }, data)).toEqual(
        error("INVALID_CHOICE"),
      );
    },
  );

  it("recognises labels that contain commas", () => {
    const choices = [
      { id: 1, label: "Monday, Wednesday" },
      { id: 2, label: "Friday" },
      { id: 3, label: "Monday" },
      { id: 4, label: "Wednesday, Friday" },
    ];
    const multiple = { type: "CHOICES_MULTIPLE", choices } as const;
    expect(one(multiple, "Friday, Monday, Wednesday")).toEqual(ok("Monday, Wednesday, Friday"));
    expect(one(multiple, "Monday, Wednesday")).toEqual(ok("Monday, Wednesday"));
    // No reading covers "Sunday".
    expect(one(multiple, "Monday, Wednesday, Friday, Sunday")).toEqual(error("INVALID_CHOICE"));
    // Longest first ("Monday, Wednesday" is not offered here) then backtracking:
    // "Monday" + "Wednesday, Friday" is the only reading.
    expect(
      one({ type: "CHOICES_MULTIPLE", choices: choices.slice(2) }, "Monday, Wednesday, Friday"),
    ).toEqual(ok("Monday, Wednesday, Friday"));
  });
});

describe("length limit", () => {
  it("accepts exactly 5000 characters and refuses 5001", () => {
    expect(CUSTOM_DATA_MAX_LENGTH).toBe(5000);
    const max = "a".repeat(5000);
    expect(one({ type: "LONGTEXT" }, max)).toEqual(ok(max));
    expect(one({ type: "LONGTEXT" }, `${max}a`)).toEqual(error("TOO_LONG"));
    expect(one({ type: "TEXT" }, " ".repeat(5001))).toEqual(error("TOO_LONG"));
  });
});

describe("entries and fields", () => {
  const fields: CustomFieldDefinition[] = [
    field({ id: 10, order: 3, type: "TEXT", required: true }),
    field({ id: 11, order: 1, type: "DATE" }),
    field({ id: 12, order: 2, type: "CHOICES_MULTIPLE", choices: CHOICES }),
    field({ id: 13, order: 0, type: "TEXT", active: false, required: true }),
    field({ id: 14, order: 1, type: "LONGTEXT" }),
    field({ id: 20, order: 0, type: "TEXT", entity: "PARTICIPANTS", required: true }),
  ];
  const customerFields = fields.filter((f) => f.entity === "CUSTOMERS");

  it("returns one entry per active field, sorted by order then id", () => {
    expect(
      validateCustomData(customerFields, [
        { field_id: 12, data: "Vegan, Vegetarian" },
        { field_id: 10, data: " Dupont " },
        { field_id: 11, data: "2024-03-01T10:00:00Z" },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { field_id: 11, data: "2024-03-01" },
        { field_id: 14, data: null },
        { field_id: 12, data: "Vegetarian, Vegan" },
        { field_id: 10, data: "Dupont" },
      ],
    });
  });

  it("ignores inactive fields, even required ones", () => {
    const result = validateCustomData(customerFields, [{ field_id: 10, data: "x" }]);
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.map((entry) => entry.field_id)).toEqual([11, 14, 12, 10]);
  });

  it.each([
    ["an inactive field", 13],
    ["a field that does not exist", 99],
    ["a field of the other entity", 20],
  ])("an entry for %s is UNKNOWN_FIELD", (_label, fieldId) => {
    const entries = [
      { field_id: 10, data: "x" },
      { field_id: fieldId, data: "z" },
    ];
    const result = validateCustomData(fields, entries, "CUSTOMERS");
    expect(result).toEqual({ ok: false, errors: { [`custom_data.${fieldId}`]: "UNKNOWN_FIELD" } });
  });

  it("filters the list by entity when one is given", () => {
    expect(validateCustomData(fields, [{ field_id: 20, data: " Léa " }], "PARTICIPANTS")).toEqual({
      ok: true,
      value: [{ field_id: 20, data: "Léa" }],
    });
    expect(validateCustomData(fields, [], "PARTICIPANTS")).toEqual({
      ok: false,
      errors: { "custom_data.20": "REQUIRED" },
    });
  });

  it("without an entity, every active field of the list counts", () => {
    expect(validateCustomData(fields, [{ field_id: 10, data: "x" }])).toEqual({
      ok: false,
      errors: { "custom_data.20": "REQUIRED" },
    });
  });

  it("reports every failing field at once", () => {
    expect(
      validateCustomData(customerFields, [
        { field_id: 11, data: "2023-02-29" },
        { field_id: 12, data: "Meat" },
        { field_id: 99, data: null },
        { field_id: 14, data: "a".repeat(5001) },
      ]),
    ).toEqual({
      ok: false,
      errors: {
        "custom_data.10": "REQUIRED",
        "custom_data.11": "INVALID_DATE",
        "custom_data.12": "INVALID_CHOICE",
        "custom_data.14": "TOO_LONG",
        "custom_data.99": "UNKNOWN_FIELD",
      },
    });
  });

  it("refuses two entries for the same field", () => {
    expect(
      validateCustomData(customerFields, [
        { field_id: 10, data: "a" },
        { field_id: 10, data: "a" },
      ]),
    ).toEqual({ ok: false, errors: { "custom_data.10": "INVALID_FORMAT" } });
  });

  it("refuses data that is not a string (untyped JSON)", () => {
    const entries = [{ field_id: 10, data: 42 }] as unknown as CustomDataEntry[];
    expect(validateCustomData(customerFields, entries)).toEqual({
      ok: false,
      errors: { "custom_data.10": "INVALID_TYPE" },
    });
  });

  it("refuses values of a field type it does not know", () => {
    const odd = [{ ...field({ id: 1 }), type: "NUMBER" }] as unknown as CustomFieldDefinition[];
    expect(validateCustomData(odd, [{ field_id: 1, data: "3" }])).toEqual(error("INVALID_FORMAT"));
  });

  it("accepts empty lists", () => {
    expect(validateCustomData([], [])).toEqual({ ok: true, value: [] });
  });

  it("does not mutate its inputs", () => {
    const input = [...customerFields];
    const entries = [{ field_id: 10, data: " x " }];
    validateCustomData(input, entries);
    expect(input).toEqual(customerFields);
    expect(entries).toEqual([{ field_id: 10, data: " x " }]);
  });
});

describe("properties", () => {
  const labels = CHOICES.map((choice) => choice.label);

  it("any subset of choices, in any order, normalises to the canonical order and is stable", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(labels, { minLength: 1 }), (picked) => {
        const result = one({ type: "CHOICES_MULTIPLE", choices: CHOICES }, picked.join(", "));
        const canonical = labels.filter((label) => picked.includes(label)).join(", ");
        expect(result).toEqual(ok(canonical));
        expect(one({ type: "CHOICES_MULTIPLE", choices: CHOICES }, canonical)).toEqual(
          ok(canonical),
        );
      }),
    );
  });

  it("an optional text field accepts any string up to the limit and stores it trimmed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const trimmed = text.trim();
        expect(one({ type: "TEXT" }, text)).toEqual(ok(trimmed === "" ? null : trimmed));
      }),
    );
  });
});
