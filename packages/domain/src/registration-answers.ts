/**
 * Options and questions of a registration (storefront.md §3 "Registration payload", §5 "Add
 * availability"; platform-and-account.md §5 "Questions", "Options"), checked against the
 * activity's configuration. Pure functions: the cart service loads the configuration and calls
 * them for the add (options and questions) and the estimate (options only, no answer required).
 *
 * Error keys are relative to the registration (the service prefixes `registrations.{i}.`):
 *
 * OPTIONS ({@link validateRegistrationOptions}), per entry j of `options`:
 * - `options.{j}.price_id` INVALID_CHOICE: the price id is not a price of one of the activity's
 *   options, or a second price of an option already chosen (an option with one price is a switch,
 *   with several a choice of one price id);
 * - `options.{j}.content`: not a string → INVALID_TYPE; longer than 2000 → TOO_LONG; blank when
 *   the option requires an answer → REQUIRED (unless `requireAnswers` is false: the estimate).
 *   The content is trimmed; blank is null. An option not requiring an answer keeps none.
 *
 * QUESTIONS ({@link validateRegistrationQuestions}):
 * - structural errors keep the entry's index: `questions.{j}.question_id` INVALID_CHOICE for an
 *   id that is not one of the activity's questions, or a second entry of one question;
 * - value errors are keyed by the question id, like custom fields (`questions.{question_id}`), so
 *   that an unanswered required question (no entry at all) has a key too:
 *   - unanswered (no entry, null, blank text, empty array) → REQUIRED when required, else null;
 *   - TEXT: a string, trimmed, at most 2000 characters (INVALID_TYPE, TOO_LONG);
 *   - DATE: a calendar day YYYY-MM-DD (or an ISO datetime, its date part) → INVALID_DATE;
 *   - CHOICES_SINGLE: one choice id (an integer, or its digits as a string) among the question's
 *     choices → INVALID_CHOICE (INVALID_TYPE when not an id at all);
 *   - CHOICES_MULTIPLE: an array of such ids, each among the choices (INVALID_CHOICE),
 *     duplicates dropped, at least 1 when required.
 * Answers are returned normalised (text trimmed, date YYYY-MM-DD, ids as numbers), one entry per
 * submitted question, in the activity's question order.
 */

import { parseCalendarDate } from "./custom-fields.ts";
import type { AmountOrPercentage } from "./pricing/registration.ts";

/** Maximum length of a free-text answer (option content or TEXT question). */
export const ANSWER_MAX_LENGTH = 2000;

export type RegistrationAnswerErrorCode =
  | "REQUIRED"
  | "INVALID_TYPE"
  | "INVALID_CHOICE"
  | "INVALID_DATE"
  | "TOO_LONG";

export type AnswerErrors = Record<string, RegistrationAnswerErrorCode>;

/** One price of an activity option, with what the option asks. */
export type OptionPriceDefinition = AmountOrPercentage & {
  id: number;
  option_id: number;
  /** The option asks a free-text answer when taken. */
  answer_required: boolean;
};

export type OptionChoiceInput = { price_id: number; content?: unknown };
export type ChosenOption = { price_id: number; content: string | null };

export type OptionsValidation =
  | {
      ok: true;
      /** The entries as stored (content trimmed, null when blank or not asked). */
      value: ChosenOption[];
      /** The chosen prices, in entry order, for `estimateRegistration`. */
      prices: AmountOrPercentage[];
    }
  | { ok: false; errors: AnswerErrors };

export type QuestionType = "TEXT" | "DATE" | "CHOICES_SINGLE" | "CHOICES_MULTIPLE";

export type QuestionDefinition = {
  id: number;
  type: QuestionType;
  required: boolean;
  choices: ReadonlyArray<{ id: number | string; label: string }>;
};

export type QuestionAnswerInput = { question_id: number; content?: unknown };
export type QuestionAnswerValue = string | number | number[] | null;
export type QuestionAnswer = { question_id: number; content: QuestionAnswerValue };

export type QuestionsValidation =
  | { ok: true; value: QuestionAnswer[] }
  | { ok: false; errors: AnswerErrors };

/** Key of a question's value error (relative to the registration). */
export function questionErrorKey(questionId: number): string {
  return `questions.${questionId}`;
}

type TextResult =
  | { ok: true; text: string | null }
  | { ok: false; code: "INVALID_TYPE" | "TOO_LONG" };

/** A free-text answer: null/undefined/blank → null; else trimmed, at most 2000 characters. */
function readText(raw: unknown): TextResult {
  if (raw === null || raw === undefined) return { ok: true, text: null };
  if (typeof raw !== "string") return { ok: false, code: "INVALID_TYPE" };
  const text = raw.trim();
  if (text.length > ANSWER_MAX_LENGTH) return { ok: false, code: "TOO_LONG" };
  return { ok: true, text: text === "" ? null : text };
}

/** Checks the chosen options against the activity's option prices (see the header). */
export function validateRegistrationOptions(
  input: readonly OptionChoiceInput[],
  prices: readonly OptionPriceDefinition[],
  { requireAnswers = true }: { requireAnswers?: boolean } = {},
): OptionsValidation {
  const byId = new Map(prices.map((price) => [price.id, price]));
  const errors: AnswerErrors = {};
  const takenOptions = new Set<number>();
  const value: ChosenOption[] = [];
  const chosen: AmountOrPercentage[] = [];
  input.forEach((entry, index) => {
    const price = byId.get(entry.price_id);
    if (!price || takenOptions.has(price.option_id)) {
      errors[`options.${index}.price_id`] = "INVALID_CHOICE";
      return;
    }
    takenOptions.add(price.option_id);
    const content = readText(entry.content);
    if (!content.ok) {
      errors[`options.${index}.content`] = content.code;
      return;
    }
    if (price.answer_required && requireAnswers && content.text === null) {
      errors[`options.${index}.content`] = "REQUIRED";
      return;
    }
    value.push({ price_id: price.id, content: price.answer_required ? content.text : null });
    chosen.push({ amount: price.amount ?? null, percentage: price.percentage ?? null });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value, prices: chosen };
}

/** A choice id as a number: an integer, or a string of digits; null otherwise. */
function readChoiceId(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw === "string" && /^\d{1,15}$/.test(raw.trim())) return Number(raw.trim());
  return null;
}

type AnswerResult =
  | { ok: true; content: QuestionAnswerValue }
  | { ok: false; code: RegistrationAnswerErrorCode };

function validateAnswer(question: QuestionDefinition, raw: unknown): AnswerResult {
  const unanswered = (): AnswerResult =>
    question.required ? { ok: false, code: "REQUIRED" } : { ok: true, content: null };
  const choiceIds = new Set(
    question.choices.map((choice) => readChoiceId(choice.id)).filter((id) => id !== null),
  );
  switch (question.type) {
    case "TEXT": {
      const text = readText(raw);
      if (!text.ok) return text;
      return text.text === null ? unanswered() : { ok: true, content: text.text };
    }
    case "DATE": {
      const text = readText(raw);
      if (!text.ok)
        return { ok: false, code: text.code === "TOO_LONG" ? "INVALID_DATE" : "INVALID_TYPE" };
      if (text.text === null) return unanswered();
      const date = parseCalendarDate(text.text);
      return date === null ? { ok: false, code: "INVALID_DATE" } : { ok: true, content: date };
    }
    case "CHOICES_SINGLE": {
      if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")) {
        return unanswered();
      }
      const id = readChoiceId(raw);
      if (id === null) return { ok: false, code: "INVALID_TYPE" };
      return choiceIds.has(id) ? { ok: true, content: id } : { ok: false, code: "INVALID_CHOICE" };
    }
    case "CHOICES_MULTIPLE": {
      if (raw === null || raw === undefined) return unanswered();
      if (!Array.isArray(raw)) return { ok: false, code: "INVALID_TYPE" };
      const ids: number[] = [];
      for (const entry of raw) {
        const id = readChoiceId(entry);
        if (id === null) return { ok: false, code: "INVALID_TYPE" };
        if (!choiceIds.has(id)) return { ok: false, code: "INVALID_CHOICE" };
        if (!ids.includes(id)) ids.push(id);
      }
      return ids.length === 0 ? unanswered() : { ok: true, content: ids };
    }
  }
}

/** Checks the answers against the activity's questions (see the header). */
export function validateRegistrationQuestions(
  input: readonly QuestionAnswerInput[],
  questions: readonly QuestionDefinition[],
): QuestionsValidation {
  const errors: AnswerErrors = {};
  const known = new Set(questions.map((question) => question.id));
  const answers = new Map<number, unknown>();
  input.forEach((entry, index) => {
    if (!known.has(entry.question_id) || answers.has(entry.question_id)) {
      errors[`questions.${index}.question_id`] = "INVALID_CHOICE";
      return;
    }
    answers.set(entry.question_id, entry.content ?? null);
  });
  const value: QuestionAnswer[] = [];
  for (const question of questions) {
    const result = validateAnswer(question, answers.get(question.id));
    if (!result.ok) errors[questionErrorKey(question.id)] = result.code;
    else if (answers.has(question.id)) {
      value.push({ question_id: question.id, content: result.content });
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value };
}

/** `errors` with every key prefixed (`registrations.0.` + `options.1.price_id`). */
export function prefixErrors(prefix: string, errors: AnswerErrors): AnswerErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([key, code]) => [`${prefix}${key}`, code]),
  ) as AnswerErrors;
}
