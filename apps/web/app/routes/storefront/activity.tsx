import type { AvailabilityDateItem, AvailabilityView, BookingStateView } from "@booking/contracts";
import { dayRangeInZone, localDay } from "@booking/domain/zoned-time";
import { clsx } from "clsx";
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
  CalendarIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from "../../components/icons";
import { descriptionHtml, imageData, locationData, orNotFound } from "../../lib/catalogue-data";
import { type Formatters, formatDay } from "../../lib/format";
import { seoMeta } from "../../lib/seo";
import { detailPageBase, storefrontPage } from "../../lib/storefront-page";
import type { Route } from "./+types/activity";

/** The "list with paging" variant shows 10 availabilities per page. */
const PAGE_SIZE = 10;
/** The statuses the activity page lists (closed and full ones show their badge). */
const LISTED_STATUSES = "OPEN,FULL,CLOSED";
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

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = storefrontPage(context, params);
  const { storefront, language, format, t } = page;
  const { organiser, reader } = storefront;
  const activity = await orNotFound(reader.activity(params.cuid));
  const url = new URL(request.url);
  const now = new Date();
  const view = url.searchParams.get("view") === "day" ? "day" : "list";

  let list: {
    page: number;
    pages: number;
    count: number;
    cards: AvailabilityCardData[];
  } | null = null;
  let day: {
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
  } | null = null;

  if (view === "list") {
    const page = positiveInteger(url.searchParams.get("page_number")) ?? 1;
    const result = await reader.availabilities({
      activity: activity.cuid,
      page_number: String(page),
      page_size: String(PAGE_SIZE),
      status: LISTED_STATUSES,
    });
    list = {
      page,
      pages: Math.max(1, Math.ceil(result.count / PAGE_SIZE)),
      count: result.count,
      cards: result.data.map((availability) => availabilityCard(availability, format)),
    };
  } else {
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
      reader.availabilitiesCalendar({ activity: activity.cuid }),
      reader.availabilityDates({
        activity: activity.cuid,
        after: after.toISOString(),
        before: range.end.toISOString(),
      }),
    ]);
    const available = [
      ...new Set(calendar.dates.map((entry) => entry.date).filter((entry) => entry >= today)),
    ].sort();
    const nextAvailable = available.find((entry) => entry > date) ?? null;
    day = {
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
      cards: dates.availabilities_dates.data.map((item) => dateCard(item, format, timeZone)),
    };
  }

  const price = activity.default_price !== null ? format.money(activity.default_price) : null;
  return {
    ...detailPageBase(page, request, {
      title: activity.title,
      description: activity.description,
      fallbackDescription: t("activity.meta_description", {
        title: activity.title,
        name: organiser.name,
      }),
      path: `/activities/${activity.cuid}`,
      image: activity.images[0] ?? null,
    }),
    activity: {
      cuid: activity.cuid,
      title: activity.title,
      price,
      images: imageData(activity.images),
      description: descriptionHtml(activity.description, language),
      locations: activity.locations
        .map((location) => locationData(location))
        .filter((location) => location !== null),
      ages: { minimum: activity.age_minimum, maximum: activity.age_maximum },
    },
    view,
    list,
    day,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

type LoaderData = Route.ComponentProps["loaderData"];

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { activity, breadcrumb } = loaderData;
  const { ages } = activity;
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
              activity.price
                ? {
                    key: "price",
                    label: t("catalogue.price"),
                    value: activity.price,
                    testId: "activity-price",
                  }
                : null,
            ]}
          />
        </header>
      }
      side={
        <SidePanel title={t("activity.practical")}>
          {activity.price ? (
            <p className="flex items-baseline justify-between gap-4">
              <span className="font-medium">{t("catalogue.price")}</span>
              <span className="text-xl font-bold text-slate-950">{activity.price}</span>
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
          {activity.locations.length > 0 ? (
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
      after={<ActivityAvailabilities loaderData={loaderData} />}
    >
      {activity.images.length > 0 ? <Gallery images={activity.images} /> : null}
      {activity.description ? (
        <DescriptionSection id="activity-description" html={activity.description} />
      ) : null}
    </DetailPage>
  );
}

function ActivityAvailabilities({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { view } = loaderData;
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
                to={`${pathname}#availabilities`}
                className={tab(view === "list")}
                aria-current={view === "list" ? "page" : undefined}
                preventScrollReset
              >
                {t("activity.view.list")}
              </Link>
            </li>
            <li>
              <Link
                to={`${pathname}?view=day#availabilities`}
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
      <div className="mt-6">
        {loaderData.list ? <ListView list={loaderData.list} /> : null}
        {loaderData.day ? <DayView day={loaderData.day} /> : null}
      </div>
    </section>
  );
}

function ListView({ list }: { list: NonNullable<LoaderData["list"]> }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
          <li key={card.key}>
            <AvailabilityCard card={card} />
          </li>
        ))}
      </ul>
      <Pagination
        page={list.page}
        pages={list.pages}
        hrefFor={(page) => `${pathname}${page > 1 ? `?page_number=${page}` : ""}#availabilities`}
      />
    </div>
  );
}

function DayView({ day }: { day: NonNullable<LoaderData["day"]> }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hrefFor = (date: string) => `${pathname}?view=day&date=${date}`;
  return (
    <div className="flex flex-col gap-6">
      <DayNavigator day={day} hrefFor={hrefFor} />
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
            <li key={card.key}>
              <AvailabilityCard card={card} />
            </li>
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
}: {
  day: NonNullable<LoaderData["day"]>;
  hrefFor: (date: string) => string;
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
        <DayCalendar day={day} hrefFor={hrefFor} />
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
  day: NonNullable<LoaderData["day"]>;
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
