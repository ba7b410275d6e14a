import type { SlotPrice } from "./resource-bookings.ts";
import { addDaysToDay, isoWeekdayOfDay, zonedInstant } from "./zoned-time.ts";

/**
 * A resource's weekly opening hours made into bookable slots (issue 15 §3, decision 0065): on
 * each weekday, slots start every first-price duration from `start` while they end by `end`.
 */

/** One weekday's hours ("HH:MM", the organiser's local time) and its prices by duration. */
export type OpeningHours = {
  weekday: number;
  start: string;
  end: string;
  prices: readonly SlotPrice[];
};

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/** Why a weekday's hours cannot be used, or null: they must end after they start, with room for one slot. */
export function openingHoursRefusal(hours: OpeningHours): "HOURS_TOO_SHORT" | null {
  const first = hours.prices[0];
  if (!first) return "HOURS_TOO_SHORT";
  const open = (minutesOf(hours.end) - minutesOf(hours.start)) * 60;
  return open >= first.duration ? null : "HOURS_TOO_SHORT";
}

/** Two periods of the same weekday overlap. */
export function openingHoursOverlap(list: readonly OpeningHours[]): boolean {
  const sorted = [...list].sort(
    (a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start),
  );
  return sorted.some((hours, index) => {
    const next = sorted[index + 1];
    return next?.weekday === hours.weekday && minutesOf(next.start) < minutesOf(hours.end);
  });
}

/**
 * The slots of `days` local days from `fromDay` (YYYY-MM-DD) in `timeZone`, in time order,
 * keeping those starting after `after` (slots already begun are not offered again).
 */
export function openingHoursSlots(input: {
  hours: readonly OpeningHours[];
  fromDay: string;
  days: number;
  timeZone: string;
  after: Date;
}): { start_at: Date; prices: SlotPrice[] }[] {
  const slots: { start_at: Date; prices: SlotPrice[] }[] = [];
  for (let offset = 0; offset < input.days; offset++) {
    const day = addDaysToDay(input.fromDay, offset);
    const weekday = isoWeekdayOfDay(day);
    for (const hours of input.hours.filter((candidate) => candidate.weekday === weekday)) {
      const step = hours.prices[0]?.duration ?? 0;
      if (step <= 0) continue;
      const end = minutesOf(hours.end) * 60;
      for (let start = minutesOf(hours.start) * 60; start + step <= end; start += step) {
        const at = zonedInstant(
          day,
          {
            hour: Math.floor(start / 3600),
            minute: Math.floor((start % 3600) / 60),
            second: start % 60,
          },
          input.timeZone,
        );
        if (at.getTime() > input.after.getTime())
          slots.push({ start_at: at, prices: [...hours.prices] });
      }
    }
  }
  return slots.sort((a, b) => a.start_at.getTime() - b.start_at.getTime());
}
