import {
  REPORT_TABLE_MAX_ROWS,
  type ReportCellType,
  type ReportChart,
  type ReportFigure,
  type ReportTable,
} from "@booking/contracts";

// Builders of a report's parts in the shape every report shares (contracts admin/reports.ts).

type Cell = string | number | null;
export type ReportRow = Record<string, Cell>;

/** A report's content before it is cut for the page: its tables keep all their rows. */
export type ReportContent = {
  summary: ReportFigure[];
  chart: ReportChart;
  tables: ReportTable[];
};

/** A table of `columns` ([key, type] in order) over `rows`, each row's cells by key. */
export function table(
  key: string,
  columns: ReadonlyArray<readonly [string, ReportCellType]>,
  rows: ReportRow[],
  rowCount = rows.length,
): ReportTable {
  return {
    key,
    columns: columns.map(([column, type]) => ({ key: column, type })),
    rows,
    row_count: rowCount,
  };
}

/** The table as the page gets it: its first rows only. */
export function cutForPage(report: ReportTable): ReportTable {
  return { ...report, rows: report.rows.slice(0, REPORT_TABLE_MAX_ROWS) };
}

/** A summary figure, compared with the previous period when `previous` is given. */
export function figure(
  key: string,
  type: ReportCellType,
  value: number | null,
  previous: number | null = null,
): ReportFigure {
  return { key, type, value, previous };
}
