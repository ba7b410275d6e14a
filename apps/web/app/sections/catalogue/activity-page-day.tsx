import { clsx } from "clsx";
import { Link, useLocation, useNavigate } from "react-router";
import { daysInMonth } from "../../components/calendar/days";
import { MonthGrid } from "../../components/calendar/month-grid";
import { Popover } from "../../components/calendar/popover";
import {
  CalendarIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import type { ActivityPageData } from "./activity-page-data";
import { CardItem, type CardSelection, withParam } from "./activity-page-selection";

// The day view of the activity page section: a date navigator, the calendar popover and the
// day's dates (storefront.md "Schedules").

export function DayView({
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

export function EmptyState({
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
