import { describe, expect, it } from "vitest";
import {
  ANSWER_MAX_LENGTH,
  estimateRegistration,
  type OptionPriceDefinition,
  prefixErrors,
  type QuestionDefinition,
  validateRegistrationOptions,
  validateRegistrationQuestions,
} from "../src/index.ts";

// Option 1 is a switch (one price, an amount); option 2 a choice of two prices (an amount or a
// percentage) and asks a free-text answer.
const prices: OptionPriceDefinition[] = [
  { id: 10, option_id: 1, answer_required: false, amount: 500, percentage: null },
  { id: 20, option_id: 2, answer_required: true, amount: 1000, percentage: null },
  { id: 21, option_id: 2, answer_required: true, amount: null, percentage: 12.5 },
];

describe("validateRegistrationOptions", () => {
  it("accepts known prices, trims the answer and returns the prices to estimate", () => {
    const result = validateRegistrationOptions(
      [
        { price_id: 10, content: "ignored: not asked" },
        { price_id: 21, content: "  sans gluten " },
      ],
      prices,
    );
    expect(result).toEqual({
      ok: true,
      value: [
        { price_id: 10, content: null },
        { price_id: 21, content: "sans gluten" },
      ],
      prices: [
        { amount: 500, percentage: null },
        { amount: null, percentage: 12.5 },
      ],
    });
    if (!result.ok) throw new Error("unreachable");
    // The prices feed the one pricing function: 500 + 12.5 % of 333 (41.625 → 42).
    expect(estimateRegistration({ price: 333, options: result.prices }).details.options_total).toBe(
      542,
    );
  });

  it("accepts no options at all", () => {
    expect(validateRegistrationOptions([], prices)).toEqual({ ok: true, value: [], prices: [] });
  });

  it("refuses an unknown price id and a second price of the same option", () => {
    expect(
      validateRegistrationOptions(
        [
          { price_id: 99, content: null },
          { price_id: 20, content: "a" },
          { price_id: 21, content: "b" },
        ],
        prices,
      ),
    ).toEqual({
      ok: false,
      errors: { "options.0.price_id": "INVALID_CHOICE", "options.2.price_id": "INVALID_CHOICE" },
    });
  });

  it("requires the answer of an option that asks one, except for an estimate", () => {
    for (const content of [undefined, null, "", "   "]) {
      expect(validateRegistrationOptions([{ price_id: 20, content }], prices)).toEqual({
        ok: false,
        errors: { "options.0.content": "REQUIRED" },
      });
    }
    expect(
      validateRegistrationOptions([{ price_id: 20 }], prices, { requireAnswers: false }),
    ).toMatchObject({ ok: true, value: [{ price_id: 20, content: null }] });
  });

  it("bounds and types the answer", () => {
    expect(
      validateRegistrationOptions(
        [
          { price_id: 20, content: "x".repeat(ANSWER_MAX_LENGTH + 1) },
          { price_id: 10, content: 12 },
        ],
        prices,
      ),
    ).toEqual({
      ok: false,
      errors: { "options.0.content": "TOO_LONG", "options.1.content": "INVALID_TYPE" },
    });
    expect(
      validateRegistrationOptions(
        [{ price_id: 20, content: "x".repeat(ANSWER_MAX_LENGTH) }],
        prices,
      ).ok,
    ).toBe(true);
  });
});

const question = (
  id: number,
  type: QuestionDefinition["type"],
  required = false,
  choices: QuestionDefinition["choices"] = [],
): QuestionDefinition => ({ id, type, required, choices });

const choices = [
  { id: 1, label: "Rouge" },
  { id: 2, label: "Vert" },
  { id: 3, label: "Bleu" },
];

describe("validateRegistrationQuestions", () => {
  const questions = [
    question(5, "TEXT", true),
    question(6, "DATE"),
    question(7, "CHOICES_SINGLE", true, choices),
    question(8, "CHOICES_MULTIPLE", false, choices),
  ];

  it("normalises valid answers in the activity's question order", () => {
    expect(
      validateRegistrationQuestions(
        [
          { question_id: 8, content: [3, "1", 3] },
          { question_id: 7, content: "2" },
          { question_id: 6, content: "2016-02-29T10:00:00+01:00" },
          { question_id: 5, content: "  Allergique aux arachides " },
        ],
        questions,
      ),
    ).toEqual({
      ok: true,
      value: [
        { question_id: 5, content: "Allergique aux arachides" },
        { question_id: 6, content: "2016-02-29" },
        { question_id: 7, content: 2 },
        { question_id: 8, content: [3, 1] },
      ],
    });
  });

  it("lets optional questions go unanswered (null) and keeps submitted nulls", () => {
    expect(
      validateRegistrationQuestions(
        [
          { question_id: 5, content: "ok" },
          { question_id: 7, content: 1 },
          { question_id: 8, content: [] },
          { question_id: 6, content: null },
        ],
        questions,
      ),
    ).toEqual({
      ok: true,
      value: [
        { question_id: 5, content: "ok" },
        { question_id: 6, content: null },
        { question_id: 7, content: 1 },
        { question_id: 8, content: null },
      ],
    });
  });

  it("reports required questions left unanswered under their id", () => {
    expect(validateRegistrationQuestions([{ question_id: 5, content: "  " }], questions)).toEqual({
      ok: false,
      errors: { "questions.5": "REQUIRED", "questions.7": "REQUIRED" },
    });
    const multiple = [question(9, "CHOICES_MULTIPLE", true, choices)];
    expect(validateRegistrationQuestions([{ question_id: 9, content: [] }], multiple)).toEqual({
      ok: false,
      errors: { "questions.9": "REQUIRED" },
    });
  });

  it("refuses unknown and repeated question ids by entry index", () => {
    expect(
      validateRegistrationQuestions(
        [
          { question_id: 5, content: "a" },
          { question_id: 404, content: "b" },
          { question_id: 7, content: 1 },
          { question_id: 5, content: "c" },
        ],
        questions,
      ),
    ).toEqual({
      ok: false,
      errors: {
        "questions.1.question_id": "INVALID_CHOICE",
        "questions.3.question_id": "INVALID_CHOICE",
      },
    });
  });

  it.each([
    [5, 12, "INVALID_TYPE"],
    [5, "x".repeat(ANSWER_MAX_LENGTH + 1), "TOO_LONG"],
    [6, "2023-02-30", "INVALID_DATE"],
    [6, "demain", "INVALID_DATE"],
    [6, 20230101, "INVALID_TYPE"],
    [7, 4, "INVALID_CHOICE"],
    [7, "Rouge", "INVALID_TYPE"],
    [7, 1.5, "INVALID_TYPE"],
    [8, 2, "INVALID_TYPE"],
    [8, [1, 4], "INVALID_CHOICE"],
    [8, ["Rouge"], "INVALID_TYPE"],
  ])("question %i answered %j → %s", (id, content, code) => {
    const answers = [
      { question_id: 5, content: "ok" },
      { question_id: 7, content: 1 },
    ].filter((answer) => answer.question_id !== id);
    expect(
      validateRegistrationQuestions([...answers, { question_id: id, content }], questions),
    ).toEqual({ ok: false, errors: { [`questions.${id}`]: code } });
  });

  it("accepts a TEXT answer of exactly the maximum length", () => {
    expect(
      validateRegistrationQuestions(
        [{ question_id: 1, content: "x".repeat(ANSWER_MAX_LENGTH) }],
        [question(1, "TEXT", true)],
      ).ok,
    ).toBe(true);
  });

  it("accepts no questions when the activity has none, and refuses answers then", () => {
    expect(validateRegistrationQuestions([], [])).toEqual({ ok: true, value: [] });
    expect(validateRegistrationQuestions([{ question_id: 1, content: "a" }], [])).toEqual({
      ok: false,
      errors: { "questions.0.question_id": "INVALID_CHOICE" },
    });
  });
});

describe("prefixErrors", () => {
  it("prefixes every key", () => {
    expect(prefixErrors("registrations.2.", { "options.0.price_id": "INVALID_CHOICE" })).toEqual({
      "registrations.2.options.0.price_id": "INVALID_CHOICE",
    });
  });
});
