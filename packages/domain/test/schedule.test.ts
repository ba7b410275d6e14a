import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GRID_UNITS_PER_HOUR,
  gridRowSpan,
  MINUTES_PER_GRID_UNIT,
  type ScheduleHourBounds,
  type ScheduleItem,
  scheduleHourRange,
} from "../src/index.ts";

const BRUSSELS = "Europe/Brussels";

/** An item on 2026-06-15 in Brussels (CEST, UTC+2), given as local "HH:MM" wall-clock times. */
function summer(start: string, end: string, endDay = "2026-06-15"): ScheduleItem {
  return { start_at: `2026-06-15T${start}:00+02:00`, end_at: `${endDay}T${end}:00+02:00` };
}

it("has 12 units of 5 minutes per hour", () => {
  expect(GRID_UNITS_PER_HOUR).toBe(12);
  expect(MINUTES_PER_GRID_UNIT).toBe(5);
});

describe("scheduleHourRange", () => {
  const cases: [string, ScheduleItem[], ScheduleHourBounds, number, number][] = [
    ["no items: defaults 0–24", [], {}, 0, 24],
    ["no items: the bounds", [], { start_hour: 8, end_hour: 20 }, 8, 20],
    ["null bounds take the defaults", [], { start_hour: null, end_hour: null }, 0, 24],
    ["one item on the hour", [summer("09:00", "10:00")], {}, 9, 10],
    ["partial hours round outwards", [summer("09:15", "10:30")], {}, 9, 11],
    [
      "earliest start to latest end",
      [summer("14:00", "16:00"), summer("09:15", "10:30"), summer("11:00", "12:05")],
      {},
      9,
      16,
    ],
    [
      "clamped by start_hour and end_hour",
      [summer("07:00", "09:00"), summer("18:00", "22:00")],
      { start_hour: 8, end_hour: 20 },
      8,
      20,
    ],
    [
      "bounds wider than the items do not widen the range",
      [summer("10:00", "12:00")],
      { start_hour: 8, end_hour: 20 },
      10,
      12,
    ],
    ["a zero-length item covers its start hour", [summer("10:00", "10:00")], {}, 10, 11],
    [
      "an item ending before it starts covers its start hour",
      [summer("10:30", "09:00")],
      {},
      10,
      11,
    ],
    [
      "an item at 23:30 running past midnight",
      [summer("23:30", "00:30", "2026-06-16")],
      {},
      23,
      24,
    ],
    ["an item at 23:30 ending at 23:55", [summer("23:30", "23:55")], {}, 23, 24],
    ["an item at 23:30 with a 0–23 bound", [summer("23:30", "23:55")], { end_hour: 23 }, 23, 23],
    ["an item from 00:00", [summer("00:00", "00:05")], {}, 0, 1],
    [
      "items all before the bounds: empty",
      [summer("06:00", "07:00")],
      { start_hour: 8, end_hour: 20 },
      8,
      8,
    ],
    [
      "items all after the bounds: empty",
      [summer("21:00", "22:00")],
      { start_hour: 8, end_hour: 20 },
      20,
      20,
    ],
    ["an item running to midnight", [summer("22:00", "00:00", "2026-06-16")], {}, 22, 24],
    [
      "spring DST: 01:30 CET to 03:30 CEST is wall-clock 1–4",
      [{ start_at: "2026-03-29T00:30:00Z", end_at: "2026-03-29T01:30:00Z" }],
      {},
      1,
      4,
    ],
    [
      "autumn DST: 02:30 CEST to 02:30 CET covers its start hour",
      [{ start_at: "2026-10-25T00:30:00Z", end_at: "2026-10-25T01:30:00Z" }],
      {},
      2,
      3,
    ],
    [
      "autumn DST: 01:00 CEST to 03:00 CET is wall-clock 1–3",
      [{ start_at: "2026-10-24T23:00:00Z", end_at: "2026-10-25T02:00:00Z" }],
      {},
      1,
      3,
    ],
    [
      "Date instants, winter",
      [{ start_at: new Date("2026-01-15T07:00:00Z"), end_at: new Date("2026-01-15T08:10:00Z") }],
      {},
      8,
      10,
    ],
  ];

  it.each(cases)("%s", (_name, items, bounds, startHour, endHour) => {
    const range = scheduleHourRange(items, bounds, BRUSSELS);
    expect(range.startHour).toBe(startHour);
    expect(range.endHour).toBe(endHour);
    expect(range.hours).toEqual(
      Array.from({ length: endHour - startHour }, (_, index) => startHour + index),
    );
  });

  it("uses the given time zone", () => {
    expect(scheduleHourRange([summer("09:00", "10:00")], {}, "UTC")).toMatchObject({
      startHour: 7,
      endHour: 8,
    });
  });

  it.each([
    { start_hour: -1 },
    { end_hour: 25 },
    { start_hour: 8.5 },
    { start_hour: 12, end_hour: 10 },
  ] as ScheduleHourBounds[])("rejects bounds %j", (bounds) => {
    expect(() => scheduleHourRange([], bounds, BRUSSELS)).toThrow(RangeError);
  });
});

describe("gridRowSpan", () => {
  const full = { startHour: 0, endHour: 24 };
  const day = { startHour: 8, endHour: 20 };
  const cases: [string, ScheduleItem, { startHour: number; endHour: number }, unknown][] = [
    ["09:00–10:00 in 0–24", summer("09:00", "10:00"), full, { rowStart: 109, rowEnd: 121 }],
    ["09:00–10:00 in 8–20", summer("09:00", "10:00"), day, { rowStart: 13, rowEnd: 25 }],
    ["08:00–08:05 is the first unit", summer("08:00", "08:05"), day, { rowStart: 1, rowEnd: 2 }],
    ["start rounds down, end up", summer("09:02", "09:58"), day, { rowStart: 13, rowEnd: 25 }],
    ["09:05–09:10", summer("09:05", "09:10"), day, { rowStart: 14, rowEnd: 15 }],
    ["zero length gets one unit", summer("10:00", "10:00"), day, { rowStart: 25, rowEnd: 26 }],
    ["end before start gets one unit", summer("10:00", "09:00"), day, { rowStart: 25, rowEnd: 26 }],
    ["clamped at the range start", summer("07:00", "09:00"), day, { rowStart: 1, rowEnd: 13 }],
    ["clamped at the range end", summer("19:00", "21:00"), day, { rowStart: 133, rowEnd: 145 }],
    ["covering the whole range", summer("06:00", "22:00"), day, { rowStart: 1, rowEnd: 145 }],
    ["ending at the range start: hidden", summer("06:00", "08:00"), day, null],
    ["starting at the range end: hidden", summer("20:00", "21:00"), day, null],
    ["zero length at the range end: hidden", summer("20:00", "20:00"), day, null],
    [
      "23:30 to 00:30 in 0–24: cut at midnight",
      summer("23:30", "00:30", "2026-06-16"),
      full,
      { rowStart: 283, rowEnd: 289 },
    ],
    ["23:30 to 00:30 in 8–20: hidden", summer("23:30", "00:30", "2026-06-16"), day, null],
    [
      "23:30 in 20–24",
      summer("23:30", "23:45"),
      { startHour: 20, endHour: 24 },
      { rowStart: 43, rowEnd: 46 },
    ],
    ["23:55 zero length in 0–24", summer("23:55", "23:55"), full, { rowStart: 288, rowEnd: 289 }],
    [
      "a multi-day item is cut at its first midnight",
      summer("18:00", "10:00", "2026-06-17"),
      full,
      { rowStart: 217, rowEnd: 289 },
    ],
    ["empty range: hidden", summer("09:00", "10:00"), { startHour: 9, endHour: 9 }, null],
    [
      "spring DST 01:30 CET–03:30 CEST",
      { start_at: "2026-03-29T00:30:00Z", end_at: "2026-03-29T01:30:00Z" },
      full,
      { rowStart: 19, rowEnd: 43 },
    ],
    [
      "spring DST 03:00 CEST–04:00 CEST",
      { start_at: "2026-03-29T01:00:00Z", end_at: "2026-03-29T02:00:00Z" },
      full,
      { rowStart: 37, rowEnd: 49 },
    ],
    [
      "autumn DST 02:30 CEST–02:30 CET has no wall-clock length",
      { start_at: "2026-10-25T00:30:00Z", end_at: "2026-10-25T01:30:00Z" },
      full,
      { rowStart: 31, rowEnd: 32 },
    ],
    [
      "autumn DST 01:00 CEST–03:00 CET",
      { start_at: "2026-10-24T23:00:00Z", end_at: "2026-10-25T02:00:00Z" },
      full,
      { rowStart: 13, rowEnd: 37 },
    ],
    [
      "autumn DST day, 23:30 CET",
      { start_at: "2026-10-25T22:30:00Z", end_at: "2026-10-25T23:00:00Z" },
      full,
      { rowStart: 283, rowEnd: 289 },
    ],
  ];

  it.each(cases)("%s", (_name, item, range, expected) => {
    expect(gridRowSpan(item.start_at, item.end_at, range, BRUSSELS)).toEqual(expected);
  });

  it("rejects an invalid range", () => {
    expect(() =>
      gridRowSpan(
        "2026-06-15T09:00:00Z",
        "2026-06-15T10:00:00Z",
        { startHour: 10, endHour: 9 },
        BRUSSELS,
      ),
    ).toThrow(RangeError);
    expect(() =>
      gridRowSpan(
        "2026-06-15T09:00:00Z",
        "2026-06-15T10:00:00Z",
        { startHour: 0, endHour: 25 },
        BRUSSELS,
      ),
    ).toThrow(RangeError);
  });

  it("fits every item of a schedule into its rows (property)", () => {
    const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
    const item = fc.tuple(minute, fc.integer({ min: 0, max: 36 * 60 })).map(([from, length]) => ({
      start_at: new Date(Date.UTC(2026, 5, 14, 22, from)),
      end_at: new Date(Date.UTC(2026, 5, 14, 22, from + length)),
    }));
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 24 }),
        (items, a, b) => {
          const bounds = { start_hour: Math.min(a, b), end_hour: Math.max(a, b) };
          const range = scheduleHourRange(items, bounds, BRUSSELS);
          expect(range.startHour).toBeGreaterThanOrEqual(bounds.start_hour);
          expect(range.endHour).toBeLessThanOrEqual(bounds.end_hour);
          expect(range.startHour).toBeLessThanOrEqual(range.endHour);
          const units = (range.endHour - range.startHour) * GRID_UNITS_PER_HOUR;
          for (const { start_at, end_at } of items) {
            const span = gridRowSpan(start_at, end_at, range, BRUSSELS);
            if (span === null) continue;
            expect(span.rowStart).toBeGreaterThanOrEqual(1);
            expect(span.rowStart).toBeLessThan(span.rowEnd);
            expect(span.rowEnd).toBeLessThanOrEqual(units + 1);
          }
          // Without bounds every item is visible.
          const unbounded = scheduleHourRange(items, {}, BRUSSELS);
          for (const { start_at, end_at } of items) {
            expect(gridRowSpan(start_at, end_at, unbounded, BRUSSELS)).not.toBeNull();
          }
        },
      ),
    );
  });
});
