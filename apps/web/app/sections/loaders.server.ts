import { blogLatestArticlesLoader } from "./blog/latest-articles.server";
import { activityPageLoader } from "./catalogue/activity-page.server";
import {
  availabilitiesCardsGridLoader,
  availabilitiesCardsLoader,
} from "./catalogue/availabilities-cards.server";
import { availabilitiesQuickListLoader } from "./catalogue/availabilities-quick-list.server";
import { availabilitiesWeeklyCalendarLoader } from "./catalogue/availabilities-weekly-calendar.server";
import { inlineFiltersLoader } from "./catalogue/inline-filters.server";
import {
  availabilitiesResourcesScheduleLoader,
  resourcesDailyScheduleLoader,
} from "./catalogue/resources-schedules.server";
import { contactDetailsLoader } from "./content/contact-details.server";
import { catalogueGridLoaders } from "./grids/loaders.server";
import type { AnyElementLoader } from "./types";

/**
 * The server loaders of the elements that read data, by key: run by the page loader
 * (load.server.ts), never sent to the browser. Their keys are LOADING_ELEMENTS (elements.ts).
 */
export const elementLoaders: Readonly<Record<string, AnyElementLoader["load"]>> =
  Object.fromEntries(
    [
      contactDetailsLoader,
      ...catalogueGridLoaders,
      blogLatestArticlesLoader,
      availabilitiesCardsLoader,
      availabilitiesCardsGridLoader,
      availabilitiesQuickListLoader,
      availabilitiesWeeklyCalendarLoader,
      availabilitiesResourcesScheduleLoader,
      resourcesDailyScheduleLoader,
      inlineFiltersLoader,
      activityPageLoader,
    ].map((loader: AnyElementLoader) => [loader.key, loader.load]),
  );
