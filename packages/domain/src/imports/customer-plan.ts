import type { CustomDataEntry } from "../custom-fields.ts";
import type { CustomerImportRow, ImportedCustomer, ImportedParticipant } from "./customer-rows.ts";
import type { ImportError } from "./errors.ts";
import { countActions as count, type ImportAction, type ImportCounts } from "./kind.ts";

/**
 * What importing a customer file would do against the organiser's customers (the dry run, and
 * the commit's list of writes): a customer is matched by its external id, else its e-mail; a
 * participant by its customer, name and birth date. A value the file leaves empty keeps what is
 * stored, so importing the same file again changes nothing.
 */

export type CustomerImportSummary = { customers: ImportCounts; participants: ImportCounts };

export type ExistingParticipant = ImportedParticipant & { id: number };
export type ExistingCustomer = ImportedCustomer & {
  id: number;
  participants: ExistingParticipant[];
};

export type PlannedParticipant = {
  action: ImportAction;
  id: number | null;
  values: ImportedParticipant;
  /** the file's lines naming this participant */
  lines: number[];
};
export type PlannedCustomer = {
  action: ImportAction;
  id: number | null;
  values: ImportedCustomer;
  participants: PlannedParticipant[];
};
export type CustomerImportPlan = {
  customers: PlannedCustomer[];
  errors: ImportError[];
  summary: CustomerImportSummary;
};

/** Stored entries with the file's non-empty values laid over them, in field order. */
function mergedCustomData(
  stored: readonly CustomDataEntry[],
  file: readonly CustomDataEntry[],
): CustomDataEntry[] {
  const byField = new Map(stored.map((entry) => [entry.field_id, entry.data]));
  for (const entry of file) if (entry.data !== null) byField.set(entry.field_id, entry.data);
  return [...byField].map(([field_id, data]) => ({ field_id, data }));
}

const sameCustomData = (a: readonly CustomDataEntry[], b: readonly CustomDataEntry[]) => {
  const left = new Map(a.filter((e) => e.data !== null).map((e) => [e.field_id, e.data]));
  const right = b.filter((e) => e.data !== null);
  return left.size === right.length && right.every((e) => left.get(e.field_id) === e.data);
};

const nameKey = (p: { firstname: string; lastname: string }) =>
  `${p.firstname.trim().toLowerCase()}\u0000${p.lastname.trim().toLowerCase()}`;

type Group = { existing: ExistingCustomer | null; rows: CustomerImportRow[] };

function customerValues(group: Group): { action: ImportAction; values: ImportedCustomer } {
  const [first, ...others] = group.rows.map((row) => row.customer);
  let values: ImportedCustomer = { ...first!, customData: first!.customData };
  for (const other of others) {
    values = {
      ...values,
      externalId: values.externalId ?? other.externalId,
      customData: mergedCustomData(other.customData, values.customData),
    };
  }
  const stored = group.existing;
  if (!stored) {
    return {
      action: "create",
      values: { ...values, customData: mergedCustomData([], values.customData) },
    };
  }
  const merged: ImportedCustomer = {
    ...values,
    externalId: values.externalId ?? stored.externalId,
    customData: mergedCustomData(stored.customData, values.customData),
  };
  const unchanged =
    merged.externalId === stored.externalId &&
    merged.firstname === stored.firstname &&
    merged.lastname === stored.lastname &&
    merged.email === stored.email &&
    merged.phone === stored.phone &&
    sameCustomData(stored.customData, merged.customData);
  return { action: unchanged ? "unchanged" : "update", values: merged };
}

function participantPlans(group: Group): PlannedParticipant[] {
  const planned: PlannedParticipant[] = [];
  const existing = group.existing?.participants ?? [];
  for (const row of group.rows) {
    const file = row.participant;
    if (!file) continue;
    const key = nameKey(file);
    const sameName = (p: ImportedParticipant) => nameKey(p) === key;
    const fits = (p: ImportedParticipant) =>
      sameName(p) &&
      (p.birthdate === file.birthdate || p.birthdate === null || file.birthdate === null);
    const already = planned.find((plan) => fits(plan.values));
    if (already) {
      already.lines.push(row.line);
      already.values = {
        ...already.values,
        birthdate: already.values.birthdate ?? file.birthdate,
        customData: mergedCustomData(already.values.customData, file.customData),
      };
      continue;
    }
    // The same birth date first; a stored participant without one takes the file's.
    const stored =
      existing.find((p) => sameName(p) && p.birthdate === file.birthdate) ?? existing.find(fits);
    if (!stored) {
      planned.push({
        action: "create",
        id: null,
        values: { ...file, customData: mergedCustomData([], file.customData) },
        lines: [row.line],
      });
      continue;
    }
    planned.push({
      action: "unchanged",
      id: stored.id,
      values: {
        firstname: stored.firstname,
        lastname: stored.lastname,
        birthdate: stored.birthdate ?? file.birthdate,
        customData: mergedCustomData(stored.customData, file.customData),
      },
      lines: [row.line],
    });
  }
  for (const plan of planned) {
    const stored = existing.find((p) => p.id === plan.id);
    if (stored) {
      const same =
        stored.birthdate === plan.values.birthdate &&
        sameCustomData(stored.customData, plan.values.customData);
      plan.action = same ? "unchanged" : "update";
    }
  }
  return planned;
}

/**
 * Rows grouped by the customer they name. A row whose external id and e-mail name two different
 * customers (in the file or stored) is an error and joins no group.
 */
function groupRows(
  rows: readonly CustomerImportRow[],
  existing: readonly ExistingCustomer[],
  columnOf: (target: string) => string | null,
): { groups: Map<string, Group>; errors: ImportError[] } {
  const groups = new Map<string, Group>();
  const errors: ImportError[] = [];
  const keyOfExternalId = new Map<string, string>();
  const externalIdOfKey = new Map<string, string>();
  for (const row of rows) {
    const { email, externalId } = row.customer;
    const byExternalId = externalId ? existing.find((c) => c.externalId === externalId) : undefined;
    const byEmail = existing.find((c) => c.email === email);
    if (byExternalId && byEmail && byExternalId.id !== byEmail.id) {
      errors.push({
        line: row.line,
        column: columnOf("customer.email"),
        code: "EMAIL_OF_ANOTHER_CUSTOMER",
      });
      continue;
    }
    const stored = byExternalId ?? byEmail ?? null;
    const key = stored ? `id:${stored.id}` : `email:${email}`;
    const storedExternalId = stored?.externalId ?? null;
    const knownExternalId = externalIdOfKey.get(key) ?? storedExternalId;
    const conflicting =
      externalId !== null &&
      ((knownExternalId !== null && knownExternalId !== externalId) ||
        (keyOfExternalId.get(externalId) ?? key) !== key);
    if (conflicting) {
      errors.push({
        line: row.line,
        column: columnOf("customer.external_id"),
        code: "CONFLICTING_EXTERNAL_ID",
      });
      continue;
    }
    if (externalId !== null) {
      keyOfExternalId.set(externalId, key);
      externalIdOfKey.set(key, externalId);
    }
    const group = groups.get(key) ?? { existing: stored, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return { groups, errors };
}

/**
 * The plan of a customer import: rows (already read without errors) against the stored
 * customers they may name (those with one of the file's e-mails or external ids, with their
 * participants). `columnOf` names the column of a target for the errors.
 */
export function planCustomerImport(
  rows: readonly CustomerImportRow[],
  existing: readonly ExistingCustomer[],
  columnOf: (target: string) => string | null,
): CustomerImportPlan {
  const { groups, errors } = groupRows(rows, existing, columnOf);
  const customers = [...groups.values()].map((group): PlannedCustomer => {
    const { action, values } = customerValues(group);
    return {
      action,
      id: group.existing?.id ?? null,
      values,
      participants: participantPlans(group),
    };
  });
  return {
    customers,
    errors,
    summary: {
      customers: count(customers.map((c) => c.action)),
      participants: count(customers.flatMap((c) => c.participants.map((p) => p.action))),
    },
  };
}
