import {
  REPORT_TABLE_MAX_ROWS,
  type ReportFilters,
  type ReportName,
  type ReportView,
} from "@booking/contracts";
import {
  defaultGrouping,
  localDay,
  periodRefusal,
  previousPeriod,
  type ReportPeriod,
  trailingPeriod,
} from "@booking/domain";
import { validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { participationReport } from "./participation.ts";
import {
  allowReportMemory,
  listFilterOptions,
  type ReportScope,
  unknownFilters,
} from "./queries.ts";
import { salesReport } from "./sales.ts";
import { cutForPage, type ReportContent } from "./tables.ts";
import { timesheetReport } from "./timesheet.ts";
import { treasuryReport } from "./treasury.ts";

// The console's reports (issue 17 §1; docs/decisions/0084-reports.md).

/** The period a report shows without `from`/`to`: the last 30 days up to today. */
const DEFAULT_DAYS = 30;

/** Treasury's money is not tied to one activity: the catalogue filters do not apply to it. */
const CATALOGUE_FILTERED: Record<ReportName, boolean> = {
  participation: true,
  sales: true,
  treasury: false,
  timesheet: true,
};

/** The period asked, completed from today; 400 on `to` when reversed or too long. */
function periodOf(filters: ReportFilters, today: string): ReportPeriod {
  const fallback = trailingPeriod(filters.to ?? today, DEFAULT_DAYS);
  const period = { from: filters.from ?? fallback.from, to: filters.to ?? today };
  if (filters.from && !filters.to && period.to < period.from) period.to = period.from;
  const refusal = periodRefusal(period);
  if (refusal) throw validationError({ to: refusal === "REVERSED" ? "TOO_SMALL" : "TOO_BIG" });
  return period;
}

export type ComputedReport = Omit<ReportView, "tables" | "options"> & ReportContent;

/**
 * A report's figures; its tables with every row (the export's source; the page gets them cut),
 * those of customers up to `rowLimit` (null: all).
 */
export async function computeReport(
  context: ConsoleContext,
  report: ReportName,
  filters: ReportFilters,
  rowLimit: number | null,
): Promise<ComputedReport> {
  const { db, organiser } = context;
  const now = context.clock?.() ?? new Date();
  const period = periodOf(filters, localDay(now, organiser.timezone));
  const previous = previousPeriod(period);
  const grouping = filters.group ?? defaultGrouping(period);
  const catalogue = CATALOGUE_FILTERED[report];
  const scope: ReportScope = {
    organiserId: organiser.id,
    timeZone: organiser.timezone,
    rowLimit,
    ...period,
    ...(catalogue
      ? { activity: filters.activity, category: filters.category, location: filters.location }
      : {}),
  };
  const unknown = await unknownFilters(db, scope);
  if (unknown.length > 0) {
    throw validationError(Object.fromEntries(unknown.map((field) => [field, "INVALID_CHOICE"])));
  }
  const before: ReportScope = { ...scope, ...previous };
  await allowReportMemory(db);
  const content = await {
    participation: () => participationReport(db, scope, before, grouping),
    sales: () => salesReport(db, scope, before, grouping),
    treasury: () => treasuryReport(db, scope, before, now),
    timesheet: () => timesheetReport(db, scope, before),
  }[report]();
  return {
    report,
    period,
    previous_period: previous,
    grouping,
    catalogue_filters: catalogue,
    ...content,
  };
}

/** GET /api/admin/reports/:report: the report with its tables' first rows and the filters' choices. */
export async function reportView(
  context: ConsoleContext,
  report: ReportName,
  filters: ReportFilters,
): Promise<ReportView> {
  const computed = await computeReport(context, report, filters, REPORT_TABLE_MAX_ROWS);
  return {
    ...computed,
    options: await listFilterOptions(context.db, context.organiser.id),
    tables: computed.tables.map(cutForPage),
  };
}
