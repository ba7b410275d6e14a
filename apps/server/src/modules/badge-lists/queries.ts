import { badgeLists, badges, participantBadges, participants, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray, isNull, notInArray, sql } from "@booking/db/orm";

// The statements of badge lists (decision 0088).

export type BadgeListRow = typeof badgeLists.$inferSelect;
export type BadgeRow = typeof badges.$inferSelect;

export async function listBadgeLists(tx: TenantTx, organiserId: number) {
  return tx
    .select({
      list: badgeLists,
      participants: sql<number>`(select count(distinct pb.participant_id)::int
        from ${participantBadges} pb join ${badges} b
          on b.organiser_id = pb.organiser_id and b.id = pb.badge_id
        where pb.organiser_id = badge_lists.organiser_id and b.badge_list_id = badge_lists.id)`,
    })
    .from(badgeLists)
    .where(eq(badgeLists.organiserId, organiserId))
    .orderBy(asc(sql`lower(${badgeLists.name})`), asc(badgeLists.id));
}

/** The badges of some lists, each list's in order. */
export async function listBadges(
  tx: TenantTx,
  organiserId: number,
  listIds: number[],
): Promise<BadgeRow[]> {
  if (listIds.length === 0) return [];
  return tx
    .select()
    .from(badges)
    .where(and(eq(badges.organiserId, organiserId), inArray(badges.badgeListId, listIds)))
    .orderBy(asc(badges.position), asc(badges.id));
}

export async function findBadgeList(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<BadgeListRow | null> {
  const [row] = await tx
    .select()
    .from(badgeLists)
    .where(and(eq(badgeLists.organiserId, organiserId), eq(badgeLists.cuid, cuid)))
    .for("update");
  return row ?? null;
}

export async function badgeListNameTaken(
  tx: TenantTx,
  organiserId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: badgeLists.id })
    .from(badgeLists)
    .where(
      and(
        eq(badgeLists.organiserId, organiserId),
        sql`lower(${badgeLists.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${badgeLists.id} <> ${exceptId}`,
      ),
    );
  return rows.length > 0;
}

export async function insertBadgeList(
  tx: TenantTx,
  organiserId: number,
  name: string,
): Promise<BadgeListRow> {
  const [row] = await tx.insert(badgeLists).values({ organiserId, name }).returning();
  return row!;
}

export async function renameBadgeList(tx: TenantTx, organiserId: number, id: number, name: string) {
  await tx
    .update(badgeLists)
    .set({ name })
    .where(and(eq(badgeLists.organiserId, organiserId), eq(badgeLists.id, id)));
}

export async function deleteBadgeList(tx: TenantTx, organiserId: number, id: number) {
  await tx
    .delete(badgeLists)
    .where(and(eq(badgeLists.organiserId, organiserId), eq(badgeLists.id, id)));
}

/**
 * Makes the list's badges `wanted`, in order: those with a cuid of the list are updated, the
 * others inserted, the list's badges left out deleted (their assignments cascade).
 */
export async function replaceBadges(
  tx: TenantTx,
  organiserId: number,
  listId: number,
  wanted: ReadonlyArray<{ cuid?: string; label: string; color: string }>,
): Promise<void> {
  const kept = wanted.flatMap((badge) => (badge.cuid ? [badge.cuid] : []));
  await tx
    .delete(badges)
    .where(
      and(
        eq(badges.organiserId, organiserId),
        eq(badges.badgeListId, listId),
        kept.length > 0 ? notInArray(badges.cuid, kept) : undefined,
      ),
    );
  // Labels are unique per list: clear the kept ones' first, so a swap of two labels is allowed.
  await tx
    .update(badges)
    .set({ label: sql`${badges.cuid}` })
    .where(and(eq(badges.organiserId, organiserId), eq(badges.badgeListId, listId)));
  for (const [position, badge] of wanted.entries()) {
    const values = { label: badge.label, color: badge.color, position };
    if (badge.cuid) {
      await tx
        .update(badges)
        .set(values)
        .where(
          and(
            eq(badges.organiserId, organiserId),
            eq(badges.badgeListId, listId),
            eq(badges.cuid, badge.cuid),
          ),
        );
    } else {
      await tx.insert(badges).values({ organiserId, badgeListId: listId, ...values });
    }
  }
}

/** The organiser's badges named by `cuids` with their list's name. */
export async function findBadgesByCuid(tx: TenantTx, organiserId: number, cuids: string[]) {
  if (cuids.length === 0) return [];
  return tx
    .select({ badge: badges, list: badgeLists.name })
    .from(badges)
    .innerJoin(
      badgeLists,
      and(eq(badgeLists.organiserId, badges.organiserId), eq(badgeLists.id, badges.badgeListId)),
    )
    .where(and(eq(badges.organiserId, organiserId), inArray(badges.cuid, cuids)));
}

/** The badges of some participants, by participant id, in their lists' and their own order. */
export async function badgesOfParticipants(
  tx: TenantTx,
  organiserId: number,
  participantIds: number[],
) {
  const result = new Map<number, Array<{ badge: BadgeRow; list: string }>>();
  if (participantIds.length === 0) return result;
  const rows = await tx
    .select({
      participantId: participantBadges.participantId,
      badge: badges,
      list: badgeLists.name,
    })
    .from(participantBadges)
    .innerJoin(
      badges,
      and(
        eq(badges.organiserId, participantBadges.organiserId),
        eq(badges.id, participantBadges.badgeId),
      ),
    )
    .innerJoin(
      badgeLists,
      and(eq(badgeLists.organiserId, badges.organiserId), eq(badgeLists.id, badges.badgeListId)),
    )
    .where(
      and(
        eq(participantBadges.organiserId, organiserId),
        inArray(participantBadges.participantId, participantIds),
      ),
    )
    .orderBy(asc(sql`lower(${badgeLists.name})`), asc(badges.position));
  for (const row of rows) {
    result.set(row.participantId, [
      ...(result.get(row.participantId) ?? []),
      { badge: row.badge, list: row.list },
    ]);
  }
  return result;
}

export async function findParticipantId(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.cuid, cuid),
        isNull(participants.deletedAt),
      ),
    );
  return row?.id ?? null;
}

export async function replaceParticipantBadges(
  tx: TenantTx,
  organiserId: number,
  participantId: number,
  badgeIds: number[],
): Promise<void> {
  await tx
    .delete(participantBadges)
    .where(
      and(
        eq(participantBadges.organiserId, organiserId),
        eq(participantBadges.participantId, participantId),
      ),
    );
  if (badgeIds.length === 0) return;
  await tx
    .insert(participantBadges)
    .values(badgeIds.map((badgeId) => ({ organiserId, participantId, badgeId })));
}
