import { describe, expect, it } from "vitest";
import { generateScheduleDates, skippedScheduleDays } from "../src/index.ts";

describe("skippedScheduleDays", () => {
  const wednesdays = {
    from: "2026-10-01",
    to: "2026-11-30",
    weekdays: [3],
    skip: [
      { from: "2026-10-24", to: "2026-11-08" },
      { from: "2026-11-25", to: "2026-11-25" },
    ],
  };

  it("lists the schedule's weekdays that fall inside a holiday, in order", () => {
    expect(skippedScheduleDays(wednesdays)).toEqual(["2026-10-28", "2026-11-04", "2026-11-25"]);
  });

  it("is exactly what the generator leaves out", () => {
    const schedule = {
      ...wednesdays,
      timezone: "Europe/Brussels",
      slots: [{ start: "14:00", end: "16:00" }],
    };
    const all = generateScheduleDates({ ...schedule, skip: [] });
    const kept = generateScheduleDates(schedule);
    if (!all.ok || !kept.ok) throw new Error("valid schedule expected");
    const keptDays = new Set(kept.dates.map((date) => date.start_at.slice(0, 10)));
    const left = all.dates
      .map((date) => date.start_at.slice(0, 10))
      .filter((day) => !keptDays.has(day));
    expect(skippedScheduleDays(schedule)).toEqual(left);
  });

  it("ignores holidays outside the range or on other weekdays, and counts overlapping ranges once", () => {
    expect(
      skippedScheduleDays({
        ...wednesdays,
        skip: [
          { from: "2026-09-01", to: "2026-10-06" },
          { from: "2026-10-05", to: "2026-10-08" },
          { from: "2026-11-26", to: "2026-11-27" },
          { from: "2026-12-01", to: "2026-12-31" },
        ],
      }),
    ).toEqual(["2026-10-07"]);
    expect(skippedScheduleDays({ ...wednesdays, skip: [] })).toEqual([]);
    expect(skippedScheduleDays({ ...wednesdays, skip: undefined })).toEqual([]);
  });
});
