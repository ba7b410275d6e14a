import type { ReportChart as Chart } from "@booking/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { cellText } from "./report-cells";

/** The series' colours: the console's accent, then a muted slate. */
const COLOURS = ["#2563eb", "#94a3b8", "#16a34a"];

/**
 * A report's chart, drawn by Chart.js on a canvas. The library is imported when the chart mounts,
 * so it loads with the report pages only (never with the storefront, nor the console's first
 * load); the table below carries the same figures for screen readers and before it is drawn.
 */
export function ReportChart({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let destroyed = false;
    let drawn: { destroy(): void } | null = null;
    void import("chart.js").then((library) => {
      if (destroyed || !canvas.current) return;
      library.Chart.register(
        library.BarController,
        library.BarElement,
        library.LineController,
        library.LineElement,
        library.PointElement,
        library.CategoryScale,
        library.LinearScale,
        library.Tooltip,
        library.Legend,
      );
      const scale = (type: Chart["series"][number]["type"]) =>
        type === "money" ? 100 : type === "minutes" ? 60 : 1;
      const label = (value: string) =>
        chart.label_type === "date" ? format.date(`${value}T12:00:00Z`) : value;
      drawn = new library.Chart(canvas.current, {
        type: chart.kind,
        data: {
          labels: chart.points.map((point) => label(point.label)),
          datasets: chart.series.map((series, index) => ({
            label: t(`admin.reports.series.${series.key}`),
            data: chart.points.map((point) => (point.values[series.key] ?? 0) / scale(series.type)),
            backgroundColor: COLOURS[index % COLOURS.length],
            borderColor: COLOURS[index % COLOURS.length],
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { stacked: true, ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12 } },
            y: { stacked: true, beginAtZero: true },
          },
          plugins: {
            legend: { display: chart.series.length > 1, position: "bottom" },
            tooltip: {
              callbacks: {
                label: (item) => {
                  const series = chart.series[item.datasetIndex]!;
                  const raw = chart.points[item.dataIndex]!.values[series.key] ?? 0;
                  return `${item.dataset.label}: ${cellText(raw, series.type, series.key, format, t)}`;
                },
              },
            },
          },
        },
      });
    });
    return () => {
      destroyed = true;
      drawn?.destroy();
    };
  }, [chart, format, t]);

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <figcaption className="mb-2 text-sm font-semibold text-slate-950">
        {t(`admin.reports.charts.${chart.key}`)}
      </figcaption>
      <div className="relative h-64 w-full sm:h-80">
        <canvas ref={canvas} role="img" aria-label={t(`admin.reports.charts.${chart.key}`)} />
      </div>
    </figure>
  );
}
