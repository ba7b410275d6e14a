import { describe, expect, it } from "vitest";
import { checkWeeklyPattern, generateScheduleDates } from "../src/index.ts";

/** A date configuration's weekly pattern is checked as the schedule generator checks it. */
describe("checkWeeklyPattern", () => {
  it("accepts a summer camp's weekdays and a slot ending at midnight", () => {
    expect(
      checkWeeklyPattern({ weekdays: [1, 2, 3, 4, 5], slots: [{ start: "09:00", end: "16:00" }] }),
    ).toEqual({});
    expect(
      checkWeeklyPattern({ weekdays: [3], slots: [{ start: "20:00", end: "24:00" }] }),
    ).toEqual({});
  });

  it("answers the generator's codes by field", () => {
    expect(checkWeeklyPattern({ weekdays: [], slots: [] })).toEqual({
      weekdays: "REQUIRED",
      slots: "REQUIRED",
    });
    expect(
      checkWeeklyPattern({
        weekdays: [0, 3, 8],
        slots: [
          { start: "14:00", end: "16:00" },
          { start: "15:00", end: "17:00" },
          { start: "9h", end: "10:00" },
          { start: "12:00", end: "11:00" },
        ],
      }),
    ).toEqual({
      "weekdays.0": "INVALID_WEEKDAY",
      "weekdays.2": "INVALID_WEEKDAY",
      "slots.0": "SLOTS_OVERLAP",
      "slots.1": "SLOTS_OVERLAP",
      "slots.2.start": "INVALID_TIME",
      "slots.3.end": "END_NOT_AFTER_START",
    });
  });

  it("finds the same faults as the generator given the same weekdays and slots", () => {
    const pattern = { weekdays: [2, 9], slots: [{ start: "10:00", end: "10:00" }] };
    const generated = generateScheduleDates({
      ...pattern,
      from: "2026-09-01",
      to: "2026-09-30",
      timezone: "Europe/Brussels",
    });
    expect(generated.ok).toBe(false);
    expect(generated.ok ? {} : generated.fields).toEqual(checkWeeklyPattern(pattern));
  });
});
