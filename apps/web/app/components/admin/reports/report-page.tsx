import { REPORT_PERMISSIONS, REPORTS, type ReportName, type ReportView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { NavTabs } from "../nav-tabs";
import { PageHeader } from "../page-header";
import { ReportChart } from "./report-chart";
import { ReportFilters } from "./report-filters";
import { ReportSummary } from "./report-summary";
import { ReportTable } from "./report-table";

const TABS = REPORTS.map((report) => ({
  to: `/admin/reports/${report}`,
  label: `admin.reports.names.${report}`,
  permission: REPORT_PERMISSIONS[report],
}));

export type ReportPageData =
  | { report: ReportName; view: ReportView; error: null; selected: Record<string, string> }
  | {
      report: ReportName;
      view: null;
      error: Record<string, string>;
      selected: Record<string, string>;
    };

/**
 * A report of the console: its tabs, filters, figures against the previous period, chart and
 * tables with their exports. A refused filter (a reversed or too long period) says why instead.
 */
export function ReportPage({ data }: { data: ReportPageData }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { report, view } = data;
  const day = (value: string) => format.date(`${value}T12:00:00Z`);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t(`admin.reports.names.${report}`)}
        description={t(`admin.reports.descriptions.${report}`)}
      />
      <NavTabs label={t("admin.reports.title")} tabs={TABS} />
      {view ? (
        <>
          <ReportFilters view={view} selected={data.selected} />
          <p className="text-sm text-slate-600" data-testid="report-period">
            {t("admin.reports.compared", {
              from: day(view.period.from),
              to: day(view.period.to),
              previous_from: day(view.previous_period.from),
              previous_to: day(view.previous_period.to),
            })}
          </p>
          <ReportSummary figures={view.summary} />
          <ReportChart chart={view.chart} />
          {view.tables.map((table) => (
            <ReportTable key={table.key} report={report} table={table} />
          ))}
        </>
      ) : (
        <div
          role="alert"
          className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900"
        >
          <p className="font-semibold">{t("admin.reports.refused")}</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(data.error).map(([field, code]) => (
              <li key={field}>
                {t("admin.reports.refused_field", {
                  field: t(`admin.reports.filters.${field}`),
                  error: t(`forms.errors.${code}`),
                })}
              </li>
            ))}
          </ul>
          <a href={`/admin/reports/${report}`} className="mt-2 inline-block font-medium underline">
            {t("admin.reports.reset")}
          </a>
        </div>
      )}
    </div>
  );
}
