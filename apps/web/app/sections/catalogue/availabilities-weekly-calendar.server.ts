import {
  ACTIVITY_SCHEDULE_BREAKPOINT,
  buildFilterFields,
  MOBILE_BREAKPOINT,
  needsFacets,
} from "../../components/filters";
import { defineLoader } from "../types";
import { safeFacets } from "./availabilities-cards.server";
import type { WeeklyScheduleData } from "./availabilities-weekly-calendar";
import { buildGrid } from "./schedule-data";
import { loadScheduleWeek } from "./schedule-week";

export const availabilitiesWeeklyCalendarLoader = defineLoader(
  "section:availabilities-weekly-calendar",
  async ({ settings, url, reader, organiser }): Promise<WeeklyScheduleData> => {
    const [week, facets] = await Promise.all([
      loadScheduleWeek({ settings, url, reader, organiser }),
      needsFacets(settings.filters) ? safeFacets(reader) : Promise.resolve(null),
    ]);
    return {
      grid: buildGrid(week.columns, week.dates.map(week.item), week.bounds, organiser.timezone),
      ...week.nav,
      fields: buildFilterFields(settings.filters, facets),
      breakpoint: settings.segment.length === 1 ? ACTIVITY_SCHEDULE_BREAKPOINT : MOBILE_BREAKPOINT,
    };
  },
);
