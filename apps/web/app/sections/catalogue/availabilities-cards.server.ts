import type {
  AvailabilitiesCardsSettings,
  CatalogueFacets,
  CatalogueParams,
  StorefrontReader,
} from "@booking/contracts";
import { buildFilterFields, needsFacets } from "../../components/filters";
import { defineLoader, type SectionLoadArgs } from "../types";
import type { CardsData } from "./availabilities-cards";
import { toCardData } from "./cards";
import {
  calendarDays,
  clockOf,
  compact,
  filterParams,
  pageSizeOf,
  pagingParams,
  readUrlFilters,
  sectionLanguage,
  sourceParams,
  startOfToday,
} from "./params";

/** The organiser's filter choices; a failure only hides the filters that need them. */
export async function safeFacets(reader: StorefrontReader): Promise<CatalogueFacets | null> {
  try {
    return await reader.facets();
  } catch (error) {
    console.warn("[catalogue] facets failed, filters without choices:", error);
    return null;
  }
}

/** Days having availabilities (for `date-calendar`), from today; [] when the call fails. */
export async function safeCalendarDays(
  reader: StorefrontReader,
  params: CatalogueParams,
  today: string,
): Promise<string[]> {
  try {
    const calendar = await reader.availabilitiesCalendar(params);
    return calendarDays(calendar.dates, today);
  } catch (error) {
    console.warn("[catalogue] calendar failed, no day marked:", error);
    return [];
  }
}

/**
 * GET /api/availabilities with the section's status, catalog and segment, `after` the start of
 * today in the organiser's zone, every filter of the URL, and limit/offset of page_number and
 * page_size; plus the facets (location, categories, periods) and the calendar (date-calendar).
 */
async function loadCards({
  settings,
  url,
  reader,
  organiser,
}: SectionLoadArgs<AvailabilitiesCardsSettings>): Promise<CardsData> {
  const now = new Date();
  const clock = clockOf(organiser, now);
  const language = sectionLanguage(url, organiser);
  const filters = readUrlFilters(url);
  const size = pageSizeOf(url, settings.page_size);
  const selection = { ...sourceParams(settings, filters), ...filterParams(filters) };
  const [list, facets, days] = await Promise.all([
    reader.availabilities(
      compact({
        ...selection,
        after: startOfToday(organiser, now),
        ...pagingParams(filters.page_number, size),
      }),
    ),
    needsFacets(settings.filters) ? safeFacets(reader) : Promise.resolve(null),
    settings.filters.includes("date-calendar")
      ? safeCalendarDays(
          reader,
          { ...sourceParams(settings, filters), ...filterParams(filters, ["date"]) },
          clock.today,
        )
      : Promise.resolve([]),
  ]);
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
    fields: buildFilterFields(settings.filters, facets, days),
    today: clock.today,
  };
}

export const availabilitiesCardsLoader = defineLoader("section:availabilities-cards", loadCards);

export const availabilitiesCardsGridLoader = defineLoader(
  "section:availabilities-cards-grid",
  (args) => loadCards(args as SectionLoadArgs<AvailabilitiesCardsSettings>),
);
