import {
  activities,
  availabilities,
  categories,
  customers,
  customFields,
  locations,
  memberships,
  newsletters,
  participants,
  type SegmentConditions,
  type SegmentEntity,
  segments,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, desc, eq, gt, inArray } from "@booking/db/orm";
import { localDay } from "@booking/domain/zoned-time";
import { segmentCondition } from "../catalogue/queries.ts";
import { type SegmentScope, segmentCustomersWhere, segmentParticipantsWhere } from "./match.ts";

// Every query filters by organiser explicitly; row-level security is the second wall.

export type Segment = typeof segments.$inferSelect;

export async function listSegments(
  tx: TenantTx,
  organiserId: number,
  entity: SegmentEntity | undefined,
): Promise<Segment[]> {
  return tx
    .select()
    .from(segments)
    .where(
      and(eq(segments.organiserId, organiserId), entity ? eq(segments.entity, entity) : undefined),
    )
    .orderBy(desc(segments.isDefault), asc(segments.entity), asc(segments.name), asc(segments.id));
}

export async function findSegment(
  tx: TenantTx,
  organiserId: number,
  where: { cuid: string } | { id: number },
): Promise<Segment | null> {
  const [row] = await tx
    .select()
    .from(segments)
    .where(
      and(
        eq(segments.organiserId, organiserId),
        "cuid" in where ? eq(segments.cuid, where.cuid) : eq(segments.id, where.id),
      ),
    );
  return row ?? null;
}

export async function insertSegment(
  tx: TenantTx,
  values: {
    organiserId: number;
    entity: SegmentEntity;
    name: string;
    conditions: SegmentConditions;
  },
): Promise<Segment> {
  const [row] = await tx.insert(segments).values(values).returning();
  return row!;
}

export async function updateSegment(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: { name: string; conditions: SegmentConditions },
): Promise<Segment> {
  const [row] = await tx
    .update(segments)
    .set(values)
    .where(and(eq(segments.organiserId, organiserId), eq(segments.id, id)))
    .returning();
  return row!;
}

export async function deleteSegment(tx: TenantTx, organiserId: number, id: number): Promise<void> {
  await tx.delete(segments).where(and(eq(segments.organiserId, organiserId), eq(segments.id, id)));
}

export async function segmentHasNewsletters(
  tx: TenantTx,
  organiserId: number,
  segmentId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.organiserId, organiserId), eq(newsletters.segmentId, segmentId)))
    .limit(1);
  return row !== undefined;
}

/** The organiser's custom fields by cuid, for compiling and checking conditions. */
export async function customFieldsByCuid(
  tx: TenantTx,
  organiserId: number,
): Promise<SegmentScope["fields"]> {
  const rows = await tx
    .select({ id: customFields.id, cuid: customFields.cuid, entity: customFields.entity })
    .from(customFields)
    .where(eq(customFields.organiserId, organiserId));
  // Segments select customers and participants: the staff's fields are not conditions.
  return new Map(
    rows.flatMap((row) =>
      row.entity === "COLLABORATORS" ? [] : [[row.cuid, { id: row.id, entity: row.entity }]],
    ),
  );
}

const REFERENCED = { activities, memberships, locations, categories } as const;
export type ReferencedKind = keyof typeof REFERENCED;

/** The cuids of `wanted` that name no row of this organiser (another organiser's included). */
export async function unknownCuids(
  tx: TenantTx,
  organiserId: number,
  kind: ReferencedKind,
  wanted: string[],
): Promise<string[]> {
  if (wanted.length === 0) return [];
  const table = REFERENCED[kind];
  const rows = await tx
    .select({ cuid: table.cuid })
    .from(table)
    .where(and(eq(table.organiserId, organiserId), inArray(table.cuid, wanted)));
  const known = new Set(rows.map((row) => row.cuid));
  return wanted.filter((cuid) => !known.has(cuid));
}

/** How many rows of its entity a segment selects. */
export async function countSelected(
  scope: SegmentScope,
  entity: SegmentEntity,
  conditions: SegmentConditions,
): Promise<number> {
  const { tx, organiserId } = scope;
  if (entity === "AVAILABILITIES") {
    const [row] = await tx
      .select({ n: count() })
      .from(availabilities)
      .where(
        and(
          eq(availabilities.organiserId, organiserId),
          segmentCondition(tx, organiserId, conditions),
        ),
      );
    return row!.n;
  }
  if (entity === "PARTICIPANTS") {
    const [row] = await tx
      .select({ n: count() })
      .from(participants)
      .innerJoin(
        customers,
        and(
          eq(customers.organiserId, participants.organiserId),
          eq(customers.id, participants.customerId),
        ),
      )
      .where(segmentParticipantsWhere(scope, conditions));
    return row!.n;
  }
  const [row] = await tx
    .select({ n: count() })
    .from(customers)
    .where(segmentCustomersWhere(scope, entity, conditions));
  return row!.n;
}

/** How many consenting customers a newsletter to the segment reaches. */
export async function countRecipients(
  scope: SegmentScope,
  entity: SegmentEntity,
  conditions: SegmentConditions,
): Promise<number> {
  const [row] = await scope.tx
    .select({ n: count() })
    .from(customers)
    .where(
      and(
        eq(customers.newsletterSubscribed, true),
        segmentCustomersWhere(scope, entity, conditions),
      ),
    );
  return row!.n;
}

export type Recipient = {
  id: number;
  cuid: string;
  email: string;
  firstname: string;
  lastname: string;
  newsletterSubscribed: boolean;
  newsletterSubscribedAt: Date | null;
};

/**
 * The next `limit` consenting customers the segment reaches after customer id `afterId`, by id
 * (keyset pagination: each page costs the same, however far the walk has gone).
 */
export async function recipientsAfter(
  scope: SegmentScope,
  segment: Pick<Segment, "entity" | "conditions">,
  afterId: number,
  limit: number,
): Promise<Recipient[]> {
  return scope.tx
    .select({
      id: customers.id,
      cuid: customers.cuid,
      email: customers.email,
      firstname: customers.firstname,
      lastname: customers.lastname,
      newsletterSubscribed: customers.newsletterSubscribed,
      newsletterSubscribedAt: customers.newsletterSubscribedAt,
    })
    .from(customers)
    .where(
      and(
        eq(customers.newsletterSubscribed, true),
        gt(customers.id, afterId),
        segmentCustomersWhere(scope, segment.entity, segment.conditions),
      ),
    )
    .orderBy(asc(customers.id))
    .limit(limit);
}

/** What compiling an organiser's conditions needs: its time zone, today there, its fields. */
export async function segmentScope(
  tx: TenantTx,
  organiser: { id: number; timezone: string },
  now: Date,
): Promise<SegmentScope> {
  return {
    tx,
    organiserId: organiser.id,
    timezone: organiser.timezone,
    today: localDay(now, organiser.timezone),
    now,
    fields: await customFieldsByCuid(tx, organiser.id),
  };
}
