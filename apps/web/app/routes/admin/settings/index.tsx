import { redirect } from "react-router";
import { SETTINGS_SECTIONS } from "../../../components/admin/settings/sections";
import { forbidden, requireConsole } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/index";

/** /admin/settings opens the first section the collaborator may read. */
export function loader(args: Route.LoaderArgs) {
  const { session } = requireConsole(args);
  const section = SETTINGS_SECTIONS.find((tab) => hasPermission(session, tab.permission));
  if (!section) forbidden();
  throw redirect(section.to);
}
