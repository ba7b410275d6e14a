import { GRID_UNITS_PER_HOUR } from "@booking/domain";
import { clsx } from "clsx";
import type { CSSProperties, ReactNode } from "react";
import { screenClasses } from "../../components/filters/filters-panel";
import { useIsMobile } from "../../components/filters/use-media-query";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import { BookingNote } from "./availability-card";
import { hourLabel, type ScheduleGridData, type ScheduleItemData } from "./schedule-data";

/** Height of one grid unit (5 minutes): 60 px per hour. */
const UNIT_PX = 5;

export type ScheduleMode = "calendar" | "stacked";

export interface ScheduleSelection {
  isSelected: (item: ScheduleItemData) => boolean;
  toggle: (item: ScheduleItemData) => void;
}

/** The status of a disabled item in words (Fermé, Complet, Conflit d'horaire). */
function StatusText({ status }: { status: ScheduleItemData["status"] }) {
  const { t } = useTranslation();
  if (status === "OPEN" || status === "BOOKABLE") return null;
  return <>{t(`catalogue.badge.${status}`)}</>;
}

/**
 * One schedule item: a link to /availabilities/{cuid} (or the booking page of a slot); an item
 * whose status is not OPEN is disabled (not a link, greyed, its status spelled out).
 */
export function ScheduleItem({
  item,
  variant,
  selection,
  style,
}: {
  item: ScheduleItemData;
  variant: "block" | "card" | "row";
  selection?: ScheduleSelection;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  // In the hourly grid, an item shows what its height allows (5 px per unit, ~15 px a line).
  const units = variant === "block" && item.row !== null ? item.row.end - item.row.start : 99;
  const oneLine = units < 7;
  const showSubtitle = units >= 15;
  const showStatus = units >= 20;
  const statusText = item.disabled ? (
    <span className="font-semibold text-red-800">
      <StatusText status={item.status} />
    </span>
  ) : item.capacity !== null || item.opensAt !== null ? (
    <BookingNote capacity={item.capacity} opensAt={item.opensAt} />
  ) : null;
  const small = variant === "block" ? "text-xs" : "text-sm";
  const body = oneLine ? (
    <span className="block truncate text-xs">
      <span className="font-semibold tabular-nums">{item.time}</span>{" "}
      <span className="font-semibold text-slate-950">{item.title}</span>
      {item.disabled ? (
        <span className="sr-only">
          , <StatusText status={item.status} />
        </span>
      ) : null}
    </span>
  ) : (
    <>
      <span className={clsx("block font-semibold tabular-nums", small)}>{item.time}</span>
      <span
        className={clsx(
          "block font-semibold [overflow-wrap:anywhere] text-slate-950",
          small,
          variant === "block" && (showSubtitle ? "line-clamp-2 leading-tight" : "truncate"),
        )}
      >
        {item.title}
      </span>
      {item.subtitle && showSubtitle ? (
        <span className={clsx("block text-slate-700", small, variant === "block" && "truncate")}>
          {item.subtitle}
        </span>
      ) : null}
      {showStatus ? (
        <span className={clsx("block text-slate-700", small)}>
          {statusText}
          {item.price && variant !== "block" ? (
            <span className="text-slate-900">
              {statusText ? " · " : ""}
              {item.free ? t("catalogue.card.free") : item.price}
            </span>
          ) : null}
        </span>
      ) : item.disabled ? (
        <span className="sr-only">
          <StatusText status={item.status} />
        </span>
      ) : null}
    </>
  );
  const base = clsx(
    "relative block min-w-0 overflow-hidden rounded-lg border text-left",
    variant === "block" ? "h-full px-1.5 py-1" : "px-3 py-2",
    item.disabled
      ? "cursor-not-allowed border-slate-200 bg-slate-100 text-slate-600"
      : "border-accent/40 bg-accent-soft text-slate-900 hover:border-accent-ink hover:shadow-sm",
    variant === "block" && !item.disabled && "border-l-4 border-l-accent-ink",
  );
  const label = [
    item.time,
    item.title,
    item.subtitle,
    item.disabled ? t(`catalogue.badge.${item.status}`, { defaultValue: "" }) : null,
  ]
    .filter(Boolean)
    .join(", ");
  const element =
    item.disabled || !item.href ? (
      <div
        data-testid="schedule-item"
        aria-disabled="true"
        className={base}
        style={style}
        title={label}
      >
        {body}
      </div>
    ) : (
      <LocalizedLink
        data-testid="schedule-item"
        to={item.href}
        className={base}
        style={style}
        title={variant === "block" ? label : undefined}
      >
        {body}
      </LocalizedLink>
    );
  if (!selection || !item.selection || item.disabled) return element;
  const selected = selection.isSelected(item);
  return (
    <div className={clsx("relative", variant === "block" && "h-full")} style={style}>
      {variant === "block" ? (
        <div className="h-full [&>*]:pr-7">{element}</div>
      ) : (
        <div className="pr-11">{element}</div>
      )}
      <label
        className={clsx(
          "absolute flex cursor-pointer items-center justify-center rounded-md bg-white/90",
          variant === "block"
            ? "top-0.5 right-0.5 size-6"
            : "top-1/2 right-0 size-10 -translate-y-1/2",
        )}
      >
        <input
          type="checkbox"
          checked={selected}
          onChange={() => selection.toggle(item)}
          aria-label={t("schedules.select", { item: label })}
          className="size-4 accent-[var(--accent-ink)]"
        />
      </label>
    </div>
  );
}

/** The desktop hourly calendar: one column per day (or resource), 12 grid rows per hour. */
export function HourlyGrid({
  grid,
  showEmpty,
  selection,
  columnMinWidth = "7rem",
}: {
  grid: ScheduleGridData;
  showEmpty: boolean;
  selection?: ScheduleSelection;
  columnMinWidth?: string;
}) {
  const { t } = useTranslation();
  const hours = Array.from({ length: grid.endHour - grid.startHour }, (_, i) => grid.startHour + i);
  const units = hours.length * GRID_UNITS_PER_HOUR;
  const columnsTemplate = `3.5rem repeat(${grid.columns.length}, minmax(${columnMinWidth}, 1fr))`;
  const rowsStyle: CSSProperties = {
    gridTemplateRows: `repeat(${units}, ${UNIT_PX}px)`,
  };
  const lines: CSSProperties = {
    backgroundImage: "linear-gradient(to bottom, rgb(226 232 240) 1px, transparent 1px)",
    backgroundSize: `100% ${UNIT_PX * GRID_UNITS_PER_HOUR}px`,
  };
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <div className="min-w-fit">
        <div
          className="sticky top-0 z-10 grid border-b border-slate-200 bg-white"
          style={{ gridTemplateColumns: columnsTemplate }}
        >
          <span aria-hidden="true" />
          {grid.columns.map((column) => (
            <div
              key={column.key}
              className={clsx(
                "border-l border-slate-200 px-2 py-2 text-center text-sm font-semibold [overflow-wrap:anywhere]",
                column.isToday ? "bg-accent-soft text-accent-ink" : "text-slate-900",
              )}
            >
              <span aria-hidden="true">{column.label}</span>
              <span className="sr-only">{column.fullLabel}</span>
            </div>
          ))}
        </div>
        {units === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-700">{t("schedules.empty")}</p>
        ) : (
          <div className="grid" style={{ gridTemplateColumns: columnsTemplate }}>
            <div aria-hidden="true" className="grid" style={rowsStyle}>
              {hours.map((hour, index) => (
                <span
                  key={hour}
                  className="-mt-2 pr-2 text-right text-xs text-slate-600 tabular-nums first:mt-0"
                  style={{
                    gridRow: `${index * GRID_UNITS_PER_HOUR + 1} / span ${GRID_UNITS_PER_HOUR}`,
                  }}
                >
                  {hourLabel(hour)}
                </span>
              ))}
            </div>
            {grid.columns.map((column) => {
              const lanes = Math.max(1, ...column.items.map((item) => item.lanes));
              const shown = column.items.filter((item) => item.row !== null);
              return (
                <ul
                  key={column.key}
                  aria-label={column.fullLabel}
                  className={clsx(
                    "relative grid gap-x-0.5 border-l border-slate-200 px-0.5",
                    column.isToday && "bg-accent-soft/40",
                  )}
                  style={{
                    ...rowsStyle,
                    ...lines,
                    gridTemplateColumns: `repeat(${lanes}, minmax(0, 1fr))`,
                  }}
                >
                  {shown.map((item) => (
                    <li
                      key={item.key}
                      className="min-w-0 py-px"
                      style={{
                        gridRow: `${item.row!.start} / ${item.row!.end}`,
                        gridColumn:
                          item.lane === item.lanes - 1
                            ? `${item.lane + 1} / -1`
                            : `${item.lane + 1} / ${item.lane + 2}`,
                      }}
                    >
                      <ScheduleItem item={item} variant="block" selection={selection} />
                    </li>
                  ))}
                  {shown.length === 0 && showEmpty ? (
                    <li className="col-span-full row-span-12 row-start-1 px-1 pt-2 text-center text-xs text-slate-600">
                      {t("schedules.empty")}
                    </li>
                  ) : null}
                </ul>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

/** The desktop stacked view: one column per day (or resource), items stacked by start. */
export function StackedView({
  grid,
  showEmpty,
  selection,
  heading: Heading = "h3",
}: {
  grid: ScheduleGridData;
  showEmpty: boolean;
  selection?: ScheduleSelection;
  heading?: "h3" | "h4";
}) {
  const { t } = useTranslation();
  const columns = grid.columns.filter((column) => showEmpty || column.items.length > 0);
  if (columns.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <div
        className="grid min-w-fit gap-3"
        style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(8.5rem, 1fr))` }}
      >
        {columns.map((column) => (
          <div key={column.key} className="min-w-0">
            <Heading
              className={clsx(
                "mb-2 rounded-lg px-2 py-1.5 text-center text-sm font-semibold [overflow-wrap:anywhere]",
                column.isToday ? "bg-accent-soft text-accent-ink" : "bg-slate-100 text-slate-900",
              )}
            >
              <span aria-hidden="true">{column.label}</span>
              <span className="sr-only">{column.fullLabel}</span>
            </Heading>
            {column.items.length > 0 ? (
              <ul className="flex flex-col gap-2">
                {column.items.map((item) => (
                  <li key={item.key} className="min-w-0">
                    <ScheduleItem item={item} variant="card" selection={selection} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-1 py-3 text-center text-sm text-slate-600">{t("schedules.empty")}</p>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The mobile list: days (or resources) one under the other, with their items. */
export function MobileList({
  grid,
  showEmpty,
  selection,
  heading: Heading = "h3",
}: {
  grid: ScheduleGridData;
  showEmpty: boolean;
  selection?: ScheduleSelection;
  heading?: "h3" | "h4";
}) {
  const { t } = useTranslation();
  const columns = grid.columns.filter((column) => showEmpty || column.items.length > 0);
  if (columns.length === 0) return null;
  return (
    <div className="flex flex-col gap-5">
      {columns.map((column) => (
        <div key={column.key} className="min-w-0">
          <Heading
            className={clsx(
              "mb-2 text-base font-semibold first-letter:uppercase [overflow-wrap:anywhere]",
              column.isToday ? "text-accent-ink" : "text-slate-950",
            )}
          >
            {column.fullLabel}
          </Heading>
          {column.items.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {column.items.map((item) => (
                <li key={item.key} className="min-w-0">
                  <ScheduleItem item={item} variant="row" selection={selection} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-600">
              {t("schedules.empty")}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * The three views of a schedule: the mobile list at most `breakpoint` wide, otherwise the hourly
 * calendar or the stacked view (`mode`). Empty groups follow `show-empty-groups`. Before the
 * screen is known (server render) both are rendered and CSS shows one.
 */
export function ScheduleViews({
  grid,
  mode,
  breakpoint,
  showEmpty,
  selection,
  columnMinWidth,
  empty,
  heading = "h3",
}: {
  grid: ScheduleGridData;
  mode: ScheduleMode;
  breakpoint: number;
  showEmpty: { desktop: boolean; mobile: boolean };
  selection?: ScheduleSelection;
  columnMinWidth?: string;
  /** shown instead when no column has items */
  empty?: ReactNode;
  /** heading level of the day (or resource) groups in the list views */
  heading?: "h3" | "h4";
}) {
  const isMobile = useIsMobile(breakpoint);
  const screens = screenClasses(breakpoint);
  const hasItems = grid.columns.some((column) => column.items.length > 0);
  if (!hasItems && empty) return <>{empty}</>;
  return (
    <>
      {isMobile !== false ? (
        <div className={clsx(isMobile === null && screens.mobileOnly)}>
          <MobileList
            grid={grid}
            showEmpty={showEmpty.mobile}
            selection={selection}
            heading={heading}
          />
        </div>
      ) : null}
      {isMobile !== true ? (
        <div className={clsx(isMobile === null && screens.desktopOnly)}>
          {mode === "calendar" ? (
            <HourlyGrid
              grid={grid}
              showEmpty={showEmpty.desktop}
              selection={selection}
              columnMinWidth={columnMinWidth}
            />
          ) : (
            <StackedView
              grid={grid}
              showEmpty={showEmpty.desktop}
              selection={selection}
              heading={heading}
            />
          )}
        </div>
      ) : null}
    </>
  );
}
