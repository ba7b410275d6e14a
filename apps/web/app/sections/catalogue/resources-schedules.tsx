import type { WEEKLY_CALENDAR_MODES } from "@booking/contracts";
import { useId, useMemo } from "react";
import { addDays, MOBILE_BREAKPOINT, useResultsLoading } from "../../components/filters";
import { useTranslation } from "../../i18n/react";
import { defineElement } from "../types";
import { EmptyState, ResultsRegion, sectionClass } from "./results";
import type { ScheduleGridData } from "./schedule-data";
import { ScheduleDateLink, ScheduleNav } from "./schedule-nav";
import { ScheduleViews } from "./schedule-views";

// ---------------------------------------------------------------------------------------------
// Availabilities resources schedule: a week of dates on resources, grouped by activity

export interface ResourcesScheduleGroup {
  key: string;
  activity: string;
  resource: string;
  grid: ScheduleGridData;
}

export interface ResourcesScheduleData {
  groups: ResourcesScheduleGroup[];
  mode: (typeof WEEKLY_CALENDAR_MODES)[number];
  monday: string;
  sunday: string;
  label: string;
  previousAvailable: string | null;
  nextAvailable: string | null;
  availableDays: string[];
  today: string;
}

/**
 * The week of the `date` parameter (loadScheduleWeek): the dates kept when their availability is
 * on a resource (one of `resources` when set); one schedule per activity and resource, all with
 * the same hours.
 */
export const availabilitiesResourcesScheduleSection = defineElement<
  "section:availabilities-resources-schedule",
  ResourcesScheduleData
>({
  key: "section:availabilities-resources-schedule",

  Component: ({ data }) => <ResourcesSchedule data={data} />,
});

function ResourcesSchedule({ data }: { data: ResourcesScheduleData }) {
  const { t } = useTranslation();
  const headingId = useId();
  const loading = useResultsLoading();
  const highlighted = useMemo(() => new Set(data.availableDays), [data.availableDays]);
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className="sr-only">
        {t("catalogue.resources_schedule.heading")}
      </h2>
      <div className="flex flex-col gap-6">
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
          loading={loading}
        />
        <ResultsRegion loading={loading}>
          {data.groups.length > 0 ? (
            <div className="flex flex-col gap-8">
              {data.groups.map((group) => (
                <section
                  key={group.key}
                  aria-label={`${group.activity}, ${group.resource}`}
                  className="min-w-0"
                >
                  <h3 className="mb-3 text-lg font-semibold [overflow-wrap:anywhere] text-slate-950">
                    {group.activity}
                    <span className="font-normal text-slate-700"> · {group.resource}</span>
                  </h3>
                  <ScheduleViews
                    grid={group.grid}
                    mode={data.mode}
                    breakpoint={MOBILE_BREAKPOINT}
                    showEmpty={{ desktop: true, mobile: false }}
                    heading="h4"
                  />
                </section>
              ))}
            </div>
          ) : (
            <EmptyState
              loading={loading}
              title={t("schedules.empty_week")}
              subtitle={data.nextAvailable ? undefined : t("schedules.empty_week_subtitle")}
              action={
                data.nextAvailable ? (
                  <ScheduleDateLink
                    day={data.nextAvailable}
                    className="inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm hover:brightness-95"
                  >
                    {t("schedules.nav.next_available")}
                  </ScheduleDateLink>
                ) : null
              }
            />
          )}
        </ResultsRegion>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Resources daily schedule: one day, one column per resource

export interface DailyScheduleData {
  /** one grid per resource group (decision 0071); `name` null for resources without a group */
  groups: Array<{ key: string; name: string | null; grid: ScheduleGridData }>;
  /** nothing to show that day in any group */
  empty: boolean;
  day: string;
  label: string;
  today: string;
  /** no resource to show (none configured or none found) */
  noResources: boolean;
}

/**
 * The day of the `date` parameter (today when missing or past), one column per resource, the
 * resources of a group in a grid under its name:
 * - GET /api/resources with id = the `resources` setting (all when empty), in its order;
 * - GET /api/resources/availabilities with resources = their ids, after = the day's start but not
 *   before now, before = the next day's start: bookable slots, ending after their first price's
 *   duration, linking to /cart/bookings/add?resource&start_at&duration&amount (first price);
 * - GET /api/availabilities/dates (status OPEN,FULL, same window, limit 500): the availability
 *   dates held on those resources, shown in their columns.
 */
export const resourcesDailyScheduleSection = defineElement<
  "section:resources-daily-schedule",
  DailyScheduleData
>({
  key: "section:resources-daily-schedule",

  Component: ({ data }) => <DailySchedule data={data} />,
});

export function DailySchedule({ data }: { data: DailyScheduleData }) {
  const { t } = useTranslation();
  const headingId = useId();
  const loading = useResultsLoading();
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className="sr-only">
        {t("catalogue.daily_schedule.heading")}
      </h2>
      <div className="flex flex-col gap-5">
        <ScheduleNav
          period="day"
          current={data.day}
          label={data.label}
          previous={data.day > data.today ? addDays(data.day, -1) : null}
          next={addDays(data.day, 1)}
          jumps={false}
          today={data.today}
          showToday={data.day !== data.today}
          loading={loading}
        />
        <ResultsRegion loading={loading}>
          {data.noResources ? (
            <EmptyState title={t("schedules.no_resources")} />
          ) : data.empty ? (
            <EmptyState
              loading={loading}
              title={t("schedules.empty_day")}
              subtitle={t("schedules.empty_day_subtitle")}
            />
          ) : (
            <div className="flex flex-col gap-8">
              {data.groups.map((group) => (
                <section
                  key={group.key}
                  aria-label={group.name ?? undefined}
                  className="min-w-0"
                  data-testid="resource-group-schedule"
                >
                  {group.name ? (
                    <h3 className="mb-3 text-lg font-semibold [overflow-wrap:anywhere] text-slate-950">
                      {group.name}
                    </h3>
                  ) : null}
                  <ScheduleViews
                    grid={group.grid}
                    mode="calendar"
                    breakpoint={MOBILE_BREAKPOINT}
                    showEmpty={{ desktop: true, mobile: true }}
                    columnMinWidth="9rem"
                    heading={group.name ? "h4" : undefined}
                  />
                </section>
              ))}
            </div>
          )}
        </ResultsRegion>
      </div>
    </section>
  );
}
