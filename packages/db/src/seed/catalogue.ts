import { DEFAULT_SEGMENTS, type Language } from "../organiser-config.ts";
import type { SchoolHoliday } from "./holidays.ts";
import { HOUR_SECONDS } from "./schedule.ts";
import type { CalendarDate } from "./time.ts";
import { addDays, zoned } from "./time.ts";
import type { DemoCalendarPeriod, DemoResourceSlot, DemoSegment } from "./types.ts";

// Helpers shared by the demo organisers for their catalogue configuration.

/** The default segments (all customers, participants, availabilities), keyed `all-<entity>`. */
export function defaultSegments(language: Language): DemoSegment[] {
  return DEFAULT_SEGMENTS[language].map((segment) => ({
    key: `all-${segment.entity.toLowerCase()}`,
    entity: segment.entity,
    name: segment.name,
    isDefault: true,
  }));
}

export function calendarPeriodsOf(holidays: SchoolHoliday[]): DemoCalendarPeriod[] {
  return holidays.map(({ key, name, startDate, endDate }) => ({ key, name, startDate, endDate }));
}

/**
 * Bookable slots on `days` consecutive days from `first`, starting at each of `startTimes` (local
 * time of `timeZone`). A price is offered only when its duration ends by `closesAt`.
 */
export function resourceSlots(
  first: CalendarDate,
  days: number,
  startTimes: string[],
  closesAt: string,
  prices: { duration: number; amount: number }[],
  timeZone: string,
): DemoResourceSlot[] {
  const slots: DemoResourceSlot[] = [];
  for (let day = 0; day < days; day++) {
    const date = addDays(first, day);
    const closing = zoned(date, closesAt, timeZone).getTime();
    for (const time of startTimes) {
      const startAt = zoned(date, time, timeZone);
      const fitting = prices.filter(
        (price) => startAt.getTime() + price.duration * 1000 <= closing,
      );
      if (fitting.length > 0) slots.push({ startAt, prices: fitting });
    }
  }
  return slots;
}

export const hours = (count: number) => Math.round(count * HOUR_SECONDS);
