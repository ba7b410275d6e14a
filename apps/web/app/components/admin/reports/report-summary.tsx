import type { ReportFigure } from "@booking/contracts";
import { clsx } from "clsx";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { cellText } from "./report-cells";

/** The report's figures, each with its value over the previous period when it is compared. */
export function ReportSummary({ figures }: { figures: readonly ReportFigure[] }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="report-summary">
      {figures.map((figure) => {
        const change =
          figure.previous === null || figure.value === null ? null : figure.value - figure.previous;
        return (
          <div
            key={figure.key}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
            data-testid={`figure-${figure.key}`}
          >
            <dt className="text-xs font-medium text-slate-600">
              {t(`admin.reports.figures.${figure.key}`)}
            </dt>
            <dd className="mt-1 text-xl font-bold tabular-nums text-slate-950">
              {cellText(figure.value, figure.type, figure.key, format, t)}
            </dd>
            {figure.previous === null ? null : (
              <dd
                className={clsx(
                  "mt-1 text-xs tabular-nums",
                  change === null || change === 0
                    ? "text-slate-600"
                    : change > 0
                      ? "text-emerald-700"
                      : "text-rose-700",
                )}
              >
                {t("admin.reports.previous", {
                  value: cellText(figure.previous, figure.type, figure.key, format, t),
                })}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
