import type {
  BadgeListList,
  BadgeListView,
  BadgeRef,
  badgeListBody,
  ParticipantBadgesView,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  type BadgeRow,
  badgeListNameTaken,
  badgesOfParticipants,
  deleteBadgeList,
  findBadgeList,
  findBadgesByCuid,
  findParticipantId,
  insertBadgeList,
  listBadgeLists,
  listBadges,
  renameBadgeList,
  replaceBadges,
  replaceParticipantBadges,
} from "./queries.ts";

// Badge lists and participants' badges (decision 0088). Every change is audited.

type BadgeListInput = z.output<typeof badgeListBody>;

export const badgeRef = ({ badge, list }: { badge: BadgeRow; list: string }): BadgeRef => ({
  cuid: badge.cuid,
  label: badge.label,
  color: badge.color,
  list,
});

/** Labels unique within the list (case ignored), and kept cuids of this list only. */
async function checkedBadges(
  context: ConsoleContext,
  listId: number | null,
  input: BadgeListInput,
) {
  const labels = input.badges.map((badge) => badge.label.toLowerCase());
  if (new Set(labels).size < labels.length) throw validationError({ badges: "DUPLICATE" });
  const kept = input.badges.flatMap((badge) => (badge.cuid ? [badge.cuid] : []));
  const own = listId === null ? [] : await listBadges(context.db, context.organiser.id, [listId]);
  if (kept.some((cuid) => !own.some((badge) => badge.cuid === cuid))) {
    throw validationError({ badges: "INVALID_CHOICE" });
  }
}

async function requireList(context: ConsoleContext, cuid: string) {
  const list = await findBadgeList(context.db, context.organiser.id, cuid);
  if (!list) throw new AppError("NOT_FOUND");
  return list;
}

async function requireFreeName(context: ConsoleContext, name: string, exceptId?: number) {
  if (await badgeListNameTaken(context.db, context.organiser.id, name, exceptId)) {
    throw validationError({ name: "DUPLICATE" });
  }
}

const auditOf = (input: BadgeListInput) => ({
  name: input.name,
  badges: input.badges.map((badge) => badge.label),
});

export const badgeListsConsole = {
  async list(context: ConsoleContext): Promise<BadgeListList> {
    const { db, organiser } = context;
    const rows = await listBadgeLists(db, organiser.id);
    const all = await listBadges(
      db,
      organiser.id,
      rows.map((row) => row.list.id),
    );
    return {
      data: rows.map(
        (row): BadgeListView => ({
          cuid: row.list.cuid,
          name: row.list.name,
          badges: all
            .filter((badge) => badge.badgeListId === row.list.id)
            .map((badge) => ({ cuid: badge.cuid, label: badge.label, color: badge.color })),
          participants_count: row.participants,
        }),
      ),
    };
  },

  async one(context: ConsoleContext, cuid: string): Promise<BadgeListView> {
    const found = (await this.list(context)).data.find((list) => list.cuid === cuid);
    if (!found) throw new AppError("NOT_FOUND");
    return found;
  },

  async create(context: ConsoleContext, input: BadgeListInput): Promise<BadgeListView> {
    await requireFreeName(context, input.name);
    await checkedBadges(context, null, input);
    const list = await insertBadgeList(context.db, context.organiser.id, input.name);
    await replaceBadges(context.db, context.organiser.id, list.id, input.badges);
    await context.audit({
      action: "badge_list.created",
      entity: "badge_list",
      entityId: list.cuid,
      after: auditOf(input),
    });
    return this.one(context, list.cuid);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: BadgeListInput,
  ): Promise<BadgeListView> {
    const list = await requireList(context, cuid);
    await requireFreeName(context, input.name, list.id);
    await checkedBadges(context, list.id, input);
    const before = await listBadges(context.db, context.organiser.id, [list.id]);
    await renameBadgeList(context.db, context.organiser.id, list.id, input.name);
    await replaceBadges(context.db, context.organiser.id, list.id, input.badges);
    await context.audit({
      action: "badge_list.updated",
      entity: "badge_list",
      entityId: cuid,
      before: { name: list.name, badges: before.map((badge) => badge.label) },
      after: auditOf(input),
    });
    return this.one(context, cuid);
  },

  async remove(context: ConsoleContext, cuid: string): Promise<{ ok: true }> {
    const list = await requireList(context, cuid);
    await deleteBadgeList(context.db, context.organiser.id, list.id);
    await context.audit({
      action: "badge_list.deleted",
      entity: "badge_list",
      entityId: cuid,
      before: { name: list.name },
    });
    return { ok: true };
  },

  async ofParticipant(context: ConsoleContext, cuid: string): Promise<ParticipantBadgesView> {
    const id = await findParticipantId(context.db, context.organiser.id, cuid);
    if (id === null) throw new AppError("PARTICIPANT_NOT_FOUND");
    const found = await badgesOfParticipants(context.db, context.organiser.id, [id]);
    return { badges: (found.get(id) ?? []).map(badgeRef) };
  },

  /** PUT /api/admin/participants/:cuid/badges: the participant's whole set. Audited. */
  async assign(
    context: ConsoleContext,
    cuid: string,
    cuids: string[],
  ): Promise<ParticipantBadgesView> {
    const { db, organiser } = context;
    const id = await findParticipantId(db, organiser.id, cuid);
    if (id === null) throw new AppError("PARTICIPANT_NOT_FOUND");
    const wanted = [...new Set(cuids)];
    const found = await findBadgesByCuid(db, organiser.id, wanted);
    if (found.length < wanted.length) throw validationError({ badges: "INVALID_CHOICE" });
    const before = await badgesOfParticipants(db, organiser.id, [id]);
    await replaceParticipantBadges(
      db,
      organiser.id,
      id,
      found.map((row) => row.badge.id),
    );
    await context.audit({
      action: "participant.badges_updated",
      entity: "participant",
      entityId: cuid,
      before: { badges: (before.get(id) ?? []).map((row) => row.badge.label) },
      after: { badges: found.map((row) => row.badge.label) },
    });
    return this.ofParticipant(context, cuid);
  },
};
