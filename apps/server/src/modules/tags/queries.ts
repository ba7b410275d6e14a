import {
  collaborators,
  collaboratorTags,
  customers,
  customerTags,
  organiserCollaborators,
  participants,
  participantTags,
  type TagEntity,
  type TenantTx,
  tags,
} from "@booking/db";
import { and, asc, eq, inArray, isNull, type SQL, sql } from "@booking/db/orm";

// The statements of tags (decision 0088). Each kind of record has its join table.

export type TagRow = typeof tags.$inferSelect;

/** A kind's join table and the column naming the tagged record. */
export const TAGGED = {
  CUSTOMERS: { table: customerTags, owner: customerTags.customerId },
  PARTICIPANTS: { table: participantTags, owner: participantTags.participantId },
  COLLABORATORS: { table: collaboratorTags, owner: collaboratorTags.memberId },
} as const;

/** The organiser's tags of a kind by name, with how many records carry each. */
export async function listTags(tx: TenantTx, organiserId: number, entity: TagEntity) {
  const { table } = TAGGED[entity];
  return tx
    .select({
      tag: tags,
      // The outer row's columns are named in full: inside the subquery drizzle's would be bare.
      count: sql<number>`(select count(*)::int from ${table} x
        where x.organiser_id = tags.organiser_id and x.tag_id = tags.id)`,
    })
    .from(tags)
    .where(and(eq(tags.organiserId, organiserId), eq(tags.entity, entity)))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function findTag(
  tx: TenantTx,
  organiserId: number,
  entity: TagEntity,
  cuid: string,
): Promise<TagRow | null> {
  const [row] = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.organiserId, organiserId), eq(tags.entity, entity), eq(tags.cuid, cuid)));
  return row ?? null;
}

/** Whether another tag of the kind has this name, whatever its case. */
export async function tagNameTaken(
  tx: TenantTx,
  organiserId: number,
  entity: TagEntity,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.organiserId, organiserId),
        eq(tags.entity, entity),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${tags.id} <> ${exceptId}`,
      ),
    );
  return rows.length > 0;
}

export async function insertTag(
  tx: TenantTx,
  values: Pick<typeof tags.$inferInsert, "organiserId" | "entity" | "name" | "color">,
): Promise<TagRow> {
  const [row] = await tx.insert(tags).values(values).returning();
  return row!;
}

export async function updateTag(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: { name: string; color: string },
): Promise<TagRow> {
  const [row] = await tx
    .update(tags)
    .set(values)
    .where(and(eq(tags.organiserId, organiserId), eq(tags.id, id)))
    .returning();
  return row!;
}

/** Deletes a tag; its assignments go with it (cascade). */
export async function deleteTag(tx: TenantTx, organiserId: number, id: number): Promise<void> {
  await tx.delete(tags).where(and(eq(tags.organiserId, organiserId), eq(tags.id, id)));
}

/** The tags of a kind named by `cuids` (the unknown ones left out). */
export async function findTagsByCuid(
  tx: TenantTx,
  organiserId: number,
  entity: TagEntity,
  cuids: string[],
): Promise<TagRow[]> {
  if (cuids.length === 0) return [];
  return tx
    .select()
    .from(tags)
    .where(
      and(eq(tags.organiserId, organiserId), eq(tags.entity, entity), inArray(tags.cuid, cuids)),
    );
}

/** The id of the tagged record behind a cuid (a member's for a collaborator), or null. */
export async function findTaggedId(
  tx: TenantTx,
  organiserId: number,
  entity: TagEntity,
  cuid: string,
): Promise<number | null> {
  const rows =
    entity === "CUSTOMERS"
      ? await tx
          .select({ id: customers.id })
          .from(customers)
          .where(
            and(
              eq(customers.organiserId, organiserId),
              eq(customers.cuid, cuid),
              isNull(customers.anonymisedAt),
            ),
          )
      : entity === "PARTICIPANTS"
        ? await tx
            .select({ id: participants.id })
            .from(participants)
            .where(
              and(
                eq(participants.organiserId, organiserId),
                eq(participants.cuid, cuid),
                isNull(participants.deletedAt),
              ),
            )
        : await tx
            .select({ id: organiserCollaborators.id })
            .from(organiserCollaborators)
            .innerJoin(collaborators, eq(collaborators.id, organiserCollaborators.collaboratorId))
            .where(
              and(
                eq(organiserCollaborators.organiserId, organiserId),
                eq(collaborators.cuid, cuid),
              ),
            );
  return rows[0]?.id ?? null;
}

/** The tags of some records of a kind, by record id, each list by name. */
export async function tagsOf(
  tx: TenantTx,
  organiserId: number,
  entity: TagEntity,
  ids: number[],
): Promise<Map<number, TagRow[]>> {
  const result = new Map<number, TagRow[]>();
  if (ids.length === 0) return result;
  const { table, owner } = TAGGED[entity];
  const rows = await tx
    .select({ owner, tag: tags })
    .from(table)
    .innerJoin(tags, and(eq(tags.organiserId, table.organiserId), eq(tags.id, table.tagId)))
    .where(and(eq(table.organiserId, organiserId), inArray(owner, ids)))
    .orderBy(asc(sql`lower(${tags.name})`));
  for (const row of rows) result.set(row.owner, [...(result.get(row.owner) ?? []), row.tag]);
  return result;
}

/** Replaces a record's tags by `tagIds`. */
export async function replaceTags(
  tx: TenantTx,
  organiserId: number,
  entity: TagEntity,
  recordId: number,
  tagIds: number[],
): Promise<void> {
  const { table, owner } = TAGGED[entity];
  await tx.delete(table).where(and(eq(table.organiserId, organiserId), eq(owner, recordId)));
  if (tagIds.length === 0) return;
  const rows = tagIds.map((tagId) => ({ organiserId, tagId }));
  if (entity === "CUSTOMERS") {
    await tx.insert(customerTags).values(rows.map((row) => ({ ...row, customerId: recordId })));
  } else if (entity === "PARTICIPANTS") {
    await tx
      .insert(participantTags)
      .values(rows.map((row) => ({ ...row, participantId: recordId })));
  } else {
    await tx.insert(collaboratorTags).values(rows.map((row) => ({ ...row, memberId: recordId })));
  }
}

/**
 * The condition "the record carries one of the tags `cuids`" for a list's or a segment's query:
 * `record` is the id of the kind's record there (customers.id, participants.id,
 * organiser_collaborators.id).
 */
export function taggedCondition(
  organiserId: number,
  entity: TagEntity,
  record: SQL,
  cuids: string[],
): SQL {
  const { table, owner } = TAGGED[entity];
  return sql`exists (select 1 from ${table}
    join ${tags} on ${tags.organiserId} = ${table.organiserId} and ${tags.id} = ${table.tagId}
    where ${table.organiserId} = ${organiserId} and ${owner} = ${record}
      and ${inArray(tags.cuid, cuids)})`;
}
