import { describe, expect, it } from "vitest";
import {
  ageGroupOf,
  attendanceRates,
  bucketOf,
  bucketsOf,
  compare,
  defaultGrouping,
  outstandingAgeOf,
  periodRefusal,
  previousPeriod,
  rate,
  rollUp,
  total,
  trailingPeriod,
} from "../src/index.ts";

describe("report periods", () => {
  it("compares a period with the one of the same length just before it", () => {
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-31" })).toEqual({
      from: "2026-01-29",
      to: "2026-02-28",
    });
    expect(previousPeriod({ from: "2026-11-27", to: "2026-11-27" })).toEqual({
      from: "2026-11-26",
      to: "2026-11-26",
    });
  });

  it("refuses a reversed period and one longer than 366 days", () => {
    expect(periodRefusal({ from: "2026-02-02", to: "2026-02-01" })).toBe("REVERSED");
    expect(periodRefusal({ from: "2024-01-01", to: "2024-12-31" })).toBeNull();
    expect(periodRefusal({ from: "2024-01-01", to: "2025-01-01" })).toBe("TOO_LONG");
  });

  it("defaults to the last days up to today", () => {
    expect(trailingPeriod("2026-11-27", 30)).toEqual({ from: "2026-10-29", to: "2026-11-27" });
  });

  it("groups days by day, ISO week (Monday) or month, every bucket listed", () => {
    expect(bucketOf("2026-11-29", "week")).toBe("2026-11-23");
    expect(bucketOf("2026-11-23", "week")).toBe("2026-11-23");
    expect(bucketOf("2026-11-29", "month")).toBe("2026-11-01");
    expect(bucketOf("2026-11-29", "day")).toBe("2026-11-29");
    expect(bucketsOf({ from: "2026-10-30", to: "2026-11-10" }, "week")).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
    ]);
    expect(bucketsOf({ from: "2026-01-31", to: "2026-03-01" }, "month")).toEqual([
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
    ]);
  });

  it("chooses days up to a month, weeks up to a quarter, months beyond", () => {
    expect(defaultGrouping({ from: "2026-01-01", to: "2026-01-31" })).toBe("day");
    expect(defaultGrouping({ from: "2026-01-01", to: "2026-02-01" })).toBe("week");
    expect(defaultGrouping({ from: "2026-01-01", to: "2026-04-02" })).toBe("week");
    expect(defaultGrouping({ from: "2026-01-01", to: "2026-04-03" })).toBe("month");
  });
});

describe("report figures", () => {
  it("rounds rates to four decimals and gives none over nothing", () => {
    expect(rate(1, 3)).toBe(0.3333);
    expect(rate(2, 3)).toBe(0.6667);
    expect(rate(0, 0)).toBeNull();
  });

  it("counts attendance rates over the attendances recorded only", () => {
    expect(attendanceRates({ present: 6, absent: 1, excused: 1 })).toEqual({
      present: 0.75,
      absent: 0.125,
      excused: 0.125,
    });
    expect(attendanceRates({ present: 0, absent: 0, excused: 0 })).toEqual({
      present: null,
      absent: null,
      excused: null,
    });
  });

  it("compares a figure with the previous period's", () => {
    expect(compare(150, 100)).toEqual({
      current: 150,
      previous: 100,
      change: 50,
      change_rate: 0.5,
    });
    expect(compare(80, 100).change_rate).toBe(-0.2);
    expect(compare(10, 0)).toEqual({ current: 10, previous: 0, change: 10, change_rate: null });
  });

  it("rolls rows up by key, adding the chosen fields", () => {
    const rows = [
      { activity: "Tennis", registered: 3, capacity: 10, title: "first" },
      { activity: "Judo", registered: 1, capacity: 5, title: "judo" },
      { activity: "Tennis", registered: 4, capacity: 10, title: "second" },
    ];
    expect(rollUp(rows, (row) => row.activity, ["registered", "capacity"])).toEqual([
      { activity: "Tennis", registered: 7, capacity: 20, title: "first" },
      { activity: "Judo", registered: 1, capacity: 5, title: "judo" },
    ]);
    expect(rows[0]!.registered).toBe(3);
    expect(total(rows, (row) => row.registered)).toBe(8);
  });

  it("puts ages in their group, an unknown birthdate apart", () => {
    expect([0, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 64].map(ageGroupOf)).toEqual([
      "0-5",
      "0-5",
      "6-8",
      "6-8",
      "9-11",
      "9-11",
      "12-14",
      "12-14",
      "15-17",
      "15-17",
      "18+",
      "18+",
    ]);
    expect(ageGroupOf(null)).toBe("unknown");
    expect(ageGroupOf(-1)).toBe("unknown");
  });

  it("bands what is owed by days since: 0–30, 31–60, 61 and more", () => {
    expect([0, 30, 31, 60, 61, 400].map(outstandingAgeOf)).toEqual([
      "0-30",
      "0-30",
      "31-60",
      "31-60",
      "61+",
      "61+",
    ]);
  });
});
