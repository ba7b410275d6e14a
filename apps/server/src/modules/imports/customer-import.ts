import type { TenantTx } from "@booking/db";
import {
  CUSTOMER_REQUIRED_TARGETS,
  type CustomerImportPlan,
  type CustomFieldDefinition,
  columnOfTarget,
  customerImportTargets,
  customerMappingProblems,
  customFieldKey,
  guessMapping,
  localDay,
  planCustomerImport,
  readCustomerRow,
  readImportRows,
} from "@booking/domain";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { activeCustomFields } from "../accounts/queries.ts";
import type { Organiser } from "../organisers/queries.ts";
import { type ImportKindHandler, type KindCheck, withPlanErrors } from "./kind-check.ts";
import {
  findExistingCustomers,
  type ImportRow,
  insertCustomers,
  insertParticipants,
  updateImportedCustomer,
  updateImportedParticipant,
} from "./queries.ts";

/**
 * A customer file checked against the organiser's customers (the check and dry run), and its
 * plan written (the commit). Both read the same rows with the same rules (packages/domain).
 */
export async function checkCustomerImport(
  tx: TenantTx,
  organiser: Organiser,
  upload: ImportRow,
  fields: readonly CustomFieldDefinition[],
  now: Date,
): Promise<KindCheck> {
  const problems = customerMappingProblems(upload.mapping, fields);
  if (problems) return { problems, errors: [], plan: null };
  const context = {
    customFields: fields,
    country: organiser.country,
    today: localDay(now, organiser.timezone),
  };
  const { rows, errors } = readImportRows({ ...upload, rows: upload.rows ?? [] }, (input) =>
    readCustomerRow(input, context),
  );
  const existing = await findExistingCustomers(tx, organiser.id, {
    emails: [...new Set(rows.map((row) => row.customer.email))],
    externalIds: [
      ...new Set(rows.flatMap((row) => (row.customer.externalId ? [row.customer.externalId] : []))),
    ],
  });
  const plan = planCustomerImport(rows, existing, columnOfTarget(upload));
  return withPlanErrors(null, errors, plan, {
    summary: plan.summary,
    apply: () => applyCustomerPlan(tx, organiser.id, plan),
  });
}

/**
 * Writes a plan without errors: new customers and participants by batches, then the changes.
 * The new ones' ids are written into the plan (a registration import registers them next).
 */
export async function applyCustomerPlan(
  tx: TenantTx,
  organiserId: number,
  plan: CustomerImportPlan,
): Promise<void> {
  const created = plan.customers.filter((customer) => customer.action === "create");
  const ids = await insertCustomers(
    tx,
    organiserId,
    created.map((customer) => customer.values),
  );
  created.forEach((customer, index) => {
    customer.id = ids[index]!;
  });
  const newParticipants = plan.customers.flatMap((customer) =>
    customer.participants
      .filter((participant) => participant.action === "create")
      .map((participant) => ({ participant, customerId: customer.id! })),
  );
  const participantIds = await insertParticipants(
    tx,
    organiserId,
    newParticipants.map(({ participant, customerId }) => ({ ...participant.values, customerId })),
  );
  newParticipants.forEach(({ participant }, index) => {
    participant.id = participantIds[index]!;
  });
  for (const customer of plan.customers) {
    if (customer.action === "update") {
      await updateImportedCustomer(tx, organiserId, customer.id!, customer.values);
    }
    for (const participant of customer.participants) {
      if (participant.action === "update") {
        await updateImportedParticipant(tx, organiserId, participant.id!, participant.values);
      }
    }
  }
}

async function customFieldsOf(context: ConsoleContext): Promise<CustomFieldDefinition[]> {
  const { db, organiser } = context;
  const of = async (entity: "CUSTOMERS" | "PARTICIPANTS") =>
    (await activeCustomFields(db, organiser.id, entity)).map((field) => ({ ...field, entity }));
  return [...(await of("CUSTOMERS")), ...(await of("PARTICIPANTS"))];
}

/** Customers with their participants and custom data. */
export const customerImport: ImportKindHandler = {
  async targets(context) {
    const fields = await customFieldsOf(context);
    return {
      keys: customerImportTargets(fields),
      required: [...CUSTOMER_REQUIRED_TARGETS],
      titles: new Map(fields.map((field) => [customFieldKey(field), field.title] as const)),
      guess: (headers) => guessMapping(headers, fields),
    };
  },
  async check(context, upload) {
    const fields = await customFieldsOf(context);
    return checkCustomerImport(context.db, context.organiser, upload, fields, nowOf(context));
  },
};
