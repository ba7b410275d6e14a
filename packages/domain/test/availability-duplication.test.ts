import { describe, expect, it } from "vitest";
import { shiftAvailabilityToPeriod } from "../src/index.ts";

const BRUSSELS = "Europe/Brussels";

describe("shiftAvailabilityToPeriod", () => {
  // A summer week (UTC+2) with its registrations open in spring.
  const summerWeek = {
    dates: [
      { start_at: "2026-07-07T09:00:00+02:00", end_at: "2026-07-07T16:00:00+02:00" },
      { start_at: "2026-07-06T09:00:00+02:00", end_at: "2026-07-06T16:00:00+02:00" },
    ],
    registrations_start_at: "2026-03-02T08:00:00+01:00",
    registrations_end_at: "2026-07-03T18:00:00+02:00",
  };

  it("moves the dates so that the earliest starts on the new day, keeping local times", () => {
    const copy = shiftAvailabilityToPeriod(summerWeek, BRUSSELS, "2026-12-21");
    expect(copy.dates).toEqual([
      { start_at: "2026-12-22T09:00:00+01:00", end_at: "2026-12-22T16:00:00+01:00" },
      { start_at: "2026-12-21T09:00:00+01:00", end_at: "2026-12-21T16:00:00+01:00" },
    ]);
  });

  it("moves the registration window by the same number of days at its local times", () => {
    // 2026-07-06 → 2026-12-21 is 168 days: 2026-03-02 + 168 = 2026-08-17, 2026-07-03 + 168 = 2026-12-18.
    const copy = shiftAvailabilityToPeriod(summerWeek, BRUSSELS, "2026-12-21");
    expect(copy.registrations_start_at).toBe("2026-08-17T08:00:00+02:00");
    expect(copy.registrations_end_at).toBe("2026-12-18T18:00:00+01:00");
  });

  it("keeps an open window open", () => {
    const copy = shiftAvailabilityToPeriod(
      { ...summerWeek, registrations_start_at: null, registrations_end_at: null },
      BRUSSELS,
      "2027-07-05",
    );
    expect(copy.registrations_start_at).toBeNull();
    expect(copy.registrations_end_at).toBeNull();
    expect(copy.dates[1]!.start_at).toBe("2027-07-05T09:00:00+02:00");
  });

  it("refuses an availability without dates and a day that does not exist", () => {
    expect(() =>
      shiftAvailabilityToPeriod({ ...summerWeek, dates: [] }, BRUSSELS, "2027-01-04"),
    ).toThrow(RangeError);
    expect(() => shiftAvailabilityToPeriod(summerWeek, BRUSSELS, "2027-02-30")).toThrow(RangeError);
  });
});
