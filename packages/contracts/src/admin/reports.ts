import type { Permission } from "@booking/domain";
import { REPORT_GROUPINGS } from "@booking/domain";
import { z } from "zod";
import { isCalendarDay } from "../page-elements/filters.ts";
import { EXPORT_FORMATS } from "./exports.ts";

/**
 * GET /api/admin/reports/:report and /api/admin/reports/:report.:format (CSV, XLSX of one of its
 * tables): the console's reports (issue 17 §1; docs/decisions/0084-reports.md), computed by
 * apps/server/src/modules/reports. Every report has the same shape — summary figures against the
 * previous period, one chart, tables — so that one page shows them all and one export writes any
 * of their tables.
 */

export const REPORTS = ["participation", "sales", "treasury", "timesheet"] as const;
export type ReportName = (typeof REPORTS)[number];

export const REPORT_PERMISSIONS = {
  participation: "reports.participation.read",
  sales: "reports.sales.read",
  treasury: "reports.treasury.read",
  timesheet: "reports.timesheet.read",
} as const satisfies Record<ReportName, Permission>;

/** Rows a report's table carries in the page; the export has them all. */
export const REPORT_TABLE_MAX_ROWS = 200;

const blankIsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const cuidFilter = z.preprocess(
  blankIsMissing,
  z.string("INVALID_TYPE").trim().max(40, "TOO_LONG").optional(),
);
const dayFilter = z.preprocess(
  blankIsMissing,
  z.string("INVALID_TYPE").trim().refine(isCalendarDay, "INVALID_DATE").optional(),
);

/**
 * The filters of every report, as query parameters (a blank one is "not given"). `from`/`to`:
 * days of the organiser's zone, both included (default: the last 30 days; at most 366 days, a
 * reversed or longer period is TOO_SMALL / TOO_BIG on `to`). `group`: how figures are grouped over
 * time (default: by the period's length).
 */
export const reportFilters = z.object({
  from: dayFilter,
  to: dayFilter,
  activity: cuidFilter,
  category: cuidFilter,
  location: cuidFilter,
  group: z.preprocess(blankIsMissing, z.enum(REPORT_GROUPINGS, "INVALID_CHOICE").optional()),
});
export type ReportFilters = z.output<typeof reportFilters>;

/** The export of one table of a report: `table` names it (default: the report's first). */
export const reportExportQuery = reportFilters.extend({
  table: z.preprocess(blankIsMissing, z.string("INVALID_TYPE").max(40, "TOO_LONG").optional()),
});
export const reportExportParams = z.object({ format: z.enum(EXPORT_FORMATS, "INVALID_CHOICE") });

/**
 * What a cell holds: text; a count; minor units of the organiser's currency; a rate between 0 and
 * 1 (null: nothing to divide by); a day YYYY-MM-DD; an instant (ISO); minutes of work.
 */
export const REPORT_CELL_TYPES = [
  "text",
  "integer",
  "money",
  "rate",
  "date",
  "datetime",
  "minutes",
] as const;
export type ReportCellType = (typeof REPORT_CELL_TYPES)[number];

const cell = z.union([z.string(), z.number()]).nullable();

export const reportColumn = z.object({ key: z.string(), type: z.enum(REPORT_CELL_TYPES) });
export type ReportColumn = z.infer<typeof reportColumn>;

export const reportTable = z.object({
  key: z.string(),
  columns: z.array(reportColumn),
  rows: z.array(z.record(z.string(), cell)),
  /** every row of the table; more than `rows` holds when cut at REPORT_TABLE_MAX_ROWS */
  row_count: z.number().int(),
});
export type ReportTable = z.infer<typeof reportTable>;

export const reportFigure = z.object({
  key: z.string(),
  type: z.enum(REPORT_CELL_TYPES),
  value: z.number().nullable(),
  /** the same figure over the previous period; null when it is not compared */
  previous: z.number().nullable(),
});
export type ReportFigure = z.infer<typeof reportFigure>;

/** One chart: a label per point (a bucket's first day or a name) and a value per series. */
export const reportChart = z.object({
  key: z.string(),
  kind: z.enum(["bar", "line"]),
  /** what the labels are: days (bucket starts) or names */
  label_type: z.enum(["date", "text"]),
  series: z.array(reportColumn),
  points: z.array(z.object({ label: z.string(), values: z.record(z.string(), z.number()) })),
});
export type ReportChart = z.infer<typeof reportChart>;

const option = z.object({ cuid: z.string(), title: z.string() });

export const reportView = z.object({
  report: z.enum(REPORTS),
  period: z.object({ from: z.string(), to: z.string() }),
  previous_period: z.object({ from: z.string(), to: z.string() }),
  grouping: z.enum(REPORT_GROUPINGS),
  /** whether the activity, category and location filters apply to this report */
  catalogue_filters: z.boolean(),
  options: z.object({
    activities: z.array(option),
    categories: z.array(option),
    locations: z.array(option),
  }),
  summary: z.array(reportFigure),
  chart: reportChart,
  tables: z.array(reportTable),
});
export type ReportView = z.infer<typeof reportView>;
