import type { SchedulePreview as Preview } from "@booking/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { availabilitiesApi } from "../../../lib/admin/availabilities-api";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { ApiRequestError } from "../../../lib/api";
import { formatDay } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import { CalendarIcon } from "../../icons";
import { Spinner } from "../../ui/spinner";
import type { ScheduleValue } from "./schedule-editor";

export type PreviewState =
  | { kind: "incomplete" }
  | { kind: "loading"; last: Preview | null }
  | { kind: "ready"; preview: Preview }
  | { kind: "invalid"; fields: Record<string, string> }
  | { kind: "failed"; code: string };

/** Enough of a schedule to ask for its dates: a period, a weekday and every slot's times. */
function isComplete(schedule: ScheduleValue): boolean {
  return (
    schedule.from !== "" &&
    schedule.to !== "" &&
    schedule.weekdays.length > 0 &&
    schedule.slots.length > 0 &&
    schedule.slots.every((slot) => slot.start !== "" && slot.end !== "") &&
    schedule.skip.every((range) => range.from !== "" && range.to !== "")
  );
}

/**
 * The dates of a schedule as the server generates them (its own rules, the organiser's time
 * zone), asked again 300 ms after the last change; a late answer of an older schedule is
 * dropped.
 */
export function useSchedulePreview(schedule: ScheduleValue): PreviewState {
  const [state, setState] = useState<PreviewState>({ kind: "incomplete" });
  const sequence = useRef(0);
  const key = JSON.stringify(schedule);

  useEffect(() => {
    const current = JSON.parse(key) as ScheduleValue;
    sequence.current += 1;
    const mine = sequence.current;
    if (!isComplete(current)) {
      setState({ kind: "incomplete" });
      return;
    }
    setState((previous) => ({
      kind: "loading",
      last:
        previous.kind === "ready"
          ? previous.preview
          : previous.kind === "loading"
            ? previous.last
            : null,
    }));
    const timer = setTimeout(async () => {
      try {
        const preview = await availabilitiesApi.previewSchedule(current);
        if (mine === sequence.current) setState({ kind: "ready", preview });
      } catch (error) {
        if (mine !== sequence.current) return;
        if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
          setState({ kind: "invalid", fields: error.fields });
        } else {
          setState({
            kind: "failed",
            code: error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR",
          });
        }
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [key]);

  return state;
}

/** What a schedule gives: how many dates, which holidays' days it skips, every date. */
export function SchedulePreviewPanel({ state }: { state: PreviewState }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const language = useLanguage();
  const preview =
    state.kind === "ready" ? state.preview : state.kind === "loading" ? state.last : null;

  return (
    <section
      aria-labelledby="schedule-preview-title"
      aria-busy={state.kind === "loading"}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="schedule-preview"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="schedule-preview-title" className="text-sm font-semibold text-slate-950">
          {t("admin.availabilities.preview.title")}
        </h3>
        {state.kind === "loading" ? <Spinner className="size-4 text-slate-500" /> : null}
      </div>
      {state.kind === "incomplete" ? (
        <p className="text-sm text-slate-600">{t("admin.availabilities.preview.incomplete")}</p>
      ) : null}
      {state.kind === "invalid" ? (
        <p className="text-sm text-red-700" role="alert">
          {state.fields.dates
            ? t(`forms.errors.${state.fields.dates}`)
            : t("admin.availabilities.preview.invalid")}
        </p>
      ) : null}
      {state.kind === "failed" ? (
        <p className="text-sm text-red-700" role="alert">
          {t(`forms.errors.${state.code}`, { defaultValue: state.code })}
        </p>
      ) : null}
      {preview ? (
        <>
          <p
            aria-live="polite"
            className="text-base font-semibold text-slate-950"
            data-testid="preview-count"
          >
            {t("admin.availabilities.preview.count", { count: preview.count })}
          </p>
          {preview.skipped_days.length > 0 ? (
            <p className="text-sm text-slate-700" data-testid="preview-skipped">
              {t("admin.availabilities.preview.skipped", { count: preview.skipped_days.length })}{" "}
              <span className="text-slate-600">
                {preview.skipped_days
                  .map((day) => formatDay(day, language, { day: "numeric", month: "short" }))
                  .join(", ")}
              </span>
            </p>
          ) : null}
          <ol className="max-h-72 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 bg-white text-sm">
            {preview.dates.map((date) => (
              <li key={date.start_at} className="flex items-center gap-2 px-3 py-1.5">
                <CalendarIcon className="size-4 shrink-0 text-slate-400" />
                {format.dateRange(date.start_at, date.end_at)}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
