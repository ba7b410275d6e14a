import type { BadgeListList } from "@booking/contracts";
import { BadgeListEditor } from "../../../components/admin/tags/badge-list-editor";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/badges";

/** Settings › Badges (decision 0088): the badge lists staff attach to participants. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "badge_lists.badge_lists.read");
  return adminGet<BadgeListList>(args, "/api/admin/badge-lists");
}

export default function BadgeSettings({ loaderData }: Route.ComponentProps) {
  const { can } = useConsole();
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      {loaderData.data.map((list) => (
        <BadgeListEditor key={JSON.stringify(list)} list={list} />
      ))}
      {can("badge_lists.badge_lists.create") ? <BadgeListEditor list={null} /> : null}
    </div>
  );
}
