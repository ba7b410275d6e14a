import { buildFilterFields, needsFacets } from "../../components/filters";
import { defineLoader } from "../types";
import { safeCalendarDays, safeFacets } from "./availabilities-cards.server";
import type { InlineFiltersData } from "./inline-filters";
import { clockOf, filterParams, readUrlFilters } from "./params";

export const inlineFiltersLoader = defineLoader(
  "section:inline-filters",
  async ({ settings, url, reader, organiser }): Promise<InlineFiltersData> => {
    const clock = clockOf(organiser);
    const filters = readUrlFilters(url);
    const [facets, days] = await Promise.all([
      needsFacets(settings.filters) ? safeFacets(reader) : Promise.resolve(null),
      settings.filters.includes("date-calendar")
        ? safeCalendarDays(reader, filterParams(filters, ["date"]), clock.today)
        : Promise.resolve([]),
    ]);
    return { fields: buildFilterFields(settings.filters, facets, days), today: clock.today };
  },
);
