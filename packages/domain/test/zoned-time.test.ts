import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assertTimeZone,
  dayRangeInZone,
  daysBetween,
  ISO_WEEKDAYS,
  isoWeekday,
  isoWeekdayOfDay,
  localDateTime,
  localDay,
  parseDay,
  startOfTodayInZone,
} from "../src/index.ts";

const BRUSSELS = "Europe/Brussels";
const HOUR = 3_600_000;

describe("isoWeekday", () => {
  it.each([
    // 2026-06-15 is a Monday
    ["2026-06-15T10:00:00Z", BRUSSELS, 1],
    ["2026-06-16T10:00:00Z", BRUSSELS, 2],
    ["2026-06-17T10:00:00Z", BRUSSELS, 3],
    ["2026-06-18T10:00:00Z", BRUSSELS, 4],
    ["2026-06-19T10:00:00Z", BRUSSELS, 5],
    ["2026-06-20T10:00:00Z", BRUSSELS, 6],
    ["2026-06-21T10:00:00Z", BRUSSELS, 7],
    // Sunday 23:30 local is still Sunday (7), though Monday in some other zones
    ["2026-03-29T21:30:00Z", BRUSSELS, 7],
    ["2026-06-21T21:30:00Z", BRUSSELS, 7],
    ["2026-06-21T21:30:00Z", "Asia/Tokyo", 1],
    ["2026-01-04T22:30:00Z", BRUSSELS, 7],
    // Monday 00:30 local is Monday, though still Sunday in UTC
    ["2026-06-21T22:30:00Z", BRUSSELS, 1],
    ["2026-06-21T22:30:00Z", "UTC", 7],
    ["2026-06-22T03:30:00Z", "America/New_York", 7],
    // DST Sundays
    ["2026-03-29T00:59:59Z", BRUSSELS, 7],
    ["2026-03-29T01:00:00Z", BRUSSELS, 7],
    ["2026-03-28T23:00:00Z", BRUSSELS, 7],
    ["2026-03-28T22:59:59Z", BRUSSELS, 6],
    ["2026-10-25T01:30:00Z", BRUSSELS, 7],
    ["2026-10-25T23:00:00Z", BRUSSELS, 1],
    ["2026-10-25T22:59:59Z", BRUSSELS, 7],
    // Offset strings
    ["2026-06-21T23:30:00+02:00", BRUSSELS, 7],
    ["2026-06-21T23:30:00+02:00", "UTC", 7],
    ["2026-06-22T00:30:00+02:00", "UTC", 7],
  ] as [string, string, number][])("%s in %s → %d", (instant, zone, weekday) => {
    expect(isoWeekday(instant, zone)).toBe(weekday);
    expect(isoWeekday(new Date(instant), zone)).toBe(weekday);
  });

  it("rejects an unknown zone and an offset-less string", () => {
    expect(() => isoWeekday(new Date(), "Mars/Olympus")).toThrow(RangeError);
    expect(() => isoWeekday("2026-06-21T10:00:00", BRUSSELS)).toThrow(RangeError);
  });

  it("agrees with the local day's calendar weekday (property)", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1990-01-01Z"),
          max: new Date("2060-01-01Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(BRUSSELS, "UTC", "America/New_York", "Asia/Kolkata", "Pacific/Kiritimati"),
        (instant, zone) => {
          const weekday = isoWeekday(instant, zone);
          expect(ISO_WEEKDAYS).toContain(weekday);
          expect(weekday).toBe(isoWeekdayOfDay(localDay(instant, zone)));
        },
      ),
    );
  });
});

describe("isoWeekdayOfDay", () => {
  it.each([
    ["2026-03-29", 7],
    ["2026-03-30", 1],
    ["2026-10-25", 7],
    ["2000-02-29", 2],
    ["1970-01-01", 4],
  ] as [string, number][])("%s → %d", (day, weekday) => {
    expect(isoWeekdayOfDay(day)).toBe(weekday);
  });
});

describe("parseDay", () => {
  it("parses a strict calendar day", () => {
    expect(parseDay("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it.each([
    "2026-02-29",
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "2026-1-5",
    "",
    "2026-03-29T00:00",
  ])("rejects %j", (day) => {
    expect(() => parseDay(day)).toThrow(RangeError);
  });
});

describe("dayRangeInZone", () => {
  it.each([
    // Regular summer and winter days in Brussels
    ["2026-06-15", BRUSSELS, "2026-06-14T22:00:00.000Z", "2026-06-15T22:00:00.000Z", 24],
    ["2026-01-15", BRUSSELS, "2026-01-14T23:00:00.000Z", "2026-01-15T23:00:00.000Z", 24],
    // Spring forward: 02:00 → 03:00, 23-hour day
    ["2026-03-29", BRUSSELS, "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z", 23],
    // Fall back: 03:00 → 02:00, 25-hour day
    ["2026-10-25", BRUSSELS, "2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z", 25],
    // Days around the changes are regular
    ["2026-03-28", BRUSSELS, "2026-03-27T23:00:00.000Z", "2026-03-28T23:00:00.000Z", 24],
    ["2026-03-30", BRUSSELS, "2026-03-29T22:00:00.000Z", "2026-03-30T22:00:00.000Z", 24],
    ["2026-10-26", BRUSSELS, "2026-10-25T23:00:00.000Z", "2026-10-26T23:00:00.000Z", 24],
    ["2026-06-15", "UTC", "2026-06-15T00:00:00.000Z", "2026-06-16T00:00:00.000Z", 24],
    ["2026-06-15", "Asia/Kolkata", "2026-06-14T18:30:00.000Z", "2026-06-15T18:30:00.000Z", 24],
    [
      "2026-12-31",
      "Pacific/Kiritimati",
      "2026-12-30T10:00:00.000Z",
      "2026-12-31T10:00:00.000Z",
      24,
    ],
    // Local midnight does not exist in Santiago on 2026-09-06: the day starts at 01:00
    ["2026-09-06", "America/Santiago", "2026-09-06T04:00:00.000Z", "2026-09-07T03:00:00.000Z", 23],
    ["2024-02-29", BRUSSELS, "2024-02-28T23:00:00.000Z", "2024-02-29T23:00:00.000Z", 24],
  ] as [string, string, string, string, number][])("%s in %s", (day, zone, start, end, hours) => {
    const range = dayRangeInZone(day, zone);
    expect(range.start.toISOString()).toBe(start);
    expect(range.end.toISOString()).toBe(end);
    expect((range.end.getTime() - range.start.getTime()) / HOUR).toBe(hours);
    expect(range.start.constructor).toBe(Date);
    expect(localDay(range.start, zone)).toBe(day);
    expect(localDay(new Date(range.end.getTime() - 1), zone)).toBe(day);
  });

  it("rejects an invalid day or zone", () => {
    expect(() => dayRangeInZone("2026-02-30", BRUSSELS)).toThrow(RangeError);
    expect(() => dayRangeInZone("2026-06-15", "Nowhere/City")).toThrow(RangeError);
  });

  it("contains every instant of its local day, and consecutive days tile (property)", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1990-01-01Z"),
          max: new Date("2060-01-01Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(BRUSSELS, "UTC", "America/Santiago", "Australia/Lord_Howe"),
        (instant, zone) => {
          const day = localDay(instant, zone);
          const range = dayRangeInZone(day, zone);
          expect(range.start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(instant.getTime()).toBeLessThan(range.end.getTime());
          expect(startOfTodayInZone(instant, zone)).toEqual(range.start);
          expect(dayRangeInZone(localDay(range.end, zone), zone).start).toEqual(range.end);
          const hours = (range.end.getTime() - range.start.getTime()) / HOUR;
          expect(hours).toBeGreaterThanOrEqual(23);
          expect(hours).toBeLessThanOrEqual(25);
        },
      ),
    );
  });
});

describe("startOfTodayInZone", () => {
  it.each([
    ["2026-06-15T10:00:00Z", BRUSSELS, "2026-06-14T22:00:00.000Z"],
    ["2026-06-14T22:00:00Z", BRUSSELS, "2026-06-14T22:00:00.000Z"],
    ["2026-06-14T21:59:59.999Z", BRUSSELS, "2026-06-13T22:00:00.000Z"],
    ["2026-03-29T21:59:59Z", BRUSSELS, "2026-03-28T23:00:00.000Z"],
    ["2026-03-29T22:00:00Z", BRUSSELS, "2026-03-29T22:00:00.000Z"],
    ["2026-10-25T01:30:00Z", BRUSSELS, "2026-10-24T22:00:00.000Z"],
    ["2026-10-25T22:59:59Z", BRUSSELS, "2026-10-24T22:00:00.000Z"],
    ["2026-06-15T10:00:00Z", "UTC", "2026-06-15T00:00:00.000Z"],
    ["2026-06-15T02:00:00Z", "America/New_York", "2026-06-14T04:00:00.000Z"],
  ])("%s in %s → %s", (now, zone, expected) => {
    const start = startOfTodayInZone(new Date(now), zone);
    expect(start.toISOString()).toBe(expected);
    expect(start.constructor).toBe(Date);
  });

  it("rejects an invalid now", () => {
    expect(() => startOfTodayInZone(new Date(Number.NaN), BRUSSELS)).toThrow(RangeError);
  });
});

describe("localDateTime / localDay / daysBetween / assertTimeZone", () => {
  it("reads the wall clock on both sides of the DST changes", () => {
    expect(localDateTime("2026-03-29T00:59:00Z", BRUSSELS)).toMatchObject({ hour: 1, minute: 59 });
    expect(localDateTime("2026-03-29T01:00:00Z", BRUSSELS)).toMatchObject({ hour: 3, minute: 0 });
    expect(localDateTime("2026-10-25T00:30:00Z", BRUSSELS)).toMatchObject({ hour: 2, minute: 30 });
    expect(localDateTime("2026-10-25T01:30:00Z", BRUSSELS)).toMatchObject({ hour: 2, minute: 30 });
    expect(localDay("2026-06-21T21:30:00Z", BRUSSELS)).toBe("2026-06-21");
    expect(localDay("2026-06-21T22:30:00Z", BRUSSELS)).toBe("2026-06-22");
  });

  it("counts calendar days", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-26", "2026-10-24")).toBe(-2);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
  });

  it("accepts known zones only", () => {
    expect(() => assertTimeZone(BRUSSELS)).not.toThrow();
    expect(() => assertTimeZone("")).toThrow(RangeError);
    expect(() => assertTimeZone("Europe/Atlantis")).toThrow(RangeError);
  });
});
