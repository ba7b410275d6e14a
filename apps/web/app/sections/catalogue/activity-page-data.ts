import type {
  ActivityPageSettings,
  AvailabilityDateItem,
  AvailabilityView,
  BookingStateView,
  CatalogueParams,
  Language,
  StorefrontOrganiser,
  StorefrontReader,
} from "@booking/contracts";
import { dayRangeInZone, localDay } from "@booking/domain/zoned-time";
import { addDays, isDay } from "../../components/calendar/days";
import type { AvailabilityCardData } from "../../components/catalogue/availability-cards";
import { buildFilterFields, type FilterField, needsFacets } from "../../components/filters";
import { descriptionHtml, imageData, locationData } from "../../lib/catalogue-data";
import { createFormatters, type Formatters, formatDay } from "../../lib/format";
import { stripLanguage } from "../../lib/links";
import { safeFacets } from "./availabilities-cards.server";
import { clockOf, filterParams, readUrlFilters, sectionLanguage } from "./params";

// The activity page section's data, read on the server (its `load`).

/** The statuses the activity page lists (closed and full ones show their badge). */
const LISTED_STATUSES = "OPEN,FULL,CLOSED";

type CardProperty = ActivityPageSettings["availabilities-properties"][number];

/** What a card says about booking: the API's booking state (decision 0030), as every view. */
function bookingData(booking: BookingStateView, format: Formatters) {
  return {
    badge: booking.badge,
    capacity: booking.bookable ? booking.remaining : null,
    opensAt: booking.registrations_open_at ? format.dateTime(booking.registrations_open_at) : null,
  };
}

function positiveInteger(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

function availabilityCard(
  availability: AvailabilityView,
  format: Formatters,
): AvailabilityCardData {
  return {
    key: availability.cuid,
    cuid: availability.cuid,
    title: format.dateRange(availability.start_at, availability.end_at),
    subtitle: null,
    ...bookingData(availability.booking, format),
    price: format.money(availability.price),
    location: locationData(availability.location),
    dates: availability.dates.length,
  };
}

/** A date of the day view: its hours, and the whole availability when it has several days. */
function dateCard(
  item: AvailabilityDateItem,
  format: Formatters,
  timeZone: string,
): AvailabilityCardData {
  const { availability } = item;
  const severalDays =
    localDay(availability.start_at, timeZone) !== localDay(availability.end_at, timeZone);
  return {
    key: item.cuid,
    cuid: availability.cuid,
    title: format.timeRange(item.start_at, item.end_at),
    subtitle: severalDays ? format.dateRange(availability.start_at, availability.end_at) : null,
    // The state of booking this date: a date item's booking is that one date's.
    ...bookingData(availability.booking, format),
    price: format.money(availability.price),
    location: locationData(availability.location),
    dates: 0,
  };
}

/** The section's data: the activity of the page's address, and its availabilities. */
export interface ActivityPageData {
  activity: {
    cuid: string;
    title: string;
    price: string | null;
    images: ReturnType<typeof imageData>;
    description: string | null;
    locations: NonNullable<ReturnType<typeof locationData>>[];
    ages: { minimum: number | null; maximum: number | null };
  };
  breadcrumb: { organiser: string; catalogue: { path: string; title: string } | null };
  /** the view shown, and the one the section's `variant` shows without `?view=` */
  view: "list" | "day";
  defaultView: "list" | "day";
  list: { page: number; pages: number; count: number; cards: AvailabilityCardData[] } | null;
  day: {
    date: string;
    today: string;
    label: string;
    previousDay: string | null;
    nextDay: string;
    previousAvailable: string | null;
    nextAvailable: string | null;
    nextAvailableLabel: string | null;
    available: string[];
    cards: AvailabilityCardData[];
  } | null;
  /** the filters of `availabilities-filters`, with their choices */
  fields: FilterField[];
  today: string;
}

/** The activity cuid of an activity page's address (`/activities/{cuid}`, any language), or null. */
function activityCuidOf(url: URL): string | null {
  return /^\/activities\/([a-z0-9]{1,64})$/.exec(stripLanguage(url.pathname))?.[1] ?? null;
}

/** The card with only the details `availabilities-properties` lists (its time always shows). */
function withProperties(card: AvailabilityCardData, properties: readonly CardProperty[]) {
  const shows = (property: CardProperty) => properties.includes(property);
  return {
    ...card,
    price: shows("price") ? card.price : null,
    capacity: shows("capacity") ? card.capacity : null,
    location: shows("location") ? card.location : null,
    dates: shows("dates") ? card.dates : 0,
  };
}

async function loadList(
  reader: StorefrontReader,
  selection: CatalogueParams,
  url: URL,
  size: number,
  card: (availability: AvailabilityView) => AvailabilityCardData,
): Promise<NonNullable<ActivityPageData["list"]>> {
  const page = positiveInteger(url.searchParams.get("page_number")) ?? 1;
  const result = await reader.availabilities({
    ...selection,
    page_number: String(page),
    page_size: String(size),
    status: LISTED_STATUSES,
  });
  return {
    page,
    pages: Math.max(1, Math.ceil(result.count / size)),
    count: result.count,
    cards: result.data.map(card),
  };
}

async function loadDay(
  reader: StorefrontReader,
  selection: CatalogueParams,
  url: URL,
  organiser: StorefrontOrganiser,
  format: Formatters & { language: Language },
  properties: readonly CardProperty[],
): Promise<NonNullable<ActivityPageData["day"]>> {
  const now = new Date();
  const timeZone = organiser.timezone;
  const today = localDay(now, timeZone);
  const dateParam = url.searchParams.get("date");
  const requested = isDay(dateParam) ? dateParam : null;
  // spec: the day view starts from today if the chosen date is in the past.
  const date = requested && requested > today ? requested : today;
  const range = dayRangeInZone(date, timeZone);
  // spec §7: after and before are never before now.
  const after = range.start > now ? range.start : now;
  const [calendar, dates] = await Promise.all([
    reader.availabilitiesCalendar(selection),
    reader.availabilityDates({
      ...selection,
      after: after.toISOString(),
      before: range.end.toISOString(),
    }),
  ]);
  const available = [
    ...new Set(calendar.dates.map((entry) => entry.date).filter((entry) => entry >= today)),
  ].sort();
  const nextAvailable = available.find((entry) => entry > date) ?? null;
  const { language } = format;
  return {
    date,
    today,
    label: formatDay(date, language, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
    previousDay: date > today ? addDays(date, -1) : null,
    nextDay: addDays(date, 1),
    previousAvailable: available.filter((entry) => entry < date).at(-1) ?? null,
    nextAvailable,
    nextAvailableLabel: nextAvailable
      ? formatDay(nextAvailable, language, { weekday: "long", day: "numeric", month: "long" })
      : null,
    available,
    cards: dates.availabilities_dates.data.map((item) =>
      withProperties(dateCard(item, format, timeZone), properties),
    ),
  };
}

/**
 * The activity of the page's address and its availabilities: the list (page_number, the
 * section's page_size) or the day view (`date`), as `?view=` or the section's variant says,
 * narrowed by the URL's filters; the choices of the section's filters. Null off an activity page.
 */
export async function loadActivityPage({
  settings,
  url,
  reader,
  organiser,
}: {
  settings: ActivityPageSettings;
  url: URL;
  reader: StorefrontReader;
  organiser: StorefrontOrganiser;
}): Promise<ActivityPageData | null> {
  const cuid = activityCuidOf(url);
  const activity = cuid ? await reader.activity(cuid) : null;
  if (!activity) return null;
  const language = sectionLanguage(url, organiser);
  const format = {
    ...createFormatters(language, organiser.timezone, organiser.currency),
    language,
  };
  const defaultView = settings.variant === "day-view" ? "day" : "list";
  const asked = url.searchParams.get("view");
  const view = asked === "day" || asked === "list" ? asked : defaultView;
  const properties = settings["availabilities-properties"];
  const filters = settings["availabilities-filters"];
  // The day view moves by `date`: the filters never narrow by it.
  const selection = { activity: activity.cuid, ...filterParams(readUrlFilters(url), ["date"]) };
  const [list, day, facets] = await Promise.all([
    view === "list"
      ? loadList(reader, selection, url, settings.page_size, (availability) =>
          withProperties(availabilityCard(availability, format), properties),
        )
      : null,
    view === "day" ? loadDay(reader, selection, url, organiser, format, properties) : null,
    needsFacets(filters) ? safeFacets(reader) : null,
  ]);
  return {
    activity: {
      cuid: activity.cuid,
      title: activity.title,
      price: activity.default_price !== null ? format.money(activity.default_price) : null,
      images: imageData(activity.images),
      description: descriptionHtml(activity.description, language),
      locations: activity.locations
        .map((location) => locationData(location))
        .filter((location) => location !== null),
      ages: { minimum: activity.age_minimum, maximum: activity.age_maximum },
    },
    breadcrumb: {
      organiser: organiser.name,
      catalogue: organiser.catalogue?.path
        ? { path: organiser.catalogue.path, title: organiser.catalogue.title }
        : null,
    },
    view,
    defaultView,
    list,
    day,
    fields: buildFilterFields(filters, facets, []),
    today: clockOf(organiser).today,
  };
}
