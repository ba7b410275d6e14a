import type { TenantTx } from "@booking/db";
import {
  type CustomerImportPlan,
  type CustomerImportRow,
  type CustomFieldDefinition,
  customerMappingProblems,
  type ImportError,
  localDay,
  type MappingProblems,
  planCustomerImport,
  readCustomerRow,
} from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";
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
export type CustomerImportCheck = {
  problems: MappingProblems | null;
  errors: ImportError[];
  /** null while the mapping or a row has errors: nothing can be committed then */
  plan: CustomerImportPlan | null;
};

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

export async function checkCustomerImport(
  tx: TenantTx,
  organiser: Organiser,
  upload: ImportRow,
  fields: readonly CustomFieldDefinition[],
  now: Date,
): Promise<CustomerImportCheck> {
  const { headers, mapping } = upload;
  const problems = customerMappingProblems(mapping, fields);
  if (problems) return { problems, errors: [], plan: null };
  const context = {
    customFields: fields,
    country: organiser.country,
    today: localDay(now, organiser.timezone),
  };
  const rows: CustomerImportRow[] = [];
  const errors: ImportError[] = [];
  (upload.rows ?? []).forEach((cells, index) => {
    if (isBlank(cells)) return;
    // The header is line 1.
    const result = readCustomerRow({ line: index + 2, cells, headers, mapping }, context);
    if ("row" in result) rows.push(result.row);
    else errors.push(...result.errors);
  });
  const existing = await findExistingCustomers(tx, organiser.id, {
    emails: [...new Set(rows.map((row) => row.customer.email))],
    externalIds: [
      ...new Set(rows.flatMap((row) => (row.customer.externalId ? [row.customer.externalId] : []))),
    ],
  });
  const columnOf = (target: string) => {
    const index = mapping.indexOf(target);
    return index === -1 ? null : (headers[index] ?? null);
  };
  const plan = planCustomerImport(rows, existing, columnOf);
  const all = [...errors, ...plan.errors].sort((a, b) => a.line - b.line);
  return { problems: null, errors: all, plan: all.length === 0 ? plan : null };
}

/** Writes a plan without errors: new customers and participants by batches, then the changes. */
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
  const idOf = new Map(created.map((customer, index) => [customer, ids[index]!]));
  const newParticipants = plan.customers.flatMap((customer) =>
    customer.participants
      .filter((participant) => participant.action === "create")
      .map((participant) => ({
        ...participant.values,
        customerId: customer.id ?? idOf.get(customer)!,
      })),
  );
  await insertParticipants(tx, organiserId, newParticipants);
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
