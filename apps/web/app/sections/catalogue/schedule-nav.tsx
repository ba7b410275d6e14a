import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { MonthGrid } from "../../components/calendar/month-grid";
import { Popover } from "../../components/calendar/popover";
import { PAGE_NUMBER_PARAM } from "../../components/filters/query";
import {
  CalendarIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from "../../components/icons";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/react";

/** The query parameter a schedule navigates with: the date filter (any day of the period). */
export const SCHEDULE_DATE_PARAM = "date";

export interface ScheduleNavProps {
  /** "week" moves by 7 days, "day" by one */
  period: "week" | "day";
  /** first day of the shown period */
  current: string;
  /** "6 – 12 avril 2026", "lundi 6 avril 2026" */
  label: string;
  /** null disables the button (a day before today has nothing to book) */
  previous: string | null;
  next: string;
  /** the nearest days having availabilities before and after the period */
  previousAvailable?: string | null;
  nextAvailable?: string | null;
  /** whether to offer the jumps to the previous/next available date */
  jumps?: boolean;
  today: string;
  /** days that have availabilities, marked in the calendar popover */
  highlighted?: ReadonlySet<string>;
  /** offer "this week" / "today" (the period does not hold today) */
  showToday?: boolean;
  loading?: boolean;
}

const buttonClass =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 sm:size-11";
const disabledClass =
  "inline-flex size-10 shrink-0 cursor-not-allowed items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-slate-500 sm:size-11";

function useDateHref() {
  const { pathname, search } = useLocation();
  return (day: string) => {
    const params = new URLSearchParams(search);
    params.set(SCHEDULE_DATE_PARAM, day);
    params.delete(PAGE_NUMBER_PARAM);
    return `${pathname}?${params.toString()}`;
  };
}

function NavLink({
  to,
  label,
  testId,
  children,
}: {
  to: string | null;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  if (!to) {
    return (
      <button
        type="button"
        disabled
        aria-label={label}
        data-testid={testId}
        className={disabledClass}
      >
        {children}
      </button>
    );
  }
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-label={label}
      title={label}
      data-testid={testId}
      className={buttonClass}
    >
      {children}
    </Link>
  );
}

/**
 * Date navigation of a schedule (storefront.md "Schedules"): previous and next period, jumps to
 * the previous or next date having availabilities, and a calendar popover starting on Monday.
 * Links (they work before hydration) replace the `date` query parameter.
 */
export function ScheduleNav({
  period,
  current,
  label,
  previous,
  next,
  previousAvailable,
  nextAvailable,
  jumps = true,
  today,
  highlighted,
  showToday = false,
  loading = false,
}: ScheduleNavProps) {
  const { t } = useTranslation();
  const hrefFor = useDateHref();
  const navigate = useNavigate();
  const unit = period === "week" ? "week" : "day";
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-2">
        <p
          className="min-w-0 text-lg font-semibold text-balance text-slate-950 first-letter:uppercase"
          aria-live="polite"
          data-testid="schedule-period"
        >
          {label}
        </p>
        {loading ? (
          <span role="status" className="inline-flex items-center gap-1 text-sm text-slate-700">
            <Spinner className="text-accent-ink" />
            <span className="sr-only">{t("common.loading")}</span>
          </span>
        ) : null}
      </div>
      <nav
        aria-label={t(`schedules.nav.label_${unit}`)}
        className="relative flex flex-wrap items-center gap-1.5"
      >
        {jumps ? (
          <NavLink
            to={previousAvailable ? hrefFor(previousAvailable) : null}
            label={t("schedules.nav.previous_available")}
            testId="schedule-previous-available"
          >
            <ChevronsLeftIcon className="size-5" />
          </NavLink>
        ) : null}
        <NavLink
          to={previous ? hrefFor(previous) : null}
          label={t(`schedules.nav.previous_${unit}`)}
          testId="schedule-previous"
        >
          <ChevronLeftIcon className="size-5" />
        </NavLink>
        {showToday ? (
          <Link
            to={hrefFor(today)}
            replace
            preventScrollReset
            className={clsx(buttonClass, "w-auto px-3 text-sm font-semibold sm:w-auto")}
          >
            {t(`schedules.nav.today_${unit}`)}
          </Link>
        ) : null}
        <Popover
          label={t("schedules.nav.calendar")}
          triggerLabel={t("schedules.nav.open_calendar")}
          triggerClassName={buttonClass}
          trigger={<CalendarIcon className="size-5" />}
          align="end"
          anchored={false}
          triggerProps={{ "data-testid": "schedule-calendar" }}
        >
          {(close) => (
            <MonthGrid
              label={t("schedules.nav.calendar")}
              value={current}
              today={today}
              highlighted={highlighted}
              autoFocus
              onSelect={(day) => {
                close();
                void navigate(hrefFor(day), { replace: true, preventScrollReset: true });
              }}
            />
          )}
        </Popover>
        <NavLink to={hrefFor(next)} label={t(`schedules.nav.next_${unit}`)} testId="schedule-next">
          <ChevronRightIcon className="size-5" />
        </NavLink>
        {jumps ? (
          <NavLink
            to={nextAvailable ? hrefFor(nextAvailable) : null}
            label={t("schedules.nav.next_available")}
            testId="schedule-next-available"
          >
            <ChevronsRightIcon className="size-5" />
          </NavLink>
        ) : null}
      </nav>
    </div>
  );
}

/** A link to the period holding `day` (same `date` parameter as the navigation). */
export function ScheduleDateLink({
  day,
  className,
  children,
}: {
  day: string;
  className?: string;
  children: ReactNode;
}) {
  const hrefFor = useDateHref();
  return (
    <Link to={hrefFor(day)} replace preventScrollReset className={className}>
      {children}
    </Link>
  );
}
