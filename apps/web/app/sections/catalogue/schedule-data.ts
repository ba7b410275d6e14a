import type { AvailabilityDateItem, Language } from "@booking/contracts";
import {
  type AvailabilityDateStatus,
  dayRangeInZone,
  gridRowSpan,
  localDay,
  type ScheduleHourRange,
  scheduleHourRange,
} from "@booking/domain";
import { addDays, startOfWeek, weekDays } from "../../components/calendar/days";
import { createFormatters, formatDay, LOCALES } from "../../lib/format";

/**
 * The schedules' data (storefront.md "Schedules", §9): items placed on a CSS grid of 12 rows per
 * hour, columns of days (weekly calendar) or of resources (daily schedule). Built on the server:
 * times formatted in the organiser's zone, rows computed by the domain's schedule rules.
 */

export type ScheduleStatus = AvailabilityDateStatus | "BOOKABLE";

export interface ScheduleItemData {
  key: string;
  /** /availabilities/{cuid}, or /cart/bookings/add?… for a bookable slot; null when disabled */
  href: string | null;
  title: string;
  /** location or resource */
  subtitle: string | null;
  /** "9:00–10:30" */
  time: string;
  status: ScheduleStatus;
  /**
   * Disabled (not a link) when its booking state has a badge: storefront.md §4 disables an item
   * whose status is not OPEN, and decision 0030 counts its window and places in that status.
   */
  disabled: boolean;
  /** remaining places of the date while it can be booked, null when unlimited or not shown */
  capacity: number | null;
  /** when registrations open, formatted, while they have not yet */
  opensAt: string | null;
  price: string | null;
  /** the price is 0: shown as "free" */
  free: boolean;
  /** grid lines in the hourly view (null: outside the shown hours) */
  row: { start: number; end: number } | null;
  /** lane among overlapping items of the column, and lanes of its overlap cluster */
  lane: number;
  lanes: number;
  /** for "several availabilities" selection (cart/add): availability and date cuids */
  selection: { availability: string; date: string } | null;
}

export interface ScheduleColumnData {
  key: string;
  /** "lun. 6" or a resource name */
  label: string;
  /** full accessible label: "lundi 6 avril 2026" */
  fullLabel: string;
  /** "YYYY-MM-DD" for day columns */
  day: string | null;
  isToday: boolean;
  items: ScheduleItemData[];
}

export interface ScheduleGridData {
  columns: ScheduleColumnData[];
  /** hour rows shown: [startHour, endHour) */
  startHour: number;
  endHour: number;
}

/** "08:00" labels: both site locales write hours on 24 h with two digits. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

/** Integer hour bounds for the domain rule (settings and query accept decimals). */
export function hourBounds(start: number | null | undefined, end: number | null | undefined) {
  const startHour = start === null || start === undefined ? null : Math.max(0, Math.floor(start));
  const endHour = end === null || end === undefined ? null : Math.min(24, Math.ceil(end));
  if (startHour !== null && endHour !== null && startHour > endHour) {
    return { start_hour: null, end_hour: null };
  }
  return { start_hour: startHour, end_hour: endHour };
}

/** Monday..Sunday of the week holding `anchor`, and its bounds in the organiser's zone. */
export function weekOf(anchor: string, timeZone: string) {
  const monday = startOfWeek(anchor);
  const days = weekDays(monday);
  const sunday = days[6]!;
  return {
    monday,
    sunday,
    days,
    start: dayRangeInZone(monday, timeZone).start,
    end: dayRangeInZone(sunday, timeZone).end,
  };
}

/** "6 – 12 avril 2026" */
export function weekLabel(monday: string, language: Language): string {
  const formatter = new Intl.DateTimeFormat(LOCALES[language], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return formatter.formatRange(
    new Date(`${monday}T12:00:00Z`),
    new Date(`${addDays(monday, 6)}T12:00:00Z`),
  );
}

export function dayLabels(day: string, language: Language) {
  return {
    label: formatDay(day, language, { weekday: "short", day: "numeric" }),
    fullLabel: formatDay(day, language, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
  };
}

/** Lanes of overlapping items (greedy by start; a cluster's items share its lane count). */
export function assignLanes<T extends { row: { start: number; end: number } | null }>(
  items: T[],
): Array<T & { lane: number; lanes: number }> {
  const placed = items.map((item) => ({ ...item, lane: 0, lanes: 1 }));
  const rows = placed
    .filter((item) => item.row !== null)
    .sort((a, b) => a.row!.start - b.row!.start || b.row!.end - a.row!.end);
  let cluster: typeof rows = [];
  let laneEnds: number[] = [];
  let clusterEnd = 0;
  const close = () => {
    for (const item of cluster) item.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const item of rows) {
    const { start, end } = item.row!;
    if (cluster.length > 0 && start >= clusterEnd) close();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else {
      laneEnds[lane] = end;
    }
    item.lane = lane;
    cluster.push(item);
    clusterEnd = cluster.length === 1 ? end : Math.max(clusterEnd, end);
  }
  close();
  return placed;
}

/** scheduleHourRange, falling back to the defaults when the bounds are unusable. */
export function hourRange(
  items: ReadonlyArray<{ start_at: string; end_at: string }>,
  bounds: { start_hour: number | null; end_hour: number | null },
  timeZone: string,
): ScheduleHourRange {
  try {
    return scheduleHourRange(items, bounds, timeZone);
  } catch {
    return scheduleHourRange(items, {}, timeZone);
  }
}

export interface RawScheduleItem extends Omit<ScheduleItemData, "row" | "lane" | "lanes"> {
  start_at: string;
  end_at: string;
  /** the column the item belongs to */
  column: string;
}

/**
 * Places raw items in their columns: hour range from the earliest to the latest item clamped by
 * start_hour/end_hour (scheduleHourRange), grid rows (gridRowSpan), lanes of overlaps; items
 * sorted by start in each column.
 */
export function buildGrid(
  columns: Array<Omit<ScheduleColumnData, "items">>,
  items: RawScheduleItem[],
  bounds: { start_hour: number | null; end_hour: number | null },
  timeZone: string,
  /** the hours to show, when several grids must share them (computed with `hourRange`) */
  fixedRange?: { startHour: number; endHour: number },
): ScheduleGridData {
  const range = fixedRange ?? hourRange(items, bounds, timeZone);
  const byColumn = new Map<string, RawScheduleItem[]>();
  for (const item of [...items].sort((a, b) => a.start_at.localeCompare(b.start_at))) {
    const list = byColumn.get(item.column) ?? [];
    list.push(item);
    byColumn.set(item.column, list);
  }
  return {
    startHour: range.startHour,
    endHour: range.endHour,
    columns: columns.map((column) => ({
      ...column,
      items: assignLanes(
        (byColumn.get(column.key) ?? []).map(({ start_at, end_at, column: _, ...item }) => {
          const span =
            range.endHour > range.startHour ? gridRowSpan(start_at, end_at, range, timeZone) : null;
          return { ...item, row: span ? { start: span.rowStart, end: span.rowEnd } : null };
        }),
      ),
    })),
  };
}

/** A date of GET /api/availabilities/dates as a schedule item (column: its local day). */
export function dateItem(
  date: AvailabilityDateItem,
  options: {
    language: Language;
    timeZone: string;
    currency: string;
    /** what the second line shows */
    subtitle: "location" | "resource";
  },
): RawScheduleItem {
  const format = createFormatters(options.language, options.timeZone, options.currency);
  const availability = date.availability;
  // The API's booking state of this date (decision 0030): a badge disables the item, and only a
  // bookable one can be selected for /cart/add.
  const { booking } = availability;
  const disabled = booking.badge !== null;
  const subtitle =
    options.subtitle === "resource"
      ? (availability.resource?.name ?? null)
      : availability.location
        ? availability.location.name || availability.location.title
        : null;
  return {
    key: date.cuid,
    href: disabled ? null : `/availabilities/${availability.cuid}`,
    title: availability.activity.title,
    subtitle,
    time: format.timeRange(date.start_at, date.end_at),
    status: booking.badge ?? "OPEN",
    disabled,
    capacity: booking.bookable ? booking.remaining : null,
    opensAt: booking.registrations_open_at ? format.dateTime(booking.registrations_open_at) : null,
    price: format.money(availability.price),
    free: availability.price === 0,
    selection: booking.bookable ? { availability: availability.cuid, date: date.cuid } : null,
    start_at: date.start_at,
    end_at: date.end_at,
    column: localDay(date.start_at, options.timeZone),
  };
}

/** The previous and next days having availabilities around [first, last]. */
export function neighbours(days: readonly string[], first: string, last: string) {
  let previous: string | null = null;
  let next: string | null = null;
  for (const day of days) {
    if (day < first) previous = day;
    else if (day > last && next === null) next = day;
  }
  return { previous, next };
}
