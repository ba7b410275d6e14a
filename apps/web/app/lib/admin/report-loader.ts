import { REPORT_PERMISSIONS, type ReportName, type ReportView } from "@booking/contracts";
import type { ReportPageData } from "../../components/admin/reports/report-page";
import { adminGet, type ConsoleLoaderArgs, requirePermission } from "./loaders";

/** The URL parameters a report reads; the others (none today) are left out of its API call. */
const REPORT_PARAMS = ["from", "to", "group", "activity", "category", "location"] as const;

/**
 * The loader of a report page: the report of the URL's filters from GET /api/admin/reports/:name,
 * or the refused filters when the API answers 400 (a reversed or too long period).
 */
export async function loadReport(
  args: ConsoleLoaderArgs,
  report: ReportName,
): Promise<ReportPageData> {
  const { api } = requirePermission(args, REPORT_PERMISSIONS[report]);
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const name of REPORT_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const selected = Object.fromEntries(query);
  const path = `/api/admin/reports/${report}?${query}`;
  const answer = await api.get<{ error?: string; fields?: Record<string, string> }>(path);
  if (answer.status === 400) {
    return { report, view: null, error: answer.body.fields ?? {}, selected };
  }
  return { report, view: await adminGet<ReportView>(args, path), error: null, selected };
}
