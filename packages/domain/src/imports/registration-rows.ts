import { zonedInstant } from "../zoned-time.ts";
import { parseImportAmount } from "./activity-rows.ts";
import { parseImportTime } from "./availability-rows.ts";
import type { ImportError } from "./errors.ts";
import { guessTarget, normaliseHeader } from "./headers.ts";
import {
  type MappingProblems,
  mappingProblems,
  type RowCells,
  type RowInput,
  rowCells,
} from "./kind.ts";
import {
  parseImportBirthdate,
  parseImportDate,
  parseImportEmail,
  parseImportPhone,
} from "./values.ts";

/**
 * One row of a registration file (decision 0091): a participant of a customer registered on an
 * availability. The customer is named by e-mail or the external id of a customer import (first
 * and last name and phone create them when missing), the participant by name and birth date, the
 * availability by its cuid or by its activity and the start of one of its dates in the
 * organiser's time zone. Options are named by their price's label, answers by the question's
 * title as the column's header.
 */

export type ImportedRegistration = {
  line: number;
  externalId: string | null;
  customer: {
    externalId: string | null;
    email: string | null;
    firstname: string;
    lastname: string;
    phone: string | null;
  };
  participant: { firstname: string; lastname: string; birthdate: string | null };
  availability:
    | { cuid: string }
    | { activity: { externalId: string | null; title: string | null }; startAt: string };
  /** option prices' labels */
  options: string[];
  /** the cell of each question column, by question key (questionTargetKey) */
  answers: Map<string, string>;
  /** in cents; null: the storefront's price */
  amount: number | null;
  paid: number | null;
  method: string | null;
  note: string | null;
};

export type RegistrationRowContext = {
  country: string | null;
  /** YYYY-MM-DD in the organiser's time zone */
  today: string;
  timeZone: string;
};

export const REGISTRATION_FIXED_TARGETS = [
  "registration.external_id",
  "customer.external_id",
  "customer.email",
  "customer.firstname",
  "customer.lastname",
  "customer.phone",
  "participant.firstname",
  "participant.lastname",
  "participant.birthdate",
  "availability.cuid",
  "activity.external_id",
  "activity.title",
  "availability.date",
  "availability.start_time",
  "registration.options",
  "registration.amount",
  "registration.paid_amount",
  "registration.payment_method",
  "registration.note",
] as const;
export const REGISTRATION_REQUIRED_TARGETS = ["participant.firstname"] as const;

/** A question's column: one per title, whichever activity asks it. */
export const questionTargetKey = (title: string) => `question.${normaliseHeader(title)}`;

/** The headers naming a registration file's own columns, normalised (normaliseHeader). */
const REGISTRATION_ALIASES: Record<string, readonly string[]> = {
  "registration.external_id": [
    "id",
    "id inscription",
    "identifiant inscription",
    "numero d inscription",
    "reference inscription",
    "registration id",
    "registration reference",
  ],
  "availability.cuid": ["id disponibilite", "availability id", "id session", "session id"],
  "activity.external_id": ["id activite", "activity id", "code activite", "activity code"],
  "activity.title": ["activite", "activity", "nom de l activite", "activity name", "stage"],
  "availability.date": ["date", "jour", "day", "date de debut", "start date"],
  "availability.start_time": ["heure", "debut", "heure de debut", "start", "start time", "time"],
  "registration.options": ["options", "option"],
  "registration.amount": ["montant", "prix", "price", "amount", "tarif", "total"],
  "registration.paid_amount": ["paye", "montant paye", "deja paye", "paid", "amount paid"],
  "registration.payment_method": [
    "moyen de paiement",
    "mode de paiement",
    "payment method",
    "paiement",
    "payment",
  ],
  "registration.note": ["note", "notes", "remarque", "remarques", "commentaire", "comment"],
};

/**
 * The target of each column: the file's own columns, a question by its title, else a customer's
 * or participant's column as the customer file names them.
 */
export function guessRegistrationMapping(
  headers: readonly string[],
  questionKeys: ReadonlySet<string>,
): (string | null)[] {
  const taken = new Set<string>();
  return headers.map((header) => {
    const text = normaliseHeader(header);
    const own = Object.entries(REGISTRATION_ALIASES).find(([, a]) => a.includes(text))?.[0];
    const question = questionKeys.has(`question.${text}`) ? `question.${text}` : null;
    const target = own ?? question ?? guessTarget(header, []);
    if (target === null || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}

export function registrationImportTargets(questionKeys: Iterable<string>): string[] {
  return [...REGISTRATION_FIXED_TARGETS, ...questionKeys];
}

/** The mapping's problems: the customer named by e-mail or id, the availability by either way. */
export function registrationMappingProblems(
  mapping: readonly (string | null)[],
  targets: readonly string[],
): MappingProblems | null {
  const problems = mappingProblems(mapping, targets, REGISTRATION_REQUIRED_TARGETS);
  const has = (target: string) => mapping.includes(target);
  const missing = [
    ...(has("customer.email") || has("customer.external_id") ? [] : ["customer.email"]),
    ...(has("availability.cuid") ||
    ((has("activity.external_id") || has("activity.title")) &&
      has("availability.date") &&
      has("availability.start_time"))
      ? []
      : ["availability.cuid"]),
  ];
  if (missing.length === 0) return problems;
  const base = problems ?? { unknown: [], duplicate: [], missing: [] };
  return { ...base, missing: [...base.missing, ...missing] };
}

const NAME_MAX = 100;
const ID_MAX = 100;
const NOTE_MAX = 2000;

function text(cells: RowCells, target: string, max: number): string | null {
  const value = cells.value(target);
  if (value.length > max) cells.fail(target, "TOO_LONG");
  return value === "" ? null : value;
}

function amount(cells: RowCells, target: string): number | null {
  const value = cells.value(target);
  if (value === "") return null;
  const cents = parseImportAmount(value);
  if (cents === null) cells.fail(target, "INVALID_NUMBER");
  return cents;
}

function readCustomer(cells: RowCells, context: RegistrationRowContext) {
  const externalId = text(cells, "customer.external_id", ID_MAX);
  const emailCell = cells.value("customer.email");
  const email = emailCell === "" ? null : parseImportEmail(emailCell);
  if (emailCell !== "" && email === null) cells.fail("customer.email", "INVALID_EMAIL");
  if (emailCell === "" && externalId === null) cells.fail("customer.email", "REQUIRED");
  const phoneCell = cells.value("customer.phone");
  const phone = phoneCell === "" ? null : parseImportPhone(phoneCell, context.country);
  if (phoneCell !== "" && phone === null) cells.fail("customer.phone", "INVALID_PHONE");
  return {
    externalId,
    email,
    firstname: text(cells, "customer.firstname", NAME_MAX) ?? "",
    lastname: text(cells, "customer.lastname", NAME_MAX) ?? "",
    phone,
  };
}

function readParticipant(cells: RowCells, context: RegistrationRowContext, familyName: string) {
  const firstname = text(cells, "participant.firstname", NAME_MAX) ?? "";
  if (firstname === "") cells.fail("participant.firstname", "REQUIRED");
  // "Prénom de l'enfant" alone: the child bears the family's name (a stored customer's when the
  // file names the family by e-mail only: the caller fills it in).
  const lastname = text(cells, "participant.lastname", NAME_MAX) ?? familyName;
  const birthdateCell = cells.value("participant.birthdate");
  const birthdate =
    birthdateCell === "" ? null : parseImportBirthdate(birthdateCell, context.today);
  if (birthdateCell !== "" && birthdate === null) {
    cells.fail("participant.birthdate", "INVALID_DATE");
  }
  return { firstname, lastname, birthdate };
}

function readAvailability(
  cells: RowCells,
  context: RegistrationRowContext,
): ImportedRegistration["availability"] | null {
  const cuid = text(cells, "availability.cuid", ID_MAX);
  if (cuid !== null) return { cuid };
  const activity = {
    externalId: text(cells, "activity.external_id", ID_MAX),
    title: text(cells, "activity.title", 200),
  };
  if (!activity.externalId && !activity.title) {
    const named = cells.mapped.has("availability.cuid") ? "availability.cuid" : "activity.title";
    cells.fail(named, "REQUIRED");
  }
  const dateCell = cells.value("availability.date");
  const day = parseImportDate(dateCell);
  if (day === null) cells.fail("availability.date", dateCell === "" ? "REQUIRED" : "INVALID_DATE");
  const timeCell = cells.value("availability.start_time");
  const time = parseImportTime(timeCell);
  if (time === null) {
    cells.fail("availability.start_time", timeCell === "" ? "REQUIRED" : "INVALID_TIME");
  }
  if (day === null || time === null) return null;
  return { activity, startAt: zonedInstant(day, time, context.timeZone).toISOString() };
}

const splitList = (value: string) =>
  value
    .split(value.includes(";") || value.includes("|") ? /[;|]/ : ",")
    .map((part) => part.trim())
    .filter((part) => part !== "");

/** One data row of a registration file, or every error of its cells. */
export function readRegistrationRow(
  input: RowInput,
  context: RegistrationRowContext,
): { row: ImportedRegistration } | { errors: ImportError[] } {
  const cells = rowCells(input);
  const externalId = text(cells, "registration.external_id", ID_MAX);
  const customer = readCustomer(cells, context);
  const participant = readParticipant(cells, context, customer.lastname);
  const availability = readAvailability(cells, context);
  const price = amount(cells, "registration.amount");
  const paid = amount(cells, "registration.paid_amount");
  if (price !== null && paid !== null && paid > price) {
    cells.fail("registration.paid_amount", "PAID_ABOVE_AMOUNT");
  }
  const method = text(cells, "registration.payment_method", NAME_MAX);
  const note = text(cells, "registration.note", NOTE_MAX);
  const answers = new Map<string, string>();
  for (const target of cells.mapped) {
    if (target.startsWith("question.")) answers.set(target, cells.value(target));
  }
  if (cells.errors.length > 0 || availability === null) return { errors: cells.errors };
  return {
    row: {
      line: input.line,
      externalId,
      customer,
      participant,
      availability,
      options: splitList(cells.value("registration.options")),
      answers,
      amount: price,
      paid,
      method,
      note,
    },
  };
}
