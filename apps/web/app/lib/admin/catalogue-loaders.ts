import type { AdminCategoryGroupView } from "@booking/contracts";
import { adminGet, type ConsoleLoaderArgs, requireConsole } from "./loaders";
import { hasPermission } from "./permissions";

/**
 * The category groups for an activity's form or filters; none for a collaborator who may not
 * read categories (the page still works, without them).
 */
export async function readCategoryGroups(
  args: ConsoleLoaderArgs,
): Promise<AdminCategoryGroupView[]> {
  const { session } = requireConsole(args);
  if (!hasPermission(session, "activities.categories.read")) return [];
  return (await adminGet<{ data: AdminCategoryGroupView[] }>(args, "/api/admin/category-groups"))
    .data;
}
