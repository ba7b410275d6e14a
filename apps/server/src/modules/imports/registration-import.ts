import {
  type CustomerImportPlan,
  type CustomerImportRow,
  columnOfTarget,
  type ExistingCustomer,
  guessRegistrationMapping,
  type ImportError,
  type ImportedRegistration,
  localDay,
  type PlannedParticipant,
  planCustomerImport,
  planRegistrationImport,
  questionTargetKey,
  REGISTRATION_REQUIRED_TARGETS,
  type RegistrationImportPlan,
  readImportRows,
  readRegistrationRow,
  registrationImportTargets,
  registrationMappingProblems,
} from "@booking/domain";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { applyCustomerPlan } from "./customer-import.ts";
import { type ImportKindHandler, withPlanErrors } from "./kind-check.ts";
import { findExistingCustomers, type ImportRow } from "./queries.ts";
import { registerPlanned } from "./registration-commit.ts";
import { findImportedRegistrations, findQuestionTitles } from "./registration-queries.ts";
import { availabilitiesOfRows } from "./registration-targets.ts";

/**
 * Registrations (decision 0091): customers and participants found or created as the customer
 * import does, each row then registered through register-by-hand's service at commit.
 */

async function targetsOf(context: ConsoleContext) {
  const titles = await findQuestionTitles(context.db, context.organiser.id);
  const keys = new Map(titles.map((title) => [questionTargetKey(title), title] as const));
  return { keys: registrationImportTargets(keys.keys()), titles: keys };
}

/** The customer part of a row as the customer import reads it: a stored customer as stored. */
function customerRowOf(
  row: ImportedRegistration,
  existing: readonly ExistingCustomer[],
): CustomerImportRow | null {
  const { customer, participant } = row;
  const stored =
    (customer.externalId
      ? existing.find((c) => c.externalId === customer.externalId)
      : undefined) ??
    (customer.email ? existing.find((c) => c.email === customer.email) : undefined);
  const complete = customer.email && customer.phone && customer.firstname && customer.lastname;
  if (!stored && !complete) return null;
  const values = stored
    ? { ...stored, externalId: stored.externalId ?? customer.externalId }
    : { ...customer, email: customer.email!, phone: customer.phone!, customData: [] };
  return {
    line: row.line,
    customer: {
      externalId: values.externalId,
      firstname: values.firstname,
      lastname: values.lastname,
      email: values.email,
      phone: values.phone,
      customData: stored?.customData ?? [],
    },
    participant: {
      ...participant,
      lastname: participant.lastname || values.lastname,
      customData: [],
    },
  };
}

/** Each line's participant in the customer plan, and the customer holding it. */
function participantsByLine(plan: CustomerImportPlan) {
  const byLine = new Map<
    number,
    { participant: PlannedParticipant; customer: (typeof plan.customers)[number] }
  >();
  for (const customer of plan.customers) {
    for (const participant of customer.participants) {
      for (const line of participant.lines) byLine.set(line, { participant, customer });
    }
  }
  return byLine;
}

type Checked = {
  customers: CustomerImportPlan;
  registrations: RegistrationImportPlan;
  errors: ImportError[];
};

async function checkRows(context: ConsoleContext, upload: ImportRow): Promise<Checked> {
  const { db, organiser } = context;
  const now = nowOf(context);
  const read = readImportRows({ ...upload, rows: upload.rows ?? [] }, (input) =>
    readRegistrationRow(input, {
      country: organiser.country,
      today: localDay(now, organiser.timezone),
      timeZone: organiser.timezone,
    }),
  );
  const columnOf = columnOfTarget(upload);
  const existing = await findExistingCustomers(db, organiser.id, {
    emails: [
      ...new Set(read.rows.flatMap((row) => (row.customer.email ? [row.customer.email] : []))),
    ],
    externalIds: [
      ...new Set(
        read.rows.flatMap((row) => (row.customer.externalId ? [row.customer.externalId] : [])),
      ),
    ],
  });
  const errors = [...read.errors];
  const customerRows: CustomerImportRow[] = [];
  for (const row of read.rows) {
    const customerRow = customerRowOf(row, existing);
    if (customerRow) customerRows.push(customerRow);
    else
      errors.push({
        line: row.line,
        column: columnOf("customer.email") ?? columnOf("customer.external_id"),
        code: "UNKNOWN_CUSTOMER",
      });
  }
  const customers = planCustomerImport(customerRows, existing, columnOf);
  errors.push(...customers.errors);
  const byLine = participantsByLine(customers);
  const keyOf = new Map<PlannedParticipant, string>();
  const rows = read.rows.filter((row) => byLine.has(row.line));
  const availabilityOf = await availabilitiesOfRows(context, rows, now);
  const resolved = rows.map((row) => {
    const { participant } = byLine.get(row.line)!;
    if (!keyOf.has(participant)) keyOf.set(participant, String(keyOf.size));
    return {
      row,
      participantKey: keyOf.get(participant)!,
      participantId: participant.id,
      availability: availabilityOf(row),
    };
  });
  const stored = await findImportedRegistrations(db, organiser.id, {
    externalIds: [...new Set(rows.flatMap((row) => (row.externalId ? [row.externalId] : [])))],
    participantIds: [
      ...new Set(resolved.flatMap((r) => (r.participantId === null ? [] : [r.participantId]))),
    ],
    availabilityIds: [
      ...new Set(resolved.flatMap((r) => (r.availability ? [r.availability.id] : []))),
    ],
  });
  const registrations = planRegistrationImport(resolved, stored, columnOf);
  errors.push(...registrations.errors);
  return { customers, registrations, errors };
}

export const registrationImport: ImportKindHandler = {
  async targets(context) {
    const { keys, titles } = await targetsOf(context);
    const questionKeys = new Set(titles.keys());
    return {
      keys,
      required: [...REGISTRATION_REQUIRED_TARGETS],
      titles,
      guess: (headers) => guessRegistrationMapping(headers, questionKeys),
    };
  },
  async check(context, upload) {
    const { keys } = await targetsOf(context);
    const problems = registrationMappingProblems(upload.mapping, keys);
    if (problems) return { problems, errors: [], plan: null };
    const checked = await checkRows(context, upload);
    const { customers, registrations } = checked;
    return withPlanErrors(
      null,
      checked.errors,
      { errors: [] },
      {
        summary: { ...customers.summary, ...registrations.summary },
        async apply({ sendConfirmations }) {
          await applyCustomerPlan(context.db, context.organiser.id, customers);
          const byLine = participantsByLine(customers);
          await registerPlanned(context, registrations, {
            confirm: sendConfirmations,
            peopleOf: (line) => {
              const { customer, participant } = byLine.get(line)!;
              const { firstname, lastname, birthdate } = participant.values;
              return {
                customerId: customer.id!,
                participant: { id: participant.id!, firstname, lastname, birthdate },
              };
            },
          });
        },
      },
    );
  },
};
