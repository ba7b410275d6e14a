import type { AnyElementDefinition } from "../types";
import { activityPageSection } from "./activity-page";
import { availabilitiesCardsGridSection, availabilitiesCardsSection } from "./availabilities-cards";
import { availabilitiesQuickListSection } from "./availabilities-quick-list";
import { availabilitiesWeeklyCalendarSection } from "./availabilities-weekly-calendar";
import { availabilityDetailSection } from "./availability-detail";
import { inlineFiltersSection } from "./inline-filters";
import {
  availabilitiesResourcesScheduleSection,
  resourcesDailyScheduleSection,
} from "./resources-schedules";

/**
 * The availability catalogue sections, schedules and inline filters (storefront.md "Catalogue
 * sections", "Schedules", "Filters"). Each `load` runs on the server with the page URL, whose
 * query holds the filters, and reads through the storefront reader.
 */
export const catalogueSections: AnyElementDefinition[] = [
  availabilitiesCardsSection,
  availabilitiesCardsGridSection,
  availabilitiesQuickListSection,
  availabilitiesWeeklyCalendarSection,
  availabilitiesResourcesScheduleSection,
  resourcesDailyScheduleSection,
  inlineFiltersSection,
  availabilityDetailSection,
  activityPageSection,
];
