import { REPORTS, type ReportName } from "@booking/contracts";
import { ReportPage } from "../../../components/admin/reports/report-page";
import { loadReport } from "../../../lib/admin/report-loader";
import { notFound } from "../../../lib/server-context";
import type { Route } from "./+types/report";

const isReport = (name: string): name is ReportName =>
  (REPORTS as readonly string[]).includes(name);

/**
 * /admin/reports/:report — participation, sales, treasury or timesheet (issue 17 §1, decision
 * 0084), each behind its own permission, its filters in the URL.
 */
export async function loader(args: Route.LoaderArgs) {
  if (!isReport(args.params.report)) notFound();
  return loadReport(args, args.params.report);
}

export default function Report({ loaderData }: Route.ComponentProps) {
  return <ReportPage data={loaderData} />;
}
