import { TAG_KINDS, type TagList } from "@booking/contracts";
import { TagsPanel } from "../../../components/admin/tags/tags-panel";
import { requireConsole } from "../../../lib/admin/loaders";
import { loadTags } from "../../../lib/admin/tag-loaders";
import type { Route } from "./+types/tags";

/** Settings › Étiquettes (decision 0088): the tags of each kind the role may read. */
export async function loader(args: Route.LoaderArgs) {
  requireConsole(args);
  const lists = await Promise.all(TAG_KINDS.map((kind) => loadTags(args, kind)));
  return {
    kinds: TAG_KINDS.flatMap((kind, index) => {
      const list: TagList | null = lists[index] ?? null;
      return list ? [{ kind, tags: list.data }] : [];
    }),
  };
}

export default function TagSettings({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      {loaderData.kinds.map(({ kind, tags }) => (
        <TagsPanel key={kind} kind={kind} tags={tags} />
      ))}
    </div>
  );
}
