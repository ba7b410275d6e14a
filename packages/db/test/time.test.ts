import { describe, expect, it } from "vitest";
import {
  addDays,
  birthdateForAge,
  nextWeekday,
  todayIn,
  weekday,
  zoned,
} from "../src/seed/time.ts";

describe("seed calendar helpers", () => {
  it("finds the local instant on either side of daylight-saving changes", () => {
    expect(zoned("2025-01-15", "09:00", "Europe/Brussels").toISOString()).toBe(
      "2025-01-15T08:00:00.000Z",
    );
    expect(zoned("2025-07-15", "09:00", "Europe/Brussels").toISOString()).toBe(
      "2025-07-15T07:00:00.000Z",
    );
    expect(zoned("2025-03-30", "09:00", "Europe/Brussels").toISOString()).toBe(
      "2025-03-30T07:00:00.000Z",
    );
    expect(zoned("2025-10-26", "09:00", "Europe/London").toISOString()).toBe(
      "2025-10-26T09:00:00.000Z",
    );
  });

  it("reads today in the organiser's zone", () => {
    const lateEvening = new Date("2025-06-30T22:30:00Z");
    expect(todayIn("Europe/Brussels", lateEvening)).toBe("2025-07-01");
    expect(todayIn("Europe/London", lateEvening)).toBe("2025-06-30");
  });

  it("moves through the calendar", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(weekday("2025-06-30")).toBe(1);
    expect(weekday("2025-07-06")).toBe(7);
    expect(nextWeekday("2025-07-01", 1)).toBe("2025-07-07");
    expect(nextWeekday("2025-07-07", 1)).toBe("2025-07-07");
  });

  it("computes birthdates for an age, clamping month ends", () => {
    expect(birthdateForAge("2025-07-15", 7, 4)).toBe("2018-03-15");
    expect(birthdateForAge("2025-03-31", 0, 1)).toBe("2025-02-28");
  });
});
