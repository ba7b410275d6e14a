import {
  REPORT_PERMISSIONS,
  REPORTS,
  reportExportParams,
  reportExportQuery,
  reportFilters,
  reportView as reportViewSchema,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { validationError } from "../../http/app-error.ts";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { reportFile } from "./export.ts";
import { computeReport, reportView } from "./service.ts";

/**
 * GET /api/admin/reports/{participation,sales,treasury,timesheet}: a report with its filters; and
 * `.csv` / `.xlsx`: one of its tables (`table`, default its first) with every row. One route per
 * report, as each asks its own permission (docs/decisions/0084-reports.md). A download is written
 * to the audit log like the other exports.
 */
export function registerReportConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const report of REPORTS) {
    const config = { console: REPORT_PERMISSIONS[report] };
    const tags = ["console: reports"];
    api.get(
      `/api/admin/reports/${report}`,
      { schema: { tags, querystring: reportFilters, response: { 200: reportViewSchema } }, config },
      (request) =>
        inConsole(deps, request, (context) => reportView(context, report, request.query)),
    );
    api.get(
      `/api/admin/reports/${report}.:format`,
      { schema: { tags, params: reportExportParams, querystring: reportExportQuery }, config },
      async (request, reply) => {
        const { format } = request.params;
        const { table: tableKey, ...filters } = request.query;
        const file = await inConsole(deps, request, async (context) => {
          const computed = await computeReport(context, report, filters, null);
          const table = tableKey
            ? computed.tables.find((candidate) => candidate.key === tableKey)
            : computed.tables[0];
          if (!table) throw validationError({ table: "INVALID_CHOICE" });
          await context.audit({
            action: "export.downloaded",
            entity: `report.${report}`,
            after: { format, table: table.key, filters },
          });
          return reportFile(report, table, format, context.organiser, new Date());
        });
        return reply
          .type(file.contentType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .header("cache-control", "no-store")
          .send(file.stream);
      },
    );
  }
}
