import {
  type ChosenOption,
  type OptionPriceDefinition,
  type QuestionAnswer,
  type QuestionDefinition,
  questionErrorKey,
  validateRegistrationOptions,
  validateRegistrationQuestions,
} from "../registration-answers.ts";
import type { ImportError, ImportErrorCode } from "./errors.ts";
import { countActions, type ImportCounts } from "./kind.ts";
import { type ImportedRegistration, questionTargetKey } from "./registration-rows.ts";
import { parseImportDate } from "./values.ts";

/**
 * What importing a registration file would do (decision 0091): each row matched to a stored
 * registration by its external id, else by its participant and availability (not cancelled) —
 * those are left unchanged —, the others checked as register-by-hand checks them (options and
 * the answers to the activity's questions, required ones included) and counted, in file order,
 * against the places left on the availability's dates: a row that would not fit is named.
 */

/** An availability a file names, as the plan reads it. */
export type RegistrationAvailability = {
  id: number;
  /** the dates a registration takes (open, ahead) with their places left (null: unlimited) */
  dates: { id: number; free: number | null }[];
  prices: (OptionPriceDefinition & { label: string })[];
  questions: (QuestionDefinition & { title: string })[];
};

/** A row read, its participant and availability resolved by the caller. */
export type ResolvedRegistrationRow = {
  row: ImportedRegistration;
  /** the same participant across the file (a stored id, or the new one's name and birth) */
  participantKey: string;
  /** null: a participant the import creates */
  participantId: number | null;
  availability: RegistrationAvailability | null;
};

export type ExistingRegistration = {
  id: number;
  externalId: string | null;
  participantId: number;
  availabilityId: number;
  cancelled: boolean;
};

export type PlannedRegistration = {
  action: "create" | "unchanged";
  resolved: ResolvedRegistrationRow;
  dateIds: number[];
  options: ChosenOption[];
  questions: QuestionAnswer[];
};

export type RegistrationImportPlan = {
  registrations: PlannedRegistration[];
  errors: ImportError[];
  summary: { registrations: ImportCounts };
};

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A question's cell as the answer register-by-hand takes: choices by their labels. */
function answerContent(question: RegistrationAvailability["questions"][number], cell: string) {
  if (cell === "") return null;
  const choiceId = (label: string) =>
    question.choices.find((choice) => sameText(choice.label, label))?.id ?? label;
  switch (question.type) {
    case "DATE":
      return parseImportDate(cell) ?? cell;
    case "CHOICES_SINGLE":
      return choiceId(cell);
    case "CHOICES_MULTIPLE":
      return cell.split(/[;|,]/).map((part) => choiceId(part.trim()));
    default:
      return cell;
  }
}

const answerCode = (code: string): ImportErrorCode =>
  code === "REQUIRED" || code === "INVALID_DATE" || code === "TOO_LONG" ? code : "INVALID_CHOICE";

/** The row's options and answers checked by register-by-hand's rules, or their errors. */
function choicesOf(
  resolved: ResolvedRegistrationRow & { availability: RegistrationAvailability },
  columnOf: (target: string) => string | null,
): { options: ChosenOption[]; questions: QuestionAnswer[] } | { errors: ImportError[] } {
  const { row, availability } = resolved;
  const errors: ImportError[] = [];
  const fail = (column: string | null, code: ImportErrorCode) =>
    errors.push({ line: row.line, column, code });
  const optionsColumn = columnOf("registration.options");
  const priceIds: number[] = [];
  for (const label of row.options) {
    const price = availability.prices.find((p) => sameText(p.label, label));
    if (price) priceIds.push(price.id);
    else fail(optionsColumn, "INVALID_CHOICE");
  }
  const options = validateRegistrationOptions(
    priceIds.map((price_id) => ({ price_id, content: null })),
    availability.prices,
  );
  if (!options.ok) {
    for (const code of new Set(Object.values(options.errors)))
      fail(optionsColumn, answerCode(code));
  }
  const questions = validateRegistrationQuestions(
    availability.questions.flatMap((question) => {
      const cell = row.answers.get(questionTargetKey(question.title));
      return cell === undefined
        ? []
        : [{ question_id: question.id, content: answerContent(question, cell) }];
    }),
    availability.questions,
  );
  if (!questions.ok) {
    for (const question of availability.questions) {
      const code = questions.errors[questionErrorKey(question.id)];
      const column = columnOf(questionTargetKey(question.title)) ?? question.title;
      if (code) fail(column, answerCode(code));
    }
  }
  if (errors.length > 0 || !options.ok || !questions.ok) return { errors };
  return { options: options.value, questions: questions.value };
}

/** The stored registration a row names, or an error when its id names another place. */
function matchOf(
  resolved: ResolvedRegistrationRow & { availability: RegistrationAvailability },
  existing: readonly ExistingRegistration[],
): ExistingRegistration | "conflict" | null {
  const { row, participantId, availability } = resolved;
  const samePlace = (r: ExistingRegistration) =>
    r.participantId === participantId && r.availabilityId === availability.id;
  const byId =
    row.externalId === null ? undefined : existing.find((r) => r.externalId === row.externalId);
  if (byId) return samePlace(byId) ? byId : "conflict";
  return existing.find((r) => samePlace(r) && !r.cancelled) ?? null;
}

export function planRegistrationImport(
  rows: readonly ResolvedRegistrationRow[],
  existing: readonly ExistingRegistration[],
  columnOf: (target: string) => string | null,
): RegistrationImportPlan {
  const errors: ImportError[] = [];
  const registrations: PlannedRegistration[] = [];
  const seen = new Set<string>();
  const taken = new Map<number, number>();
  const availabilityColumn = () =>
    columnOf("availability.cuid") ?? columnOf("activity.title") ?? columnOf("activity.external_id");
  for (const resolved of rows) {
    const { row, availability } = resolved;
    const fail = (column: string | null, code: ImportErrorCode) =>
      errors.push({ line: row.line, column, code });
    if (!availability) {
      fail(availabilityColumn(), "UNKNOWN_AVAILABILITY");
      continue;
    }
    const keys = [
      `place:${resolved.participantKey}:${availability.id}`,
      ...(row.externalId === null ? [] : [`id:${row.externalId}`]),
    ];
    if (keys.some((key) => seen.has(key))) {
      fail(
        columnOf("registration.external_id") ?? columnOf("participant.firstname"),
        "DUPLICATE_ROW",
      );
      continue;
    }
    for (const key of keys) seen.add(key);
    const withAvailability = { ...resolved, availability };
    const choices = choicesOf(withAvailability, columnOf);
    if ("errors" in choices) {
      errors.push(...choices.errors);
      continue;
    }
    const match = matchOf(withAvailability, existing);
    if (match === "conflict") {
      fail(columnOf("registration.external_id"), "REGISTRATION_IMPORTED_DIFFERENTLY");
      continue;
    }
    const dateIds = availability.dates.map((date) => date.id);
    if (match) {
      registrations.push({ action: "unchanged", resolved: withAvailability, dateIds, ...choices });
      continue;
    }
    if (dateIds.length === 0) {
      fail(availabilityColumn(), "NO_DATE_AHEAD");
      continue;
    }
    // The places the rows above took, as register-by-hand would find them one after the other.
    const fits = availability.dates.every(
      (date) => date.free === null || (taken.get(date.id) ?? 0) < date.free,
    );
    if (!fits) {
      fail(availabilityColumn(), "AVAILABILITY_FULL");
      continue;
    }
    for (const id of dateIds) taken.set(id, (taken.get(id) ?? 0) + 1);
    registrations.push({ action: "create", resolved: withAvailability, dateIds, ...choices });
  }
  return {
    registrations,
    errors,
    summary: { registrations: countActions(registrations.map((r) => r.action)) },
  };
}
