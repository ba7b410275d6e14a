import type { ReportName, ReportTable as Table } from "@booking/contracts";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { BarChartIcon, DownloadIcon } from "../../icons";
import { DataTable, type DataTableColumn } from "../data-table";
import { EmptyState } from "../empty-state";
import { cellText } from "./report-cells";

type Row = Table["rows"][number];

/** The filters of the page's URL, which the export of a table applies too. */
function exportHref(
  report: ReportName,
  table: string,
  format: "csv" | "xlsx",
  search: URLSearchParams,
) {
  const query = new URLSearchParams(search);
  query.set("table", table);
  return `/api/admin/reports/${report}.${format}?${query}`;
}

/** One table of a report, with its XLSX and CSV downloads (every row, the page's filters). */
export function ReportTable({ report, table }: { report: ReportName; table: Table }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [searchParams] = useSearchParams();
  const title = t(`admin.reports.tables.${table.key}`);
  const columns: DataTableColumn<Row>[] = table.columns.map((column) => ({
    id: column.key,
    header: t(`admin.reports.columns.${column.key}`),
    align:
      column.type === "text" || column.type === "date" || column.type === "datetime"
        ? "start"
        : "end",
    cell: (row) => (
      <span className="tabular-nums">
        {cellText(row[column.key], column.type, column.key, format, t)}
      </span>
    ),
  }));
  return (
    <section className="flex flex-col gap-2" data-testid={`report-table-${table.key}`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-950">{title}</h2>
        <p className="flex items-center gap-3 text-sm">
          <DownloadIcon aria-hidden="true" className="size-4 text-slate-500" />
          {(["xlsx", "csv"] as const).map((kind) => (
            <a
              key={kind}
              href={exportHref(report, table.key, kind, searchParams)}
              download
              className="font-medium text-accent underline-offset-4 hover:underline"
              data-testid={`export-${table.key}-${kind}`}
            >
              {t(`admin.reports.export.${kind}`, { table: title })}
            </a>
          ))}
        </p>
      </div>
      <DataTable
        caption={title}
        columns={columns}
        rows={table.rows}
        rowKey={(row) => table.columns.map((column) => String(row[column.key] ?? "")).join("|")}
        empty={<EmptyState icon={BarChartIcon} title={t("admin.reports.empty")} />}
      />
      {table.row_count > table.rows.length ? (
        <p className="text-xs text-slate-600">
          {t("admin.reports.cut", { shown: table.rows.length, count: table.row_count })}
        </p>
      ) : null}
    </section>
  );
}
