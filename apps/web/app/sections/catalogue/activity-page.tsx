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
import { clsx } from "clsx";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { addDays, daysInMonth, isDay } from "../../components/calendar/days";
import { MonthGrid } from "../../components/calendar/month-grid";
import { Popover } from "../../components/calendar/popover";
import {
  AvailabilityCard,
  type AvailabilityCardData,
  Pagination,
} from "../../components/catalogue/availability-cards";
import {
  Breadcrumb,
  DescriptionSection,
  DetailPage,
  DetailTitle,
  Facts,
  Gallery,
  SidePanel,
} from "../../components/catalogue/detail";
import { AgeLimits, LocationAddress } from "../../components/catalogue/location";
import {
  buildFilterFields,
  FILTER_DEBOUNCE,
  type FilterField,
  FiltersPanel,
  fieldIds,
  needsFacets,
  useFilterController,
} from "../../components/filters";
import {
  CalendarIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from "../../components/icons";
import { ButtonLink } from "../../components/ui/button";
import { descriptionHtml, imageData, locationData } from "../../lib/catalogue-data";
import { createFormatters, type Formatters, formatDay } from "../../lib/format";
import { stripLanguage } from "../../lib/links";
import { safeFacets } from "./availabilities-cards";
import { clockOf, defineSection, filterParams, readUrlFilters, sectionLanguage } from "./params";

// The activity page's section (storefront.md "Catalogue sections": a list of availabilities with
// paging, or a day view with a date navigator and optional calendar), an element of the page
// builder: /activities/{activity} renders it (routes/storefront/activity.tsx).

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
async function loadActivityPage({
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

/** The activity page's section as an element of the page builder (`section:activity-page`). */
export const activityPageSection = defineSection<"section:activity-page", ActivityPageData | null>({
  key: "section:activity-page",
  load: loadActivityPage,
  Component: ({ data, settings }) =>
    data ? <ActivityPageView data={data} settings={settings} /> : null,
});

function ActivityPageView({
  data,
  settings,
}: {
  data: ActivityPageData;
  settings: ActivityPageSettings;
}) {
  const { t } = useTranslation();
  const { activity, breadcrumb } = data;
  const { ages } = activity;
  const shows = (property: ActivityPageSettings["activity-properties"][number]) =>
    settings["activity-properties"].includes(property);
  const price = shows("price") ? activity.price : null;
  return (
    <DetailPage
      breadcrumb={
        <Breadcrumb
          organiser={breadcrumb.organiser}
          catalogue={breadcrumb.catalogue}
          items={[{ label: activity.title }]}
        />
      }
      header={
        <header className="flex flex-col gap-4">
          <DetailTitle testId="activity-title">{activity.title}</DetailTitle>
          <Facts
            items={[
              price
                ? {
                    key: "price",
                    label: t("catalogue.price"),
                    value: price,
                    testId: "activity-price",
                  }
                : null,
            ]}
          />
        </header>
      }
      side={
        <SidePanel title={t("activity.practical")}>
          {price ? (
            <p className="flex items-baseline justify-between gap-4">
              <span className="font-medium">{t("catalogue.price")}</span>
              <span className="text-xl font-bold text-slate-950">{price}</span>
            </p>
          ) : null}
          {ages.minimum !== null || ages.maximum !== null ? (
            <p className="flex items-baseline justify-between gap-4">
              <span className="font-medium">{t("catalogue.ages.label")}</span>
              <span className="text-right text-slate-900">
                <AgeLimits minimum={ages.minimum} maximum={ages.maximum} />
              </span>
            </p>
          ) : null}
          {shows("locations") && activity.locations.length > 0 ? (
            <div>
              <p className="font-medium">
                {t("activity.locations", { count: activity.locations.length })}
              </p>
              <ul
                className="mt-2 flex flex-col gap-3 text-slate-900"
                data-testid="activity-locations"
              >
                {activity.locations.map((location) => (
                  <li key={`${location.name}-${location.street}-${location.city}`}>
                    <LocationAddress location={location} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <a
            href="#availabilities"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm hover:brightness-95"
          >
            <CalendarIcon className="size-4" />
            {t("activity.see_availabilities")}
          </a>
        </SidePanel>
      }
      after={<ActivityAvailabilities data={data} settings={settings} />}
    >
      {shows("images") && activity.images.length > 0 ? <Gallery images={activity.images} /> : null}
      {shows("description") && activity.description ? (
        <DescriptionSection id="activity-description" html={activity.description} />
      ) : null}
    </DetailPage>
  );
}

function ActivityAvailabilities({
  data,
  settings,
}: {
  data: ActivityPageData;
  settings: ActivityPageSettings;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { view } = data;
  const controller = useFilterController(fieldIds(data.fields), FILTER_DEBOUNCE.inline);
  const selection = useCardSelection(settings["multiple-selection"]);
  const tab = (active: boolean) =>
    clsx(
      "inline-flex min-h-10 items-center rounded-md px-4 text-sm font-semibold",
      active ? "bg-white text-slate-950 shadow-sm" : "text-slate-700 hover:text-slate-950",
    );
  return (
    <section
      id="availabilities"
      aria-labelledby="availabilities-title"
      className="mt-12 scroll-mt-24 border-t border-slate-200 pt-10"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="availabilities-title" className="text-2xl font-bold tracking-tight text-slate-950">
          {t("activity.availabilities")}
        </h2>
        <nav aria-label={t("activity.view.label")}>
          <ul className="flex gap-1 rounded-lg bg-slate-100 p-1">
            <li>
              <Link
                to={`${pathname}${data.defaultView === "list" ? "" : "?view=list"}#availabilities`}
                className={tab(view === "list")}
                aria-current={view === "list" ? "page" : undefined}
                preventScrollReset
              >
                {t("activity.view.list")}
              </Link>
            </li>
            <li>
              <Link
                to={`${pathname}${data.defaultView === "day" ? "" : "?view=day"}#availabilities`}
                className={tab(view === "day")}
                aria-current={view === "day" ? "page" : undefined}
                preventScrollReset
              >
                {t("activity.view.day")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      {data.fields.length > 0 ? (
        <div className="mt-6">
          <FiltersPanel
            fields={data.fields}
            controller={controller}
            layout="inline"
            today={data.today}
          />
        </div>
      ) : null}
      <div className="mt-6">
        {data.list ? <ListView list={data.list} selection={selection} /> : null}
        {data.day ? (
          <DayView
            day={data.day}
            calendar={settings["availabilities-filters-calendar"]}
            selection={selection}
          />
        ) : null}
      </div>
      <SelectionBar selection={selection} />
    </section>
  );
}

function ListView({
  list,
  selection,
}: {
  list: NonNullable<ActivityPageData["list"]>;
  selection: CardSelection | null;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (list.cards.length === 0) {
    return (
      <EmptyState
        title={t("activity.empty.title")}
        body={list.page > 1 ? t("activity.empty.page") : t("activity.empty.body")}
        action={
          list.page > 1 ? (
            <Link
              to={`${pathname}#availabilities`}
              className="font-semibold text-accent-ink underline underline-offset-4"
            >
              {t("catalogue.pagination.first")}
            </Link>
          ) : null
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">{t("activity.count", { count: list.count })}</p>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="availabilities-list">
        {list.cards.map((card) => (
          <CardItem key={card.key} card={card} selection={selection} />
        ))}
      </ul>
      <Pagination
        page={list.page}
        pages={list.pages}
        hrefFor={(page) =>
          `${pathname}${withParam(search, "page_number", page > 1 ? String(page) : null)}#availabilities`
        }
      />
    </div>
  );
}

function DayView({
  day,
  calendar,
  selection,
}: {
  day: NonNullable<ActivityPageData["day"]>;
  calendar: boolean;
  selection: CardSelection | null;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const hrefFor = (date: string) =>
    `${pathname}${withParam(withParam(search, "view", "day"), "date", date)}`;
  return (
    <div className="flex flex-col gap-6">
      <DayNavigator day={day} hrefFor={hrefFor} calendar={calendar} />
      {day.cards.length === 0 ? (
        <EmptyState
          title={t("activity.day.empty")}
          body={day.nextAvailableLabel ? null : t("activity.day.no_more")}
          action={
            day.nextAvailable && day.nextAvailableLabel ? (
              <Link
                to={hrefFor(day.nextAvailable)}
                preventScrollReset
                className="font-semibold text-accent-ink underline underline-offset-4"
              >
                {t("activity.day.next_on", { date: day.nextAvailableLabel })}
              </Link>
            ) : null
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="day-dates">
          {day.cards.map((card) => (
            <CardItem key={card.key} card={card} selection={selection} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Previous and next day, jumps to the previous or next day that has dates, and the calendar
 * popover (spec §2 "Schedules"). Every control is a link to the same page with another day.
 */
function DayNavigator({
  day,
  hrefFor,
  calendar,
}: {
  day: NonNullable<ActivityPageData["day"]>;
  hrefFor: (date: string) => string;
  /** the calendar popover (setting availabilities-filters-calendar) */
  calendar: boolean;
}) {
  const { t } = useTranslation();
  const iconLink =
    "inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-900 hover:bg-slate-50";
  const textLink =
    "inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-accent-ink hover:bg-accent-soft";
  const off = "cursor-not-allowed opacity-40";
  return (
    <nav
      aria-label={t("activity.day.navigation")}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
      data-testid="day-navigator"
    >
      <div className="flex items-center justify-between gap-2">
        {day.previousDay ? (
          <Link
            to={hrefFor(day.previousDay)}
            preventScrollReset
            className={iconLink}
            aria-label={t("activity.day.previous_day")}
          >
            <ChevronLeftIcon className="size-5" />
          </Link>
        ) : (
          <span className={clsx(iconLink, off)} aria-hidden="true">
            <ChevronLeftIcon className="size-5" />
          </span>
        )}
        <p
          className="min-w-0 text-center text-base font-semibold text-slate-950 first-letter:uppercase sm:text-lg"
          aria-live="polite"
          data-testid="day-label"
        >
          {day.label}
          {day.date === day.today ? (
            <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-ink normal-case">
              {t("catalogue.calendar.today")}
            </span>
          ) : null}
        </p>
        <Link
          to={hrefFor(day.nextDay)}
          preventScrollReset
          className={iconLink}
          aria-label={t("activity.day.next_day")}
        >
          <ChevronRightIcon className="size-5" />
        </Link>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {day.previousAvailable ? (
          <Link to={hrefFor(day.previousAvailable)} preventScrollReset className={textLink}>
            <ChevronsLeftIcon className="size-4" />
            {t("activity.day.previous_available")}
          </Link>
        ) : (
          <span className={clsx(textLink, off)} aria-disabled="true">
            <ChevronsLeftIcon className="size-4" />
            {t("activity.day.previous_available")}
          </span>
        )}
        {calendar ? <DayCalendar day={day} hrefFor={hrefFor} /> : null}
        {day.nextAvailable ? (
          <Link to={hrefFor(day.nextAvailable)} preventScrollReset className={textLink}>
            {t("activity.day.next_available")}
            <ChevronsRightIcon className="size-4" />
          </Link>
        ) : (
          <span className={clsx(textLink, off)} aria-disabled="true">
            {t("activity.day.next_available")}
            <ChevronsRightIcon className="size-4" />
          </span>
        )}
      </div>
    </nav>
  );
}

/**
 * The calendar popover of the day view (spec §2 "Schedules": a calendar starting on Monday), from
 * today's month to the month of the last day that has dates; only days with dates can be chosen.
 */
function DayCalendar({
  day,
  hrefFor,
}: {
  day: NonNullable<ActivityPageData["day"]>;
  hrefFor: (date: string) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const available = new Set(day.available);
  const lastMonth = (day.available.at(-1) ?? day.today).slice(0, 7);
  const [lastYear, lastMonthNumber] = lastMonth.split("-").map(Number) as [number, number];
  return (
    <Popover
      label={t("catalogue.calendar.open")}
      triggerClassName="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
      trigger={
        <>
          <CalendarIcon className="size-5 text-accent-ink" />
          {t("catalogue.calendar.open")}
        </>
      }
    >
      {(close) => (
        <>
          <MonthGrid
            label={t("catalogue.calendar.open")}
            value={day.date}
            today={day.today}
            min={`${day.today.slice(0, 7)}-01`}
            max={`${lastMonth}-${String(daysInMonth(lastYear, lastMonthNumber)).padStart(2, "0")}`}
            highlighted={available}
            markedLabel={t("catalogue.calendar.has_dates")}
            isDisabled={(date) => date < day.today || !available.has(date)}
            autoFocus
            onSelect={(date) => {
              close();
              void navigate(hrefFor(date), { preventScrollReset: true });
            }}
          />
          <p className="mt-3 flex items-center gap-2 text-xs text-slate-600">
            <span aria-hidden="true" className="inline-block size-2 rounded-full bg-accent-ink" />
            {t("catalogue.calendar.legend")}
          </p>
        </>
      )}
    </Popover>
  );
}

function EmptyState({
  title,
  body,
  action,
}: {
  title: string;
  body: string | null;
  action: React.ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center">
      <p className="text-lg font-semibold text-slate-950">{title}</p>
      {body ? <p className="mt-1 text-sm text-slate-700">{body}</p> : null}
      {action ? <p className="mt-3">{action}</p> : null}
    </div>
  );
}

/** The cards ticked with `multiple-selection`, sent to /cart/add (storefront.md "Add several"). */
interface CardSelection {
  isSelected(card: AvailabilityCardData): boolean;
  toggle(card: AvailabilityCardData): void;
  count: number;
  href: string;
  clear(): void;
}

function useCardSelection(enabled: boolean): CardSelection | null {
  const [selected, setSelected] = useState<AvailabilityCardData[]>([]);
  return useMemo(() => {
    if (!enabled) return null;
    const availabilities = [...new Set(selected.map((card) => card.cuid))];
    // A day view's card is one date of its availability (its key), a list's the availability.
    const dates = selected.filter((card) => card.key !== card.cuid).map((card) => card.key);
    return {
      isSelected: (card) => selected.some((other) => other.key === card.key),
      toggle: (card) =>
        setSelected((current) =>
          current.some((other) => other.key === card.key)
            ? current.filter((other) => other.key !== card.key)
            : [...current, card],
        ),
      count: selected.length,
      href: `/cart/add?availabilities=${availabilities.join(",")}${dates.length > 0 ? `&dates=${dates.join(",")}` : ""}`,
      clear: () => setSelected([]),
    };
  }, [enabled, selected]);
}

function CardItem({
  card,
  selection,
}: {
  card: AvailabilityCardData;
  selection: CardSelection | null;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2">
      <AvailabilityCard card={card} />
      {selection ? (
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 self-start rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
          <input
            type="checkbox"
            className="size-5 accent-[var(--accent)]"
            checked={selection.isSelected(card)}
            onChange={() => selection.toggle(card)}
            data-testid="select-availability"
          />
          {t("activity.selection.select")}
          <span className="sr-only">{card.title}</span>
        </label>
      ) : null}
    </li>
  );
}

function SelectionBar({ selection }: { selection: CardSelection | null }) {
  const { t } = useTranslation();
  if (!selection || selection.count === 0) return null;
  return (
    <div
      className="sticky bottom-4 z-20 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg"
      data-testid="selection-bar"
    >
      <p className="text-sm font-semibold text-slate-950" aria-live="polite">
        {t("activity.selection.count", { count: selection.count })}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={selection.clear}
          className="min-h-11 rounded-lg px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          {t("activity.selection.clear")}
        </button>
        <ButtonLink to={selection.href}>{t("activity.selection.add")}</ButtonLink>
      </div>
    </div>
  );
}

/** The page's query with `name` set to `value` (removed when null), as `?…` or "". */
function withParam(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
