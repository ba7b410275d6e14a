import { clsx } from "clsx";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { A_MONDAY_WEEK, monthOf, monthWeeks, shiftMonth } from "../../lib/days";
import { formatDay } from "../../lib/format";
import { useLanguage } from "../../lib/root-data";
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from "../icons";

/**
 * A calendar popover (spec §2 "Schedules": a calendar popover starting on Monday). Built on
 * <details>, so it opens without JavaScript too; closes on Escape, an outside click and after a
 * day is chosen. Days that have dates are links (the page's query with another day); the others
 * are plain text. The month grid is a table: weekday column headers carry the full day names.
 */
export function CalendarPopover({
  selected,
  today,
  available,
  hrefFor,
}: {
  selected: string;
  today: string;
  /** days ("YYYY-MM-DD") that have at least one date */
  available: string[];
  hrefFor: (day: string) => string;
}) {
  const { t } = useTranslation();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const { search } = useLocation();
  const panelId = useId();

  // A day was chosen (the query changed): close.
  useEffect(() => {
    if (search && detailsRef.current) detailsRef.current.open = false;
  }, [search]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = detailsRef.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = detailsRef.current;
    if (event.key === "Escape" && details?.open) {
      event.preventDefault();
      details.open = false;
      details.querySelector("summary")?.focus();
    }
  };

  return (
    <details ref={detailsRef} className="group relative" onKeyDown={onKeyDown}>
      <summary
        aria-controls={panelId}
        className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden"
      >
        <CalendarIcon className="size-5 text-accent-ink" />
        {t("catalogue.calendar.open")}
      </summary>
      <div
        id={panelId}
        className="absolute left-1/2 z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] -translate-x-1/2 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl"
      >
        <MonthGrid selected={selected} today={today} available={available} hrefFor={hrefFor} />
      </div>
    </details>
  );
}

function MonthGrid({
  selected,
  today,
  available,
  hrefFor,
}: {
  selected: string;
  today: string;
  available: string[];
  hrefFor: (day: string) => string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const captionId = useId();
  const [month, setMonth] = useState(monthOf(selected));
  const [shownFor, setShownFor] = useState(selected);
  if (shownFor !== selected) {
    setShownFor(selected);
    setMonth(monthOf(selected));
  }
  const availableDays = new Set(available);
  const firstMonth = monthOf(today);
  const lastAvailable = available.at(-1);
  const lastMonth =
    lastAvailable && monthOf(lastAvailable) > firstMonth ? monthOf(lastAvailable) : firstMonth;
  const canGoBack = month > firstMonth;
  const canGoForward = month < lastMonth;
  const monthLabel = formatDay(`${month}-01`, language, { month: "long", year: "numeric" });

  const navButton =
    "inline-flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          onClick={() => setMonth(shiftMonth(month, -1))}
          disabled={!canGoBack}
          aria-label={t("catalogue.calendar.previous_month")}
        >
          <ChevronLeftIcon className="size-5" />
        </button>
        <p
          id={captionId}
          aria-live="polite"
          className="font-semibold text-slate-950 first-letter:uppercase"
        >
          {monthLabel}
        </p>
        <button
          type="button"
          className={navButton}
          onClick={() => setMonth(shiftMonth(month, 1))}
          disabled={!canGoForward}
          aria-label={t("catalogue.calendar.next_month")}
        >
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
      <table
        aria-labelledby={captionId}
        className="mt-2 w-full table-fixed border-collapse text-center text-sm"
      >
        <thead>
          <tr>
            {A_MONDAY_WEEK.map((day) => (
              <th
                key={day}
                scope="col"
                abbr={formatDay(day, language, { weekday: "long" })}
                className="pb-1 text-xs font-semibold text-slate-600"
              >
                <span aria-hidden="true">{formatDay(day, language, { weekday: "narrow" })}</span>
                <span className="sr-only">{formatDay(day, language, { weekday: "long" })}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find((day) => day !== null) ?? month}>
              {week.map((day, index) => (
                <td key={day ?? `${month}-empty-${index}`} className="p-0.5">
                  {day ? (
                    <DayCell
                      day={day}
                      selected={day === selected}
                      isToday={day === today}
                      enabled={day >= today && availableDays.has(day)}
                      href={hrefFor(day)}
                      label={formatDay(day, language, {
                        weekday: "long",
                        day: "numeric",
                        month: "long",
                        year: "numeric",
                      })}
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 flex items-center gap-2 text-xs text-slate-600">
        <span aria-hidden="true" className="inline-block size-3 rounded-full bg-accent" />
        {t("catalogue.calendar.legend")}
      </p>
    </div>
  );
}

function DayCell({
  day,
  selected,
  isToday,
  enabled,
  href,
  label,
}: {
  day: string;
  selected: boolean;
  isToday: boolean;
  enabled: boolean;
  href: string;
  label: string;
}) {
  const { t } = useTranslation();
  const number = Number(day.slice(8));
  const base = "mx-auto flex size-10 items-center justify-center rounded-full";
  if (!enabled) {
    return (
      <span
        className={clsx(
          base,
          "text-slate-500",
          selected && "ring-2 ring-slate-400",
          isToday && "font-bold",
        )}
        aria-current={selected ? "date" : undefined}
      >
        <span aria-hidden="true">{number}</span>
        <span className="sr-only">
          {label}
          {isToday ? `, ${t("catalogue.calendar.today")}` : ""}
        </span>
      </span>
    );
  }
  return (
    <Link
      to={href}
      preventScrollReset
      aria-current={selected ? "date" : undefined}
      aria-label={`${label}, ${t("catalogue.calendar.has_dates")}${isToday ? `, ${t("catalogue.calendar.today")}` : ""}`}
      className={clsx(
        base,
        "font-semibold",
        selected
          ? "bg-accent text-on-accent"
          : "bg-accent-soft text-accent-ink hover:bg-accent hover:text-on-accent",
      )}
    >
      {number}
    </Link>
  );
}
