import { buildFilterFields } from "../../components/filters";
import { formatDay } from "../../lib/format";
import { defineLoader } from "../types";
import { safeCalendarDays, safeFacets } from "./availabilities-cards.server";
import type { QuickListData } from "./availabilities-quick-list";
import { toCardData } from "./cards";
import {
  calendarDays,
  clockOf,
  compact,
  pageSizeOf,
  readUrlFilters,
  sectionLanguage,
  startOfToday,
} from "./params";

const join = (values: readonly string[] | undefined) =>
  values && values.length > 0 ? values.join(",") : undefined;

export const availabilitiesQuickListLoader = defineLoader(
  "section:availabilities-quick-list",
  async ({ settings, url, reader, organiser }): Promise<QuickListData> => {
    const now = new Date();
    const clock = clockOf(organiser, now);
    const language = sectionLanguage(url, organiser);
    const filters = readUrlFilters(url);
    const size = pageSizeOf(url, settings.page_size);
    const selection = compact({
      catalog: join(settings.catalog),
      search: filters.search,
      location: join(filters.location),
    });
    const wantsFacets = settings.filters.includes("location");
    const [list, facets, days] = await Promise.all([
      reader.availabilities(
        compact({
          ...selection,
          date: filters.date,
          page_number: String(filters.page_number),
          page_size: String(size),
          after: startOfToday(organiser, now),
        }),
      ),
      wantsFacets ? safeFacets(reader) : Promise.resolve(null),
      settings.filters.includes("date-calendar")
        ? safeCalendarDays(reader, selection, clock.today)
        : Promise.resolve(null),
    ]);
    let next: QuickListData["next"] = null;
    if (list.data.length === 0) {
      const available =
        days ??
        (await reader
          .availabilitiesCalendar(selection)
          .then((calendar) => calendarDays(calendar.dates, clock.today))
          .catch(() => []));
      const day = available.find((candidate) => !filters.date || candidate > filters.date);
      if (day) {
        next = {
          day,
          label: formatDay(day, language, {
            weekday: "long",
            day: "numeric",
            month: "long",
            year: "numeric",
          }),
        };
      }
    }
    return {
      cards: list.data.map((availability) =>
        toCardData(availability, {
          language,
          timeZone: organiser.timezone,
          currency: organiser.currency,
        }),
      ),
      count: list.count,
      page: filters.page_number,
      pages: Math.max(1, Math.ceil(list.count / size)),
      fields: buildFilterFields(settings.filters, facets, days ?? []),
      today: clock.today,
      next,
    };
  },
);
