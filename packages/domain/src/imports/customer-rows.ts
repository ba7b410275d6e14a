import type { CustomDataEntry, CustomFieldDefinition } from "../custom-fields.ts";
import type { ImportError } from "./errors.ts";
import { customFieldKey } from "./headers.ts";
import {
  type MappingProblems,
  mappingProblems,
  type RowCells,
  type RowInput,
  rowCells,
} from "./kind.ts";
import {
  parseCustomFieldCell,
  parseImportBirthdate,
  parseImportEmail,
  parseImportPhone,
} from "./values.ts";

/**
 * One row of a customer file: the customer (matched by e-mail or external id) and, when the row
 * names one, a participant of theirs. Families come as one row per participant, the customer's
 * columns repeated.
 */

export type ImportedCustomer = {
  externalId: string | null;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  customData: CustomDataEntry[];
};
export type ImportedParticipant = {
  firstname: string;
  lastname: string;
  birthdate: string | null;
  customData: CustomDataEntry[];
};
export type CustomerImportRow = {
  line: number;
  customer: ImportedCustomer;
  participant: ImportedParticipant | null;
};

/** What a row is read with: the organiser's active custom fields, country and today's date. */
export type CustomerRowContext = {
  customFields: readonly CustomFieldDefinition[];
  country: string | null;
  /** YYYY-MM-DD in the organiser's time zone: birth dates are not after it */
  today: string;
};

export const CUSTOMER_FIXED_TARGETS = [
  "customer.external_id",
  "customer.firstname",
  "customer.lastname",
  "customer.email",
  "customer.phone",
  "participant.firstname",
  "participant.lastname",
  "participant.birthdate",
] as const;

/** Without these columns no customer can be created. */
export const CUSTOMER_REQUIRED_TARGETS = [
  "customer.firstname",
  "customer.lastname",
  "customer.email",
  "customer.phone",
] as const;

const NAME_MAX = 100;
const EXTERNAL_ID_MAX = 100;

/** Every target a customer file's column may map to. */
export function customerImportTargets(customFields: readonly CustomFieldDefinition[]): string[] {
  return [...CUSTOMER_FIXED_TARGETS, ...customFields.map(customFieldKey)];
}

/** What keeps a mapping from being used; null when it can be. */
export function customerMappingProblems(
  mapping: readonly (string | null)[],
  customFields: readonly CustomFieldDefinition[],
): MappingProblems | null {
  return mappingProblems(mapping, customerImportTargets(customFields), CUSTOMER_REQUIRED_TARGETS);
}

type Cells = Pick<RowCells, "value" | "fail">;

function requiredName(cells: Cells, target: string): string {
  const value = cells.value(target);
  if (value === "") cells.fail(target, "REQUIRED");
  else if (value.length > NAME_MAX) cells.fail(target, "TOO_LONG");
  return value;
}

function customData(
  cells: Cells,
  fields: readonly CustomFieldDefinition[],
  mapped: ReadonlySet<string>,
): CustomDataEntry[] {
  const entries: CustomDataEntry[] = [];
  for (const field of fields) {
    const target = customFieldKey(field);
    // A field the file has no column for is left as it is (decision 0085).
    if (!mapped.has(target)) continue;
    const result = parseCustomFieldCell(field, cells.value(target));
    if (result.ok) entries.push({ field_id: field.id, data: result.data });
    else
      cells.fail(
        target,
        result.code === "UNKNOWN_FIELD" || result.code === "INVALID_TYPE"
          ? "INVALID_FORMAT"
          : result.code,
      );
  }
  return entries;
}

function readCustomer(
  cells: Cells,
  context: CustomerRowContext,
  mapped: ReadonlySet<string>,
): ImportedCustomer {
  const firstname = requiredName(cells, "customer.firstname");
  const lastname = requiredName(cells, "customer.lastname");
  const emailCell = cells.value("customer.email");
  const email = parseImportEmail(emailCell);
  if (email === null) cells.fail("customer.email", emailCell === "" ? "REQUIRED" : "INVALID_EMAIL");
  const phoneCell = cells.value("customer.phone");
  const phone = parseImportPhone(phoneCell, context.country);
  if (phone === null) cells.fail("customer.phone", phoneCell === "" ? "REQUIRED" : "INVALID_PHONE");
  const externalId = cells.value("customer.external_id");
  if (externalId.length > EXTERNAL_ID_MAX) cells.fail("customer.external_id", "TOO_LONG");
  const fields = context.customFields.filter((field) => field.entity === "CUSTOMERS");
  return {
    externalId: externalId === "" ? null : externalId,
    firstname,
    lastname,
    email: email ?? "",
    phone: phone ?? "",
    customData: customData(cells, fields, mapped),
  };
}

/** The row's participant, when any participant column is filled; null otherwise. */
function readParticipant(
  cells: Cells,
  context: CustomerRowContext,
  mapped: ReadonlySet<string>,
  customerLastname: string,
): ImportedParticipant | null {
  const fields = context.customFields.filter((field) => field.entity === "PARTICIPANTS");
  const participantTargets = [...mapped].filter((target) => target.startsWith("participant."));
  if (participantTargets.every((target) => cells.value(target) === "")) return null;
  const firstname = requiredName(cells, "participant.firstname");
  // "Prénom de l'enfant" alone: the child bears the family's name.
  const lastname = cells.value("participant.lastname") || customerLastname;
  if (lastname.length > NAME_MAX) cells.fail("participant.lastname", "TOO_LONG");
  const birthdateCell = cells.value("participant.birthdate");
  const birthdate =
    birthdateCell === "" ? null : parseImportBirthdate(birthdateCell, context.today);
  if (birthdateCell !== "" && birthdate === null)
    cells.fail("participant.birthdate", "INVALID_DATE");
  return { firstname, lastname, birthdate, customData: customData(cells, fields, mapped) };
}

/**
 * One data row read with a mapping already checked (customerMappingProblems): the customer and
 * participant it names, or every error of its cells.
 */
export function readCustomerRow(
  input: RowInput,
  context: CustomerRowContext,
): { row: CustomerImportRow } | { errors: ImportError[] } {
  const cells = rowCells(input);
  const customer = readCustomer(cells, context, cells.mapped);
  const participant = readParticipant(cells, context, cells.mapped, customer.lastname);
  return cells.errors.length > 0
    ? { errors: cells.errors }
    : { row: { line: input.line, customer, participant } };
}
