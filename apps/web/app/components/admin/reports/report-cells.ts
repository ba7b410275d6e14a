import type { ReportCellType } from "@booking/contracts";
import type { createFormatters } from "../../../lib/format";

type Formatters = ReturnType<typeof createFormatters>;
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "1:30" of 90 minutes. */
export const hoursOf = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(Math.round(minutes % 60)).padStart(2, "0")}`;

/** Columns whose text cells are codes, translated under admin.reports.codes.<column>. */
const CODED = new Set(["product_type", "kind", "method", "age_group"]);

/** A report cell as the console writes it: money, percentages, days, hours, coded values. */
export function cellText(
  value: string | number | null | undefined,
  type: ReportCellType,
  column: string,
  format: Formatters,
  t: Translate,
): string {
  if (value === null || value === undefined) return "—";
  switch (type) {
    case "money":
      return format.money(Number(value));
    case "rate":
      return new Intl.NumberFormat(format.locale, {
        style: "percent",
        maximumFractionDigits: 1,
      }).format(Number(value));
    case "integer":
      return new Intl.NumberFormat(format.locale).format(Number(value));
    case "minutes":
      return hoursOf(Number(value));
    case "date":
      return format.date(`${value}T12:00:00Z`);
    case "datetime":
      return format.dateTime(String(value));
    case "text":
      return CODED.has(column) ? t(`admin.reports.codes.${column}.${value}`) : String(value);
  }
}
