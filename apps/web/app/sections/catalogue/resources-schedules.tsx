import type {
  ResourceAvailabilityView,
  ResourceView,
  WEEKLY_CALENDAR_MODES,
} from "@booking/contracts";
import { dayRangeInZone } from "@booking/domain";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addDays, isDay, MOBILE_BREAKPOINT, useResultsLoading } from "../../components/filters";
import { createI18n } from "../../i18n";
import { createFormatters, formatDay } from "../../lib/format";
import { clockOf, defineSection, readUrlFilters, sectionLanguage } from "./params";
import { EmptyState, ResultsRegion, sectionClass } from "./results";
import {
  buildGrid,
  dateItem,
  hourBounds,
  hourRange,
  type RawScheduleItem,
  type ScheduleGridData,
} from "./schedule-data";
import { ScheduleDateLink, ScheduleNav } from "./schedule-nav";
import { ScheduleViews } from "./schedule-views";
import { EMPTY_DATES, loadScheduleWeek, WEEK_DATES_LIMIT } from "./schedule-week";

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
export const availabilitiesResourcesScheduleSection = defineSection<
  "section:availabilities-resources-schedule",
  ResourcesScheduleData
>({
  key: "section:availabilities-resources-schedule",
  async load({ settings, url, reader, organiser }) {
    const week = await loadScheduleWeek({ settings, url, reader, organiser });
    const { language, bounds, columns } = week;
    const wanted = new Set(settings.resources);
    const onResources = week.dates.filter(
      (date) =>
        date.availability.resource !== null &&
        (wanted.size === 0 || wanted.has(date.availability.resource.id)),
    );
    const groups = new Map<
      string,
      { activity: string; resource: string; items: RawScheduleItem[] }
    >();
    for (const date of onResources) {
      const resource = date.availability.resource!;
      const key = `${date.availability.activity.cuid}:${resource.cuid}`;
      const group = groups.get(key) ?? {
        activity: date.availability.activity.title,
        resource: resource.name,
        items: [],
      };
      group.items.push(week.item(date));
      groups.set(key, group);
    }
    const allItems = [...groups.values()].flatMap((group) => group.items);
    const range = hourRange(allItems, bounds, organiser.timezone);
    return {
      groups: [...groups.entries()]
        .sort(
          ([, a], [, b]) =>
            a.activity.localeCompare(b.activity, language) ||
            a.resource.localeCompare(b.resource, language),
        )
        .map(([key, group]) => ({
          key,
          activity: group.activity,
          resource: group.resource,
          grid: buildGrid(columns, group.items, bounds, organiser.timezone, range),
        })),
      ...week.nav,
    };
  },
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
  grid: ScheduleGridData;
  day: string;
  label: string;
  today: string;
  /** no resource to show (none configured or none found) */
  noResources: boolean;
}

/** The booking page of a slot (storefront.md: /cart/bookings/add, duration in seconds). */
export function bookingHref(
  resourceId: number,
  startAt: string,
  price: { duration: number; amount: number },
): string {
  const params = new URLSearchParams({
    resource: String(resourceId),
    start_at: startAt,
    duration: String(price.duration),
    amount: String(price.amount),
  });
  return `/cart/bookings/add?${params.toString()}`;
}

/**
 * The day of the `date` parameter (today when missing or past), one column per resource:
 * - GET /api/resources with id = the `resources` setting (all when empty), in its order;
 * - GET /api/resources/availabilities with resources = their ids, after = the day's start but not
 *   before now, before = the next day's start: bookable slots, ending after their first price's
 *   duration, linking to /cart/bookings/add?resource&start_at&duration&amount (first price);
 * - GET /api/availabilities/dates (status OPEN,FULL, same window, limit 500): the availability
 *   dates held on those resources, shown in their columns.
 */
export const resourcesDailyScheduleSection = defineSection<
  "section:resources-daily-schedule",
  DailyScheduleData
>({
  key: "section:resources-daily-schedule",
  async load({ settings, url, reader, organiser }) {
    const now = new Date();
    const clock = clockOf(organiser, now);
    const language = sectionLanguage(url, organiser);
    const { t } = createI18n(language);
    const format = createFormatters(language, organiser.timezone, organiser.currency);
    const filters = readUrlFilters(url);
    const day =
      filters.date && isDay(filters.date) && filters.date > clock.today
        ? filters.date
        : clock.today;
    const { start, end } = dayRangeInZone(day, organiser.timezone);
    const after = (start.getTime() > now.getTime() ? start : now).toISOString();
    const before = end.toISOString();

    const found = await reader.resources(
      settings.resources.length > 0 ? { id: settings.resources.join(",") } : {},
    );
    let resources: ResourceView[] = found.data;
    if (settings.resources.length > 0) {
      // In the order of the setting.
      const byId = new Map(found.data.map((resource) => [resource.id, resource]));
      resources = settings.resources
        .map((id) => byId.get(id))
        .filter((resource): resource is ResourceView => resource !== undefined);
    }
    const ids = resources.map((resource) => resource.id);
    const open = end.getTime() > now.getTime() && ids.length > 0;
    const [slots, dates] = await Promise.all([
      open
        ? reader.resourceAvailabilities({ resources: ids.join(","), after, before })
        : Promise.resolve({ data: [] as ResourceAvailabilityView[] }),
      open
        ? reader.availabilityDates({
            status: "OPEN,FULL",
            after,
            before,
            limit: String(WEEK_DATES_LIMIT),
          })
        : Promise.resolve(EMPTY_DATES),
    ]);

    const known = new Set(ids);
    const items: RawScheduleItem[] = [];
    for (const slot of slots.data) {
      const price = slot.prices[0];
      if (!price || !known.has(slot.resource_id)) continue;
      const endAt = new Date(
        new Date(slot.start_at).getTime() + price.duration * 1000,
      ).toISOString();
      const lowest = Math.min(...slot.prices.map((item) => item.amount));
      const priceText =
        slot.prices.length > 1
          ? t("schedules.slot.from", { price: format.money(lowest) })
          : format.money(price.amount);
      items.push({
        key: `slot-${slot.resource_id}-${slot.start_at}`,
        href: bookingHref(slot.resource_id, slot.start_at, price),
        title: `${t("schedules.slot.title")} · ${priceText}`,
        subtitle: null,
        time: format.timeRange(slot.start_at, endAt),
        status: "BOOKABLE",
        disabled: false,
        capacity: null,
        opensAt: null,
        price: null,
        free: false,
        selection: null,
        start_at: slot.start_at,
        end_at: endAt,
        column: String(slot.resource_id),
      });
    }
    for (const date of dates.availabilities_dates.data) {
      const resource = date.availability.resource;
      if (!resource || !known.has(resource.id)) continue;
      items.push({
        ...dateItem(date, {
          language,
          timeZone: organiser.timezone,
          currency: organiser.currency,
          subtitle: "location",
        }),
        column: String(resource.id),
      });
    }
    const grid = buildGrid(
      resources.map((resource) => ({
        key: String(resource.id),
        day: null,
        isToday: false,
        label: resource.name,
        fullLabel: resource.location
          ? `${resource.name}, ${resource.location.title}`
          : resource.name,
      })),
      items,
      hourBounds(filters.start_hour ?? settings.start_hour, filters.end_hour ?? settings.end_hour),
      organiser.timezone,
    );
    return {
      grid,
      day,
      label: formatDay(day, language, {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
      }),
      today: clock.today,
      noResources: resources.length === 0,
    };
  },
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
          ) : (
            <ScheduleViews
              grid={data.grid}
              mode="calendar"
              breakpoint={MOBILE_BREAKPOINT}
              showEmpty={{ desktop: true, mobile: true }}
              columnMinWidth="9rem"
              empty={
                <EmptyState
                  loading={loading}
                  title={t("schedules.empty_day")}
                  subtitle={t("schedules.empty_day_subtitle")}
                />
              }
            />
          )}
        </ResultsRegion>
      </div>
    </section>
  );
}
