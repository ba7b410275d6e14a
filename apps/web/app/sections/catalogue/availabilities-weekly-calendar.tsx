import type { WEEKLY_CALENDAR_MODES } from "@booking/contracts";
import { useId, useMemo, useState } from "react";
import {
  addDays,
  FILTER_DEBOUNCE,
  type FilterField,
  FiltersPanel,
  fieldIds,
  useFilterController,
} from "../../components/filters";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { defineElement } from "../types";
import { EmptyState, ResultsRegion, sectionClass } from "./results";
import type { ScheduleGridData, ScheduleItemData } from "./schedule-data";
import { ScheduleDateLink, ScheduleNav } from "./schedule-nav";
import { type ScheduleSelection, ScheduleViews } from "./schedule-views";

export interface WeeklyScheduleData {
  grid: ScheduleGridData;
  mode: (typeof WEEKLY_CALENDAR_MODES)[number];
  monday: string;
  sunday: string;
  label: string;
  previousAvailable: string | null;
  nextAvailable: string | null;
  /** days having availabilities from today on (calendar popover) */
  availableDays: string[];
  today: string;
  fields: FilterField[];
  /** mobile breakpoint: 1024 px for one activity's schedule, 600 px otherwise */
  breakpoint: number;
}

/**
 * The week of the `date` query parameter (this week without it, see loadScheduleWeek) and the
 * facets when the filters need them.
 */
export const availabilitiesWeeklyCalendarSection = defineElement<
  "section:availabilities-weekly-calendar",
  WeeklyScheduleData
>({
  key: "section:availabilities-weekly-calendar",

  Component: ({ settings, data }) => (
    <WeeklySchedule
      data={data}
      showEmpty={{
        desktop: settings["show-empty-groups"].includes("desktop"),
        mobile: settings["show-empty-groups"].includes("mobile"),
      }}
      multipleSelection={settings["multiple-selection"]}
      heading="catalogue.weekly_calendar.heading"
    />
  ),
});

/** Ticked items of a schedule, sent to /cart/add?availabilities=…&dates=… (storefront.md). */
function useScheduleSelection(enabled: boolean) {
  const [selected, setSelected] = useState<ScheduleItemData[]>([]);
  const selection = useMemo<ScheduleSelection | undefined>(
    () =>
      enabled
        ? {
            isSelected: (item) => selected.some((other) => other.key === item.key),
            toggle: (item) =>
              setSelected((current) =>
                current.some((other) => other.key === item.key)
                  ? current.filter((other) => other.key !== item.key)
                  : [...current, item],
              ),
          }
        : undefined,
    [enabled, selected],
  );
  const href = useMemo(() => {
    const availabilities = [...new Set(selected.map((item) => item.selection!.availability))];
    const dates = selected.map((item) => item.selection!.date);
    return `/cart/add?availabilities=${availabilities.join(",")}&dates=${dates.join(",")}`;
  }, [selected]);
  return { selection, selected, href, clear: () => setSelected([]) };
}

export function WeeklySchedule({
  data,
  showEmpty,
  multipleSelection,
  heading,
}: {
  data: WeeklyScheduleData;
  showEmpty: { desktop: boolean; mobile: boolean };
  multipleSelection: boolean;
  heading: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const controller = useFilterController(fieldIds(data.fields), FILTER_DEBOUNCE.default);
  const highlighted = useMemo(() => new Set(data.availableDays), [data.availableDays]);
  const { selection, selected, href, clear } = useScheduleSelection(multipleSelection);
  const hasItems = data.grid.columns.some((column) => column.items.length > 0);
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className="sr-only">
        {t(heading)}
      </h2>
      <div className="flex flex-col gap-5">
        {data.fields.length > 0 ? (
          <FiltersPanel
            fields={data.fields}
            controller={controller}
            layout="stacked"
            today={data.today}
            breakpoint={data.breakpoint}
          />
        ) : null}
        <ScheduleNav
          period="week"
          current={data.monday}
          label={data.label}
          previous={addDays(data.monday, -7)}
          next={addDays(data.monday, 7)}
          previousAvailable={data.previousAvailable}
          nextAvailable={data.nextAvailable}
          today={data.today}
          highlighted={highlighted}
          showToday={data.today < data.monday || data.today > data.sunday}
          loading={controller.loading}
        />
        <ResultsRegion loading={controller.loading}>
          <ScheduleViews
            grid={data.grid}
            mode={data.mode}
            breakpoint={data.breakpoint}
            showEmpty={showEmpty}
            selection={selection}
            empty={
              hasItems ? undefined : (
                <EmptyState
                  loading={controller.loading}
                  title={t("schedules.empty_week")}
                  subtitle={data.nextAvailable ? undefined : t("schedules.empty_week_subtitle")}
                  action={
                    data.nextAvailable ? <NextAvailableLink day={data.nextAvailable} /> : null
                  }
                />
              )
            }
          />
        </ResultsRegion>
        {selection && selected.length > 0 ? (
          <div className="sticky bottom-3 z-20 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl">
            <p className="text-sm font-medium text-slate-900" aria-live="polite">
              {t("schedules.selection.count", { count: selected.length })}
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={clear}
                className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100"
              >
                {t("schedules.selection.clear")}
              </button>
              <ButtonLink to={href}>{t("schedules.selection.book")}</ButtonLink>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The week of the next date having availabilities (same parameter as the navigation). */
function NextAvailableLink({ day }: { day: string }) {
  const { t } = useTranslation();
  return (
    <ScheduleDateLink
      day={day}
      className="inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm hover:brightness-95"
    >
      {t("schedules.nav.next_available")}
    </ScheduleDateLink>
  );
}
