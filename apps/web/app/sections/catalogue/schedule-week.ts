import type {
  AvailabilityDateItem,
  AvailabilityDatesResponse,
  WEEKLY_CALENDAR_MODES,
} from "@booking/contracts";
import type { SectionLoadArgs } from "../types";
import { safeCalendarDays } from "./availabilities-cards.server";
import {
  clockOf,
  compact,
  filterParams,
  readUrlFilters,
  sectionLanguage,
  sourceParams,
} from "./params";
import { dateItem, dayLabels, hourBounds, neighbours, weekLabel, weekOf } from "./schedule-data";

/** Most dates one week shows (the dates call's maximum page). */
export const WEEK_DATES_LIMIT = 500;

export const EMPTY_DATES: AvailabilityDatesResponse = {
  availabilities_dates: { data: [], count: 0 },
};

interface WeekSettings {
  status?: readonly string[];
  catalog?: readonly string[];
  segment?: readonly string[];
  start_hour?: number | null;
  end_hour?: number | null;
  mode: (typeof WEEKLY_CALENDAR_MODES)[number];
}

/**
 * What the weekly schedules (availabilities weekly calendar, resources schedule) load alike, for
 * the week of the `date` query parameter (this week without it):
 * - GET /api/availabilities/dates with status, catalog, segment, the filters (not `date`),
 *   after = the week's Monday 00:00 in the organiser's zone but not before now, before = the next
 *   Monday 00:00, limit 500;
 * - GET /api/availabilities/calendar with the same selection (no after/before) for the jumps to
 *   the previous/next date having availabilities and the calendar popover's marks.
 * Returns the dates, the day columns, the hour bounds, how a date becomes a schedule item, and the
 * navigation data both sections return as is.
 */
export async function loadScheduleWeek<Settings extends WeekSettings>({
  settings,
  url,
  reader,
  organiser,
}: Pick<SectionLoadArgs<Settings>, "settings" | "url" | "reader" | "organiser">) {
  const now = new Date();
  const clock = clockOf(organiser, now);
  const language = sectionLanguage(url, organiser);
  const filters = readUrlFilters(url);
  const week = weekOf(filters.date ?? clock.today, organiser.timezone);
  const selection = { ...sourceParams(settings, filters), ...filterParams(filters, ["date"]) };
  const after = week.start.getTime() > now.getTime() ? week.start : now;
  const [dates, days] = await Promise.all([
    week.end.getTime() > now.getTime()
      ? reader.availabilityDates(
          compact({
            ...selection,
            after: after.toISOString(),
            before: week.end.toISOString(),
            limit: String(WEEK_DATES_LIMIT),
          }),
        )
      : Promise.resolve(EMPTY_DATES),
    safeCalendarDays(reader, selection, clock.today),
  ]);
  const around = neighbours(days, week.monday, week.sunday);
  return {
    language,
    dates: dates.availabilities_dates.data,
    item: (date: AvailabilityDateItem) =>
      dateItem(date, {
        language,
        timeZone: organiser.timezone,
        currency: organiser.currency,
        subtitle: "location",
      }),
    columns: week.days.map((day) => ({
      key: day,
      day,
      isToday: day === clock.today,
      ...dayLabels(day, language),
    })),
    bounds: hourBounds(
      filters.start_hour ?? settings.start_hour,
      filters.end_hour ?? settings.end_hour,
    ),
    nav: {
      mode: filters.mode ?? settings.mode,
      monday: week.monday,
      sunday: week.sunday,
      label: weekLabel(week.monday, language),
      previousAvailable: around.previous,
      nextAvailable: around.next,
      availableDays: days,
      today: clock.today,
    },
  };
}
