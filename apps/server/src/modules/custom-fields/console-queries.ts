import {
  type CustomFieldEntity,
  customers,
  customFields,
  organiserCollaborators,
  participants,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray, max, sql } from "@booking/db/orm";
import { positionIn } from "../activities/ordering.ts";

export type CustomField = typeof customFields.$inferSelect;
export type CustomFieldValues = Pick<
  CustomField,
  "type" | "title" | "description" | "required" | "active" | "pattern" | "choices"
>;

export async function listFields(
  tx: TenantTx,
  organiserId: number,
  entity: CustomFieldEntity | undefined,
): Promise<CustomField[]> {
  return tx
    .select()
    .from(customFields)
    .where(
      and(
        eq(customFields.organiserId, organiserId),
        entity ? eq(customFields.entity, entity) : undefined,
      ),
    )
    .orderBy(asc(customFields.entity), asc(customFields.order), asc(customFields.id));
}

export async function findField(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(customFields)
    .where(and(eq(customFields.organiserId, organiserId), eq(customFields.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/**
 * How many customers or participants hold a non-blank value of each field: one pass over each
 * table's custom data (fields are few, people many).
 */
export async function countValues(tx: TenantTx, organiserId: number): Promise<Map<number, number>> {
  const result = await tx.execute<{ field_id: number; n: number }>(sql`
    select (entry->>'field_id')::int as field_id, count(*)::int as n
    from (
      select jsonb_array_elements(${customers.customData}) as entry
      from ${customers} where ${customers.organiserId} = ${organiserId}
      union all
      select jsonb_array_elements(${participants.customData})
      from ${participants} where ${participants.organiserId} = ${organiserId}
      union all
      select jsonb_array_elements(${organiserCollaborators.customData})
      from ${organiserCollaborators} where ${organiserCollaborators.organiserId} = ${organiserId}
    ) entries
    where jsonb_typeof(entry->'field_id') = 'number' and coalesce(entry->>'data', '') <> ''
    group by 1`);
  return new Map(result.rows.map((row) => [row.field_id, row.n]));
}

/** Whether any record of the field's entity (a customer, participant, collaborator) holds a value. */
export async function fieldHasValues(tx: TenantTx, field: CustomField): Promise<boolean> {
  const table = {
    CUSTOMERS: customers,
    PARTICIPANTS: participants,
    COLLABORATORS: organiserCollaborators,
  }[field.entity];
  const result = await tx.execute<{ used: boolean }>(sql`
    select exists(
      select 1 from ${table}, jsonb_array_elements(${table.customData}) entry
      where ${table.organiserId} = ${field.organiserId}
        and entry @> ${JSON.stringify({ field_id: field.id })}::jsonb
        and coalesce(entry->>'data', '') <> ''
    ) as used`);
  return result.rows[0]?.used ?? false;
}

export async function nextFieldOrder(
  tx: TenantTx,
  organiserId: number,
  entity: CustomFieldEntity,
): Promise<number> {
  const [row] = await tx
    .select({ last: max(customFields.order) })
    .from(customFields)
    .where(and(eq(customFields.organiserId, organiserId), eq(customFields.entity, entity)));
  return (row?.last ?? -1) + 1;
}

export async function insertField(
  tx: TenantTx,
  values: typeof customFields.$inferInsert,
): Promise<CustomField> {
  const [row] = await tx.insert(customFields).values(values).returning();
  return row!;
}

export async function updateField(
  tx: TenantTx,
  id: number,
  values: CustomFieldValues,
): Promise<CustomField> {
  const [row] = await tx
    .update(customFields)
    .set(values)
    .where(eq(customFields.id, id))
    .returning();
  return row!;
}

export async function deleteField(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(customFields).where(eq(customFields.id, id));
}

export async function reorderFields(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(customFields)
    .set({ order: positionIn(customFields.id, ids) })
    .where(and(eq(customFields.organiserId, organiserId), inArray(customFields.id, ids)));
}
