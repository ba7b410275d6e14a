import { describe, expect, it } from "vitest";
import { fillRate, overallFillRate, weekInZone } from "../src/index.ts";

describe("weekInZone", () => {
  it("runs Monday to Sunday in the organiser's zone, from local midnight to local midnight", () => {
    // Wednesday 2026-06-17 at 10:00 in Brussels (UTC+2).
    const week = weekInZone("2026-06-17T08:00:00Z", "Europe/Brussels");
    expect(week).toEqual({
      monday: "2026-06-15",
      sunday: "2026-06-21",
      start: new Date("2026-06-14T22:00:00Z"),
      end: new Date("2026-06-21T22:00:00Z"),
    });
  });

  it("takes the local day, not the UTC one, at the edges of a week", () => {
    // Sunday 23:30 in Brussels is still the week of the Monday before…
    expect(weekInZone("2026-06-21T21:30:00Z", "Europe/Brussels").monday).toBe("2026-06-15");
    // …and Monday 00:30 is the next week, though it is still Sunday in UTC.
    expect(weekInZone("2026-06-21T22:30:00Z", "Europe/Brussels").monday).toBe("2026-06-22");
    // A Monday itself opens its week.
    expect(weekInZone("2026-06-15T10:00:00Z", "Europe/Brussels").monday).toBe("2026-06-15");
    // In New York the same instant is still Sunday.
    expect(weekInZone("2026-06-22T02:00:00Z", "America/New_York").monday).toBe("2026-06-15");
  });

  it("is an hour shorter or longer across a DST change", () => {
    const spring = weekInZone("2026-03-25T12:00:00Z", "Europe/Brussels");
    expect(spring.monday).toBe("2026-03-23");
    expect(spring.start).toEqual(new Date("2026-03-22T23:00:00Z"));
    expect(spring.end).toEqual(new Date("2026-03-29T22:00:00Z"));
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(167);
    const autumn = weekInZone("2026-10-22T12:00:00Z", "Europe/Brussels");
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(169);
  });

  it("crosses months and years", () => {
    const week = weekInZone("2026-01-01T12:00:00Z", "Europe/Brussels");
    expect(week.monday).toBe("2025-12-29");
    expect(week.sunday).toBe("2026-01-04");
  });

  it("throws on an unknown zone", () => {
    expect(() => weekInZone("2026-06-17T08:00:00Z", "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("fillRate", () => {
  it("is registered over capacity, beyond 1 when over-booked", () => {
    expect(fillRate({ registered: 6, capacity: 12 })).toBe(0.5);
    expect(fillRate({ registered: 0, capacity: 12 })).toBe(0);
    expect(fillRate({ registered: 13, capacity: 12 })).toBeCloseTo(13 / 12);
  });

  it("is null when unlimited and full when the capacity is 0", () => {
    expect(fillRate({ registered: 40, capacity: null })).toBeNull();
    expect(fillRate({ registered: 0, capacity: 0 })).toBe(1);
  });
});

describe("overallFillRate", () => {
  it("adds up the places of the sessions that have a capacity", () => {
    expect(
      overallFillRate([
        { registered: 5, capacity: 10 },
        { registered: 10, capacity: 10 },
        { registered: 99, capacity: null },
      ]),
    ).toBe(0.75);
  });

  it("is null without any limited session", () => {
    expect(overallFillRate([])).toBeNull();
    expect(overallFillRate([{ registered: 3, capacity: null }])).toBeNull();
    expect(overallFillRate([{ registered: 0, capacity: 0 }])).toBe(1);
  });
});
