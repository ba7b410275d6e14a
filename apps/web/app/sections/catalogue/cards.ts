import type { AvailabilityProperty, AvailabilityView, Language } from "@booking/contracts";
import type { BadgeStatus } from "@booking/domain";
import { locationData } from "../../lib/catalogue-data";
import { createFormatters, LOCALES } from "../../lib/format";
import { excerpt, htmlToPlainText } from "../../lib/plain-text";

/**
 * One availability card as the catalogue sections draw it: everything already formatted on the
 * server in the organiser's time zone, currency and the page's language. What it says about
 * booking is the availability's booking state as the API computed it (`booking`, one rule for
 * every view: docs/decisions/0030-one-booking-state.md), so no two views can disagree.
 */
export interface CardData {
  cuid: string;
  title: string;
  image: { url: string; alt: string } | null;
  description: string | null;
  /** "lun. 6 juil. 2026" or "lun. 6 – ven. 10 juil. 2026" */
  dates: string;
  /** "9:00–16:00" */
  time: string;
  /** number of dates (sessions) of the availability */
  sessions: number;
  price: string;
  free: boolean;
  /** red badge: CLOSED or FULL, whatever the section (storefront.md §4, decision 0030) */
  badge: BadgeStatus | null;
  /** the largest remaining places across dates, only when it can be booked; null for none */
  capacity: number | null;
  /** when registrations open, formatted, while they have not yet; null otherwise */
  opensAt: string | null;
  ages: { minimum: number | null; maximum: number | null } | null;
  location: string | null;
  address: string | null;
  /** categories of PRIMARY groups */
  categories: string[];
}

export interface CardOptions {
  language: Language;
  timeZone: string;
  currency: string;
}

const rangeFormatters = new Map<string, Intl.DateTimeFormat>();

function dayRangeFormatter(language: Language, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let formatter = rangeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALES[language], {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone,
    });
    rangeFormatters.set(key, formatter);
  }
  return formatter;
}

/** "lun. 6 juil. 2026", or a range collapsed by Intl ("6 – 10 juil. 2026"). */
export function formatDayRange(
  start: string,
  end: string,
  language: Language,
  timeZone: string,
): string {
  const formatter = dayRangeFormatter(language, timeZone);
  const from = new Date(start);
  const to = new Date(end);
  // An end exactly at midnight belongs to the day before (a day-long date ends at 00:00).
  const lastInstant = new Date(Math.max(from.getTime(), to.getTime() - 1));
  return formatter.formatRange(from, lastInstant);
}

export function toCardData(availability: AvailabilityView, options: CardOptions): CardData {
  const format = createFormatters(options.language, options.timeZone, options.currency);
  const { booking } = availability;
  const image = availability.activity.images[0];
  const location = locationData(availability.location);
  const locality = location ? [location.postcode, location.city].filter(Boolean).join(" ") : "";
  const address = location ? [location.street, locality].filter(Boolean).join(", ") || null : null;
  const description = htmlToPlainText(availability.activity.description);
  return {
    cuid: availability.cuid,
    title: availability.activity.title,
    image: image ? { url: image.public_url, alt: image.alt ?? "" } : null,
    description: description ? excerpt(description, 180) : null,
    dates: formatDayRange(
      availability.start_at,
      availability.end_at,
      options.language,
      options.timeZone,
    ),
    time: format.timeRange(availability.start_at, availability.end_at),
    sessions: availability.dates.length,
    price: format.money(availability.price),
    free: availability.price === 0,
    badge: booking.badge,
    capacity: booking.bookable ? booking.remaining : null,
    opensAt: booking.registrations_open_at ? format.dateTime(booking.registrations_open_at) : null,
    ages:
      availability.age_minimum !== null || availability.age_maximum !== null
        ? { minimum: availability.age_minimum, maximum: availability.age_maximum }
        : null,
    location: location?.name ?? null,
    address,
    categories: availability.categories
      .filter((category) => category.group.scope === "PRIMARY")
      .map((category) => category.title),
  };
}

/** The properties a card shows, in the order of the setting (title and badge always show). */
export type CardProperties = AvailabilityProperty[];
