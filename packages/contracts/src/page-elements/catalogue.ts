import { z } from "zod";
import {
  ALL_CATEGORY_GROUPS_FILTER,
  CATEGORY_GROUP_FILTER_PREFIX,
  type CategoryFilterId,
  isCategoryFilterId,
} from "./render-rules.ts";

export {
  ALL_CATEGORY_GROUPS_FILTER,
  CATEGORY_GROUP_FILTER_PREFIX,
  type CategoryFilterId,
  isCategoryFilterId,
};

import {
  aspectRatio,
  cuidList,
  gridColumns,
  HOURS_ORDER_ISSUE,
  hoursInOrder,
  idList,
  pageSize,
  scheduleHour,
  statusList,
  uniqueList,
} from "./primitives.ts";

// Settings of the catalogue sections (family "catalogue"). Spec: "Catalogue sections",
// "Schedules", "Filters", §5 and §9. Every key has the spec default, so `{}` is a valid value.
//
// Reference lists, passed to the catalogue calls as comma lists; empty means "no restriction":
// - `catalog`: catalog cuids (groups of activities), the API's `catalog`;
// - `segment`: cuids of AVAILABILITIES segments, the API's `segment`;
// - `ids`: integer ids of the items a grid shows (bundles, memberships, vouchers, activities), the
//   API's `id`; empty lists them all;
// - `resources`: integer ids of the resources of a schedule, the API's `id` (GET /api/resources)
//   and `resources` (GET /api/resources/availabilities); empty means every resource.

// ---------------------------------------------------------------------------------------------
// Filters

/**
 * Filter ids a section may show. Each writes the query parameter of the same name, except
 * `date-calendar` (a month calendar marking the days that have availabilities, from
 * /api/availabilities/calendar) which writes `date` like the `date` picker does.
 */
export const CATALOGUE_FILTER_IDS = [
  "search",
  "date",
  "date-calendar",
  "weekday",
  "location",
  "period",
  "availabilities-period",
  "age",
  ALL_CATEGORY_GROUPS_FILTER,
] as const;
export type CatalogueFilterId = (typeof CATALOGUE_FILTER_IDS)[number];
export type FilterId = CatalogueFilterId | CategoryFilterId;

const categoryFilterId = z.custom<CategoryFilterId>(
  (value) => typeof value === "string" && isCategoryFilterId(value),
  "INVALID_CHOICE",
);

/** An ordered list of filters among `ids` (deduplicated). */
const filterList = <const T extends readonly [CatalogueFilterId, ...CatalogueFilterId[]]>(
  ids: T,
  defaultValue: NoInfer<T[number]>[],
) => uniqueList(z.enum(ids), 20).default(() => [...defaultValue]);

/** An ordered list of filters among `ids` and `category-{group cuid}` (deduplicated). */
const filterListWithCategories = <
  const T extends readonly [CatalogueFilterId, ...CatalogueFilterId[]],
>(
  ids: T,
  defaultValue: NoInfer<T[number] | CategoryFilterId>[],
) =>
  uniqueList(z.union([z.enum(ids), categoryFilterId], { error: "INVALID_CHOICE" }), 20).default(
    () => [...defaultValue],
  );

const AVAILABILITY_LIST_FILTERS = CATALOGUE_FILTER_IDS;
const DEFAULT_SIDEBAR_FILTERS = ["search", "date", "location", ALL_CATEGORY_GROUPS_FILTER] as const;
const SCHEDULE_FILTERS = [
  "search",
  "location",
  "age",
  "period",
  ALL_CATEGORY_GROUPS_FILTER,
] as const;
const ACTIVITY_FILTERS = ["search", "location", "age", ALL_CATEGORY_GROUPS_FILTER] as const;

// ---------------------------------------------------------------------------------------------
// Properties shown on cards, in the order listed (a sortable list in the builder)

export const AVAILABILITY_PROPERTIES = [
  "images",
  "description",
  "dates",
  "time",
  "price",
  "capacity",
  "ages",
  "location",
  "address",
  "categories",
] as const;
export type AvailabilityProperty = (typeof AVAILABILITY_PROPERTIES)[number];
const DEFAULT_AVAILABILITY_PROPERTIES: AvailabilityProperty[] = [
  "images",
  "dates",
  "time",
  "price",
  "capacity",
  "ages",
  "location",
];

export const ACTIVITY_PROPERTIES = [
  "images",
  "description",
  "price",
  "ages",
  "categories",
  "locations",
] as const;
export type ActivityProperty = (typeof ACTIVITY_PROPERTIES)[number];

export const BUNDLE_PROPERTIES = [
  "images",
  "description",
  "price",
  "capacity",
  "expires_at",
  "duration",
] as const;
export const MEMBERSHIP_PROPERTIES = ["images", "description", "price", "period"] as const;
export const VOUCHER_PROPERTIES = ["images", "description", "price", "duration"] as const;

const properties = <const T extends readonly [string, ...string[]]>(
  values: T,
  defaultValue: NoInfer<T[number]>[],
) => uniqueList(z.enum(values), values.length).default(() => [...defaultValue]);

// ---------------------------------------------------------------------------------------------
// Shared groups of settings

/** Card image: aspect ratio (default "auto") and grayscale for unavailable items (default true). */
const cardImage = {
  image_aspect_ratio: aspectRatio.default("auto"),
  grayscale: z.boolean().default(true),
};

const availabilitySource = {
  status: statusList,
  catalog: cuidList().default(() => []),
  segment: cuidList().default(() => []),
};

export const WEEKLY_CALENDAR_MODES = ["stacked", "calendar"] as const;
export const FILTERS_LAYOUTS = ["aside", "stacked"] as const;
export const SCREEN_SIZES = ["desktop", "mobile"] as const;

// ---------------------------------------------------------------------------------------------
// Sections

/** Availabilities cards with a filter sidebar and pagination. */
export const availabilitiesCardsSettings = z.object({
  filters: filterListWithCategories(AVAILABILITY_LIST_FILTERS, [...DEFAULT_SIDEBAR_FILTERS]),
  page_size: pageSize,
  ...availabilitySource,
  properties: properties(AVAILABILITY_PROPERTIES, DEFAULT_AVAILABILITY_PROPERTIES),
});

/** Availabilities cards grid, filters aside (a sidebar) or stacked (above the grid). */
export const availabilitiesCardsGridSettings = z.object({
  columns: gridColumns(2),
  "filters-layout": z.enum(FILTERS_LAYOUTS).default("aside"),
  filters: filterListWithCategories(AVAILABILITY_LIST_FILTERS, [...DEFAULT_SIDEBAR_FILTERS]),
  page_size: pageSize,
  ...availabilitySource,
  ...cardImage,
  properties: properties(AVAILABILITY_PROPERTIES, DEFAULT_AVAILABILITY_PROPERTIES),
});

/**
 * Availabilities quick list; when empty it offers the next available date. Its calendar filter
 * is the `date-calendar` id.
 */
export const availabilitiesQuickListSettings = z.object({
  filters: filterList(
    ["search", "date", "date-calendar", "location"],
    ["search", "date", "date-calendar", "location"],
  ),
  catalog: cuidList().default(() => []),
  page_size: pageSize,
});

/**
 * Weekly calendar of availability dates: a desktop hourly calendar or stacked view, a mobile
 * list. `show-empty-groups` lists the screen sizes on which a day without dates is still shown.
 */
export const availabilitiesWeeklyCalendarSettings = z
  .object({
    mode: z.enum(WEEKLY_CALENDAR_MODES).default("stacked"),
    start_hour: scheduleHour,
    end_hour: scheduleHour,
    "show-empty-groups": uniqueList(z.enum(SCREEN_SIZES), SCREEN_SIZES.length).default(
      (): (typeof SCREEN_SIZES)[number][] => ["desktop"],
    ),
    "multiple-selection": z.boolean().default(true),
    ...availabilitySource,
    filters: filterListWithCategories(SCHEDULE_FILTERS, []),
  })
  .refine(hoursInOrder, HOURS_ORDER_ISSUE);

/** Availabilities on resources, grouped by activity. */
export const availabilitiesResourcesScheduleSettings = z
  .object({
    mode: z.enum(WEEKLY_CALENDAR_MODES).default("calendar"),
    start_hour: scheduleHour,
    end_hour: scheduleHour,
    resources: idList().default(() => []),
    ...availabilitySource,
  })
  .refine(hoursInOrder, HOURS_ORDER_ISSUE);

/** Day schedule of bookable resources (/api/resources/availabilities). */
export const resourcesDailyScheduleSettings = z
  .object({
    resources: idList().default(() => []),
    start_hour: scheduleHour,
    end_hour: scheduleHour,
  })
  .refine(hoursInOrder, HOURS_ORDER_ISSUE);

const productGrid = <const T extends readonly [string, ...string[]]>(
  values: T,
  defaultProperties: NoInfer<T[number]>[],
) =>
  z.object({
    ids: idList().default(() => []),
    columns: gridColumns(2),
    properties: properties(values, defaultProperties),
    filters: filterList(["search"], []),
    page_size: pageSize,
    ...cardImage,
  });

/** Memberships grid; cards link to /memberships/{cuid}. */
export const membershipsCardsGridSettings = productGrid(MEMBERSHIP_PROPERTIES, [
  "images",
  "price",
  "period",
]);

/** Vouchers grid; cards link to /vouchers/{cuid}. */
export const vouchersCardsGridSettings = productGrid(VOUCHER_PROPERTIES, ["images", "price"]);

/** Bundles grid; cards link to /bundles/{cuid}. */
export const bundlesGridSettings = productGrid(BUNDLE_PROPERTIES, ["images", "price", "capacity"]);

/**
 * Activities grid; cards link to /activities/{cuid}. With `available_only` the API gets `after`
 * (now in the organiser's timezone) and lists only activities with an availability to come.
 */
export const activitiesGridSettings = z.object({
  ids: idList().default(() => []),
  catalog: cuidList().default(() => []),
  columns: gridColumns(2),
  properties: properties(ACTIVITY_PROPERTIES, ["images", "price", "ages"]),
  filters: filterListWithCategories(ACTIVITY_FILTERS, []),
  page_size: pageSize,
  ...cardImage,
  available_only: z.boolean().default(false),
});

/** Filters on their own; they write to the URL query that the page's other sections read. */
export const inlineFiltersSettings = z.object({
  filters: filterListWithCategories(CATALOGUE_FILTER_IDS, [...DEFAULT_SIDEBAR_FILTERS]),
});

export const ACTIVITY_PAGE_VARIANTS = ["list", "day-view"] as const;
export const ACTIVITY_PAGE_ACTIVITY_PROPERTIES = [
  "images",
  "description",
  "price",
  "locations",
] as const;
export const ACTIVITY_PAGE_AVAILABILITY_PROPERTIES = [
  "time",
  "dates",
  "price",
  "capacity",
  "ages",
  "location",
] as const;

/**
 * The activity page (/activities/{activity}): a paged list of availabilities, or a day view with a
 * date navigator (starting today when the chosen date is past) and, with
 * `availabilities-filters-calendar`, a calendar popover.
 */
export const activityPageSettings = z.object({
  variant: z.enum(ACTIVITY_PAGE_VARIANTS).default("list"),
  "activity-properties": properties(ACTIVITY_PAGE_ACTIVITY_PROPERTIES, [
    ...ACTIVITY_PAGE_ACTIVITY_PROPERTIES,
  ]),
  "availabilities-properties": properties(ACTIVITY_PAGE_AVAILABILITY_PROPERTIES, [
    "time",
    "price",
    "capacity",
  ]),
  "availabilities-filters": filterListWithCategories(
    ["weekday", "location", "period", "availabilities-period", "age", ALL_CATEGORY_GROUPS_FILTER],
    [],
  ),
  "multiple-selection": z.boolean().default(true),
  "availabilities-filters-calendar": z.boolean().default(false),
  page_size: pageSize,
});

/** The properties of the availability detail, in the order a new element lists them. */
export const AVAILABILITY_DETAIL_PROPERTIES = [
  "description",
  "remaining",
  "dates",
  "ages",
  "location",
] as const;

/**
 * The availability detail (storefront.md "Availability detail"): breadcrumb, title, dates, price,
 * the add form beside, the first image and the sortable list of properties. It renders the
 * availability of the page it is on: the AVAILABILITY page type's template, at
 * /availabilities/{availability} and /{availability}.
 */
export const availabilityDetailSettings = z.object({
  "detail-properties": properties(AVAILABILITY_DETAIL_PROPERTIES, [
    ...AVAILABILITY_DETAIL_PROPERTIES,
  ]),
  "show-image": z.boolean().default(true),
});

export type AvailabilitiesCardsSettings = z.output<typeof availabilitiesCardsSettings>;
export type AvailabilitiesCardsGridSettings = z.output<typeof availabilitiesCardsGridSettings>;
export type AvailabilitiesQuickListSettings = z.output<typeof availabilitiesQuickListSettings>;
export type AvailabilitiesWeeklyCalendarSettings = z.output<
  typeof availabilitiesWeeklyCalendarSettings
>;
export type AvailabilitiesResourcesScheduleSettings = z.output<
  typeof availabilitiesResourcesScheduleSettings
>;
export type ResourcesDailyScheduleSettings = z.output<typeof resourcesDailyScheduleSettings>;
export type MembershipsCardsGridSettings = z.output<typeof membershipsCardsGridSettings>;
export type VouchersCardsGridSettings = z.output<typeof vouchersCardsGridSettings>;
export type BundlesGridSettings = z.output<typeof bundlesGridSettings>;
export type ActivitiesGridSettings = z.output<typeof activitiesGridSettings>;
export type InlineFiltersSettings = z.output<typeof inlineFiltersSettings>;
export type ActivityPageSettings = z.output<typeof activityPageSettings>;
export type AvailabilityDetailSettings = z.output<typeof availabilityDetailSettings>;
