import { parseDay } from "@booking/domain";
import { clsx } from "clsx";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { useLanguage } from "../../lib/root-data";
import { formatCalendarDay, formatMonth, monthNames, weekdayNames } from "../filters/format";
import { ChevronLeftIcon, ChevronRightIcon } from "../icons";
import {
  addDays,
  addMonths,
  CALENDAR_SPAN_YEARS,
  type CalendarDay,
  clampDay,
  formatDay,
  monthWeeks,
  startOfWeek,
} from "./days";

export interface MonthGridProps {
  /** the selected day, if any */
  value: CalendarDay | null;
  onSelect: (day: CalendarDay) => void;
  /** today in the organiser's time zone (bounds the ±100 years range and gets a marker) */
  today: CalendarDay;
  /** days that have availabilities: marked with a dot and announced */
  highlighted?: ReadonlySet<CalendarDay>;
  /** how a marked day is announced (default: "availabilities on this day") */
  markedLabel?: string;
  /** days that cannot be chosen (aria-disabled: still reached by the arrow keys) */
  isDisabled?: (day: CalendarDay) => boolean;
  /** the first and last days that can be shown (default: 100 years either side of today) */
  min?: CalendarDay;
  max?: CalendarDay;
  /** accessible name of the grid */
  label: string;
  /** focus the active day when the grid mounts (inside a popover) */
  autoFocus?: boolean;
  className?: string;
}

/**
 * The app's one accessible month calendar (the date filters, the schedules and the activity page's
 * day picker), weeks starting on Monday (storefront.md §9), spanning 100 years either side of today
 * unless `min`/`max` narrow it. A WAI-ARIA date grid: one tab stop (the active day); arrows move by day and
 * week, Home/End to the week's start/end, Page Up/Down by month (with Shift by year); Enter or
 * Space selects.
 */
export function MonthGrid({
  value,
  onSelect,
  today,
  highlighted,
  markedLabel,
  isDisabled,
  label,
  autoFocus = false,
  className,
  ...bounds
}: MonthGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { year: todayYear } = parseDay(today);
  const min = bounds.min ?? formatDay(todayYear - CALENDAR_SPAN_YEARS, 1, 1);
  const max = bounds.max ?? formatDay(todayYear + CALENDAR_SPAN_YEARS, 12, 31);
  const { year: minYear, month: minMonth } = parseDay(min);
  const { year: maxYear, month: maxMonth } = parseDay(max);
  const [active, setActive] = useState<CalendarDay>(clampDay(value ?? today, min, max));
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    // The selection changed from outside (URL, reset): show its month.
    setLastValue(value);
    if (value) setActive(clampDay(value, min, max));
  }
  const { year, month } = parseDay(active);
  const weeks = useMemo(() => monthWeeks(year, month), [year, month]);
  const names = useMemo(() => weekdayNames(language), [language]);
  const months = useMemo(() => monthNames(language), [language]);
  const gridRef = useRef<HTMLTableElement>(null);
  const focusActive = useRef(autoFocus);

  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  function move(day: CalendarDay) {
    focusActive.current = true;
    setActive(clampDay(day, min, max));
  }

  /** The day a navigation key moves to, or null for other keys. */
  function target(key: string, shift: boolean): CalendarDay | null {
    switch (key) {
      case "ArrowLeft":
        return addDays(active, -1);
      case "ArrowRight":
        return addDays(active, 1);
      case "ArrowUp":
        return addDays(active, -7);
      case "ArrowDown":
        return addDays(active, 7);
      case "Home":
        return startOfWeek(active);
      case "End":
        return addDays(startOfWeek(active), 6);
      case "PageUp":
        return addMonths(active, shift ? -12 : -1);
      case "PageDown":
        return addMonths(active, shift ? 12 : 1);
      default:
        return null;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const next = target(event.key, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    move(next);
  }

  const years = useMemo(
    () => Array.from({ length: maxYear - minYear + 1 }, (_, index) => minYear + index),
    [minYear, maxYear],
  );
  const canPrevious = year > minYear || month > minMonth;
  const canNext = year < maxYear || month < maxMonth;

  const navButton =
    "inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";
  const selectClass =
    // Never narrower than its longest option ("septembre", "November"): a month is never cut.
    "min-h-9 min-w-fit rounded-lg border border-slate-300 bg-white px-1 text-sm font-medium text-slate-900 hover:border-slate-400";

  return (
    <div className={clsx("w-full max-w-80 select-none", className)}>
      <div className="mb-2 flex items-center gap-0.5">
        <button
          type="button"
          className={navButton}
          onClick={() => setActive(clampDay(addMonths(active, -1), min, max))}
          disabled={!canPrevious}
          aria-label={t("filters.calendar.previous_month")}
        >
          <ChevronLeftIcon className="size-5" />
        </button>
        <div className="flex min-w-0 flex-1 flex-wrap items-center justify-center gap-1">
          <select
            aria-label={t("filters.calendar.month")}
            className={clsx(selectClass, "flex-1")}
            value={month}
            onChange={(event) =>
              setActive(
                clampDay(
                  addMonths(formatDay(year, month, 1), Number(event.target.value) - month),
                  min,
                  max,
                ),
              )
            }
          >
            {months.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
          <select
            aria-label={t("filters.calendar.year")}
            className={selectClass}
            value={year}
            onChange={(event) =>
              setActive(
                clampDay(
                  addMonths(formatDay(year, month, 1), (Number(event.target.value) - year) * 12),
                  min,
                  max,
                ),
              )
            }
          >
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={navButton}
          onClick={() => setActive(clampDay(addMonths(active, 1), min, max))}
          disabled={!canNext}
          aria-label={t("filters.calendar.next_month")}
        >
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
      <p id={`${id}-caption`} className="sr-only" aria-live="polite">
        {formatMonth(year, month, language)}
      </p>
      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker pattern is a table with role grid
        role="grid"
        aria-label={`${label}, ${formatMonth(year, month, language)}`}
        className="w-full table-fixed border-collapse"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {names.short.map((short, index) => (
              <th
                key={short}
                scope="col"
                className="pb-1 text-center text-xs font-medium text-slate-600"
              >
                <abbr title={names.long[index]} className="no-underline">
                  {short.replace(/\.$/, "")}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const outside = parseDay(day).month !== month;
                const selected = day === value;
                const marked = highlighted?.has(day) ?? false;
                const isToday = day === today;
                const inRange = day >= min && day <= max;
                const unavailable = isDisabled?.(day) ?? false;
                return (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a cell of a role=grid table is a gridcell
                  <td key={day} aria-selected={selected} className="p-0.5 text-center">
                    <button
                      type="button"
                      tabIndex={day === active ? 0 : -1}
                      disabled={!inRange}
                      aria-disabled={unavailable || undefined}
                      aria-current={isToday ? "date" : undefined}
                      aria-label={[
                        formatCalendarDay(day, language),
                        marked ? (markedLabel ?? t("filters.calendar.has_availabilities")) : null,
                      ]
                        .filter(Boolean)
                        .join(", ")}
                      onClick={() => {
                        setActive(day);
                        if (!unavailable) onSelect(day);
                      }}
                      onFocus={() => {
                        if (day !== active) setActive(day);
                      }}
                      className={clsx(
                        "relative inline-flex size-10 max-w-full items-center justify-center rounded-lg text-sm tabular-nums transition-colors",
                        selected
                          ? "bg-accent font-semibold text-on-accent"
                          : marked
                            ? "bg-accent-soft font-semibold text-accent-ink hover:brightness-95"
                            : outside || unavailable
                              ? "text-slate-500 hover:bg-slate-100"
                              : "text-slate-900 hover:bg-slate-100",
                        isToday && !selected && "ring-1 ring-slate-400 ring-inset",
                        unavailable && "cursor-not-allowed",
                      )}
                    >
                      {parseDay(day).day}
                      {marked && !selected ? (
                        <span
                          aria-hidden="true"
                          className="absolute bottom-1 left-1/2 size-1 -translate-x-1/2 rounded-full bg-accent-ink"
                        />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
