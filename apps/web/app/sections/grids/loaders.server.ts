import type {
  ActivityView,
  BundleView,
  CatalogueParams,
  ListEnvelope,
  MembershipView,
  VoucherView,
} from "@booking/contracts";
import { bundlePricePerRegistration } from "@booking/domain/bundles";
import { htmlToText } from "@booking/domain/html";
import { durationParts } from "../../lib/duration";
import { defineLoader, type SectionLoadArgs } from "../types";
import type { CardData, CardProperty, GridData } from "./cards";
import {
  type CardFormatters,
  cardFormatters,
  firstImage,
  hasPassed,
  pageNumber,
  urlFilterParams,
  urlLanguage,
  withFilterFallback,
  zonedNow,
} from "./query";

/** Longest description excerpt sent to a card (the card clamps it to 3 lines). */
const DESCRIPTION_MAX = 300;

function descriptionOf(html: string | null): CardProperty | null {
  const text = htmlToText(html);
  if (!text) return null;
  return {
    kind: "description",
    text: text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text,
  };
}

function priceOf(
  format: CardFormatters,
  minor: number,
  extra: Partial<Extract<CardProperty, { kind: "price" }>> = {},
): CardProperty {
  return {
    kind: "price",
    price: format.money(minor),
    free: minor === 0,
    from: false,
    perRegistration: null,
    ...extra,
  };
}

/** The card lines in the order of the `properties` setting (images are drawn apart). */
function orderedProperties(
  properties: readonly string[],
  build: (property: string) => CardProperty | null,
): CardProperty[] {
  const result: CardProperty[] = [];
  for (const property of properties) {
    if (property === "images") continue;
    const line = build(property);
    if (line) result.push(line);
  }
  return result;
}

interface GridLoadSettings {
  /** the items to show (the API's `id` list); empty lists them all */
  ids: number[];
  page_size: number;
}

/**
 * Reads a page of items: the settings' ids, the URL's filters and page number; a refused filter
 * falls back to the unfiltered first page.
 */
async function loadList<T>(
  args: SectionLoadArgs<GridLoadSettings>,
  list: (params: CatalogueParams) => Promise<ListEnvelope<T>>,
  extra: CatalogueParams = {},
  filterNames: readonly string[] = ["search"],
  withCategories = false,
) {
  const { settings, url } = args;
  const base: CatalogueParams = { ...extra, page_size: String(settings.page_size) };
  if (settings.ids.length > 0) base.id = settings.ids.join(",");
  const filters = urlFilterParams(url, filterNames, withCategories);
  const page = pageNumber(url);
  const { result, filtered } = await withFilterFallback((withFilters) =>
    list(
      withFilters
        ? { ...base, ...filters, page_number: String(page) }
        : { ...base, page_number: "1" },
    ),
  );
  return {
    list: result,
    filtered: filtered && Object.keys(filters).length > 0,
    page: filtered ? page : 1,
  };
}

function gridData(
  items: CardData[],
  list: { count?: number },
  page: number,
  pageSize: number,
  filtered: boolean,
): GridData {
  // With an id list the activities call may answer `{ data }` alone.
  return { items, count: list.count ?? items.length, page, pageSize, filtered };
}

// ---------------------------------------------------------------------------------------------
// Memberships

function membershipCard(
  membership: MembershipView,
  properties: readonly string[],
  format: CardFormatters,
  now: Date,
): CardData {
  const fixed = membership.period_type === "FIXED";
  return {
    cuid: membership.cuid,
    href: `/memberships/${membership.cuid}`,
    title: membership.title,
    image: firstImage(membership.images),
    unavailable: fixed && hasPassed(membership.fixed_period_end_at, now),
    properties: orderedProperties(properties, (property) => {
      switch (property) {
        case "description":
          return descriptionOf(membership.description);
        case "price":
          return priceOf(format, membership.price);
        case "period":
          if (fixed && membership.fixed_period_start_at && membership.fixed_period_end_at) {
            return {
              kind: "period",
              fixed: {
                start: format.date(membership.fixed_period_start_at),
                end: format.date(membership.fixed_period_end_at),
              },
              rolling: null,
            };
          }
          if (!fixed && membership.rolling_period_type && membership.rolling_period_duration) {
            return {
              kind: "period",
              fixed: null,
              rolling: {
                unit: membership.rolling_period_type,
                count: membership.rolling_period_duration,
              },
            };
          }
          return null;
        default:
          return null;
      }
    }),
  };
}

export const membershipsGridLoader = defineLoader(
  "section:memberships-cards-grid",
  async (args): Promise<GridData> => {
    const { reader, organiser, url, settings } = args;
    const format = cardFormatters(urlLanguage(url, organiser), organiser);
    const now = new Date();
    const { list, filtered, page } = await loadList(args, (params) => reader.memberships(params));
    const items = list.data.map((item) => membershipCard(item, settings.properties, format, now));
    return gridData(items, list, page, settings.page_size, filtered);
  },
);

// ---------------------------------------------------------------------------------------------
// Vouchers

function voucherCard(voucher: VoucherView, properties: readonly string[], format: CardFormatters) {
  return {
    cuid: voucher.cuid,
    href: `/vouchers/${voucher.cuid}`,
    title: voucher.title,
    image: firstImage(voucher.images),
    unavailable: false,
    properties: orderedProperties(properties, (property) => {
      switch (property) {
        case "description":
          return descriptionOf(voucher.description);
        case "price":
          return priceOf(format, voucher.price);
        case "duration":
          return voucher.duration && voucher.duration > 0
            ? { kind: "duration", duration: durationParts(voucher.duration) }
            : null;
        default:
          return null;
      }
    }),
  } satisfies CardData;
}

export const vouchersGridLoader = defineLoader(
  "section:vouchers-cards-grid",
  async (args): Promise<GridData> => {
    const { reader, organiser, url, settings } = args;
    const format = cardFormatters(urlLanguage(url, organiser), organiser);
    const { list, filtered, page } = await loadList(args, (params) => reader.vouchers(params));
    const items = list.data.map((item) => voucherCard(item, settings.properties, format));
    return gridData(items, list, page, settings.page_size, filtered);
  },
);

// ---------------------------------------------------------------------------------------------
// Bundles

function bundleCard(
  bundle: BundleView,
  properties: readonly string[],
  format: CardFormatters,
  now: Date,
): CardData {
  return {
    cuid: bundle.cuid,
    href: `/bundles/${bundle.cuid}`,
    title: bundle.title,
    image: firstImage(bundle.images),
    unavailable: hasPassed(bundle.expires_at, now),
    properties: orderedProperties(properties, (property) => {
      switch (property) {
        case "description":
          return descriptionOf(bundle.description);
        case "price": {
          const perRegistration = bundlePricePerRegistration(bundle.price, bundle.capacity);
          return priceOf(format, bundle.price, {
            // Only informative when the pack holds several registrations.
            perRegistration:
              perRegistration !== null && (bundle.capacity ?? 0) > 1
                ? format.money(perRegistration)
                : null,
          });
        }
        case "capacity":
          return { kind: "capacity", count: bundle.capacity };
        case "expires_at":
          return bundle.expires_at
            ? { kind: "expires_at", date: format.date(bundle.expires_at) }
            : null;
        case "duration":
          return bundle.duration && bundle.duration > 0
            ? { kind: "duration", duration: durationParts(bundle.duration) }
            : null;
        default:
          return null;
      }
    }),
  };
}

export const bundlesGridLoader = defineLoader(
  "section:bundles-grid",
  async (args): Promise<GridData> => {
    const { reader, organiser, url, settings } = args;
    const format = cardFormatters(urlLanguage(url, organiser), organiser);
    const now = new Date();
    const { list, filtered, page } = await loadList(args, (params) => reader.bundles(params));
    const items = list.data.map((item) => bundleCard(item, settings.properties, format, now));
    return gridData(items, list, page, settings.page_size, filtered);
  },
);

// ---------------------------------------------------------------------------------------------
// Activities

/** URL filters the activities call understands (spec "Filters"). */
const ACTIVITY_URL_FILTERS = [
  "search",
  "date",
  "weekday",
  "location",
  "period",
  "availabilities-period",
  "age",
] as const;

function activityCard(
  activity: ActivityView,
  properties: readonly string[],
  format: CardFormatters,
): CardData {
  return {
    cuid: activity.cuid,
    href: `/activities/${activity.cuid}`,
    title: activity.title,
    image: firstImage(activity.images),
    unavailable: activity.next_start_at === null,
    next: activity.next_start_at ? format.dateTime(activity.next_start_at) : null,
    properties: orderedProperties(properties, (property) => {
      switch (property) {
        case "description":
          return descriptionOf(activity.description);
        case "price":
          return activity.default_price === null
            ? null
            : priceOf(format, activity.default_price, { from: true });
        case "ages":
          return { kind: "ages", min: activity.age_minimum, max: activity.age_maximum };
        case "categories":
          return { kind: "categories", titles: activity.categories.map((item) => item.title) };
        case "locations":
          return {
            kind: "locations",
            names: activity.locations.map((location) => location.name || location.title),
          };
        default:
          return null;
      }
    }),
  };
}

export const activitiesGridLoader = defineLoader(
  "section:activities-grid",
  async (args): Promise<GridData> => {
    const { reader, organiser, url, settings } = args;
    const format = cardFormatters(urlLanguage(url, organiser), organiser);
    const extra: CatalogueParams = {};
    if (settings.catalog.length > 0) extra.catalog = settings.catalog.join(",");
    // Spec §7: `after` only with available-only, the current time in the organiser's time zone.
    if (settings.available_only) extra.after = zonedNow(new Date(), organiser.timezone);
    const { list, filtered, page } = await loadList(
      args,
      (params) => reader.activities(params),
      extra,
      ACTIVITY_URL_FILTERS,
      true,
    );
    const items = list.data.map((item) => activityCard(item, settings.properties, format));
    return gridData(items, list, page, settings.page_size, filtered);
  },
);

/** The product and activity grids' loaders (their drawing is grids/index.tsx). */
export const catalogueGridLoaders = [
  membershipsGridLoader,
  vouchersGridLoader,
  bundlesGridLoader,
  activitiesGridLoader,
];
