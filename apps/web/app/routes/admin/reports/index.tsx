import { REPORT_PERMISSIONS, REPORTS } from "@booking/contracts";
import { redirect } from "react-router";
import { forbidden, requireConsole } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/index";

/** /admin/reports: the first report the collaborator may read (the sidebar's "Reports"). */
export function loader(args: Route.LoaderArgs) {
  const { session } = requireConsole(args);
  const report = REPORTS.find((name) => hasPermission(session, REPORT_PERMISSIONS[name]));
  if (!report) forbidden();
  throw redirect(`/admin/reports/${report}`);
}
