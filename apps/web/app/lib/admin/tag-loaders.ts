import type { TagAssignmentView, TagKind, TagList } from "@booking/contracts";
import type { Permission } from "@booking/domain";
import { adminGet, type ConsoleLoaderArgs, requireConsole } from "./loaders";
import { hasPermission } from "./permissions";

/** Whose tags permissions a kind takes: participants are the customers' (decision 0088). */
export const tagPermission = (
  kind: TagKind,
  action: "create" | "read" | "update" | "delete",
): Permission =>
  `${kind === "collaborators" ? "collaborators" : "customers"}.tags.${action}` as Permission;

/** The organiser's tags of a kind when the role may read them, else null (nothing shown). */
export async function loadTags(args: ConsoleLoaderArgs, kind: TagKind): Promise<TagList | null> {
  const { session } = requireConsole(args);
  if (!hasPermission(session, tagPermission(kind, "read"))) return null;
  return adminGet<TagList>(args, `/api/admin/tags/${kind}`);
}

/** A record's tags and the kind's tags to choose from, when the role may read them. */
export async function loadRecordTags(args: ConsoleLoaderArgs, kind: TagKind, cuid: string) {
  const choices = await loadTags(args, kind);
  if (!choices) return null;
  const { tags } = await adminGet<TagAssignmentView>(
    args,
    `/api/admin/${kind}/${encodeURIComponent(cuid)}/tags`,
  );
  return { kind, choices: choices.data, tags };
}
export type RecordTags = NonNullable<Awaited<ReturnType<typeof loadRecordTags>>>;
