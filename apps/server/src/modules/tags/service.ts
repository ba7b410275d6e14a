import type {
  TagAssignmentView,
  TagKind,
  TagList,
  TagRef,
  TagView,
  tagBody,
} from "@booking/contracts";
import type { TagEntity } from "@booking/db";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  deleteTag,
  findTag,
  findTaggedId,
  findTagsByCuid,
  insertTag,
  listTags,
  replaceTags,
  type TagRow,
  tagNameTaken,
  tagsOf,
  updateTag,
} from "./queries.ts";

// Tags (decision 0088): the organiser's labels of one kind of record, and each record's set.
// Every change is audited.

type TagInput = z.output<typeof tagBody>;

export const ENTITY_OF_KIND: Record<TagKind, TagEntity> = {
  customers: "CUSTOMERS",
  participants: "PARTICIPANTS",
  collaborators: "COLLABORATORS",
};

/** The record each kind's 404 names. */
const NOT_FOUND = {
  customers: "CUSTOMER_NOT_FOUND",
  participants: "PARTICIPANT_NOT_FOUND",
  collaborators: "COLLABORATOR_NOT_FOUND",
} as const;

export const tagRef = (tag: TagRow): TagRef => ({
  cuid: tag.cuid,
  name: tag.name,
  color: tag.color,
});
const tagView = (tag: TagRow, count: number): TagView => ({ ...tagRef(tag), count });

async function requireTag(context: ConsoleContext, kind: TagKind, cuid: string) {
  const tag = await findTag(context.db, context.organiser.id, ENTITY_OF_KIND[kind], cuid);
  if (!tag) throw new AppError("NOT_FOUND");
  return tag;
}

async function requireFreeName(
  context: ConsoleContext,
  kind: TagKind,
  name: string,
  exceptId?: number,
) {
  const entity = ENTITY_OF_KIND[kind];
  if (await tagNameTaken(context.db, context.organiser.id, entity, name, exceptId)) {
    throw validationError({ name: "DUPLICATE" });
  }
}

export const tagsConsole = {
  async list(context: ConsoleContext, kind: TagKind): Promise<TagList> {
    const rows = await listTags(context.db, context.organiser.id, ENTITY_OF_KIND[kind]);
    return { data: rows.map((row) => tagView(row.tag, row.count)) };
  },

  async create(context: ConsoleContext, kind: TagKind, input: TagInput): Promise<TagView> {
    await requireFreeName(context, kind, input.name);
    const tag = await insertTag(context.db, {
      organiserId: context.organiser.id,
      entity: ENTITY_OF_KIND[kind],
      ...input,
    });
    await context.audit({
      action: "tag.created",
      entity: "tag",
      entityId: tag.cuid,
      after: { kind, ...input },
    });
    return tagView(tag, 0);
  },

  async update(
    context: ConsoleContext,
    kind: TagKind,
    cuid: string,
    input: TagInput,
  ): Promise<TagView> {
    const tag = await requireTag(context, kind, cuid);
    await requireFreeName(context, kind, input.name, tag.id);
    const updated = await updateTag(context.db, context.organiser.id, tag.id, input);
    await context.audit({
      action: "tag.updated",
      entity: "tag",
      entityId: cuid,
      before: { name: tag.name, color: tag.color },
      after: { ...input },
    });
    const rows = await listTags(context.db, context.organiser.id, ENTITY_OF_KIND[kind]);
    return tagView(updated, rows.find((row) => row.tag.id === tag.id)?.count ?? 0);
  },

  async remove(context: ConsoleContext, kind: TagKind, cuid: string): Promise<{ ok: true }> {
    const tag = await requireTag(context, kind, cuid);
    await deleteTag(context.db, context.organiser.id, tag.id);
    await context.audit({
      action: "tag.deleted",
      entity: "tag",
      entityId: cuid,
      before: { kind, name: tag.name, color: tag.color },
    });
    return { ok: true };
  },

  async ofRecord(context: ConsoleContext, kind: TagKind, cuid: string): Promise<TagAssignmentView> {
    const entity = ENTITY_OF_KIND[kind];
    const id = await findTaggedId(context.db, context.organiser.id, entity, cuid);
    if (id === null) throw new AppError(NOT_FOUND[kind]);
    const found = await tagsOf(context.db, context.organiser.id, entity, [id]);
    return { tags: (found.get(id) ?? []).map(tagRef) };
  },

  /** PUT …/:cuid/tags: the record's whole set; a tag of another kind is 400 INVALID_CHOICE. */
  async assign(
    context: ConsoleContext,
    kind: TagKind,
    cuid: string,
    cuids: string[],
  ): Promise<TagAssignmentView> {
    const { db, organiser } = context;
    const entity = ENTITY_OF_KIND[kind];
    const id = await findTaggedId(db, organiser.id, entity, cuid);
    if (id === null) throw new AppError(NOT_FOUND[kind]);
    const wanted = [...new Set(cuids)];
    const found = await findTagsByCuid(db, organiser.id, entity, wanted);
    if (found.length < wanted.length) throw validationError({ tags: "INVALID_CHOICE" });
    const before = await tagsOf(db, organiser.id, entity, [id]);
    await replaceTags(
      db,
      organiser.id,
      entity,
      id,
      found.map((tag) => tag.id),
    );
    await context.audit({
      action: "tags.assigned",
      entity: kind.slice(0, -1),
      entityId: cuid,
      before: { tags: (before.get(id) ?? []).map((tag) => tag.name) },
      after: { tags: found.map((tag) => tag.name) },
    });
    return this.ofRecord(context, kind, cuid);
  },
};
