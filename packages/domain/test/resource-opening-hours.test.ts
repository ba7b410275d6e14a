import { describe, expect, it } from "vitest";
import {
  openingHoursOverlap,
  openingHoursRefusal,
  openingHoursSlots,
} from "../src/resource-opening-hours.ts";

const HOUR = 3600;
const monday = (start: string, end: string, duration = HOUR) => ({
  weekday: 1,
  start,
  end,
  prices: [{ duration, amount: 1_000 }],
});

describe("opening hours", () => {
  it("makes slots every first-price duration while they end by the closing time, in local time", () => {
    // 2026-03-23 and 2026-03-30 are Mondays; the clocks change on 2026-03-29 in Brussels.
    const slots = openingHoursSlots({
      hours: [monday("09:00", "11:30")],
      fromDay: "2026-03-23",
      days: 8,
      timeZone: "Europe/Brussels",
      after: new Date("2026-01-01T00:00:00Z"),
    });
    expect(slots.map((slot) => slot.start_at.toISOString())).toEqual([
      "2026-03-23T08:00:00.000Z",
      "2026-03-23T09:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-03-30T08:00:00.000Z",
    ]);
  });

  it("skips slots already begun and runs to midnight with 24:00", () => {
    const slots = openingHoursSlots({
      hours: [monday("22:00", "24:00", 30 * 60)],
      fromDay: "2026-03-23",
      days: 1,
      timeZone: "UTC",
      after: new Date("2026-03-23T22:30:00Z"),
    });
    expect(slots.map((slot) => slot.start_at.toISOString())).toEqual([
      "2026-03-23T23:00:00.000Z",
      "2026-03-23T23:30:00.000Z",
    ]);
  });

  it("refuses hours too short for one slot and overlapping hours of one weekday", () => {
    expect(openingHoursRefusal(monday("09:00", "09:30"))).toBe("HOURS_TOO_SHORT");
    expect(openingHoursRefusal(monday("10:00", "09:00"))).toBe("HOURS_TOO_SHORT");
    expect(openingHoursRefusal(monday("09:00", "10:00"))).toBeNull();
    expect(openingHoursOverlap([monday("09:00", "12:00"), monday("11:00", "13:00")])).toBe(true);
    expect(openingHoursOverlap([monday("09:00", "12:00"), monday("12:00", "13:00")])).toBe(false);
    expect(
      openingHoursOverlap([monday("09:00", "12:00"), { ...monday("10:00", "11:00"), weekday: 2 }]),
    ).toBe(false);
  });
});
