import { describe, expect, it } from "vitest";
import { resourceSlots } from "../src/seed/catalogue.ts";
import { demoEn } from "../src/seed/demo-en.ts";
import { demoFr } from "../src/seed/demo-fr.ts";
import {
  BELGIAN_SCHOOL_HOLIDAYS_2026_2027,
  belgianPublicHolidays,
  currentSchoolYear,
  englishBankHolidays,
  holidayWeek,
} from "../src/seed/holidays.ts";
import { seedCuid } from "../src/seed/ids.ts";
import { dailyStartTimes, weeklyUntil } from "../src/seed/schedule.ts";
import { easterSunday } from "../src/seed/time.ts";

const localTime = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(date);

describe("seed holidays", () => {
  it("computes Easter and the public holidays that depend on it", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(belgianPublicHolidays(2027)).toContain("2027-05-06"); // Ascension
    expect(englishBankHolidays(2026)).toEqual(
      expect.arrayContaining(["2026-12-25", "2026-12-28", "2026-05-25", "2026-08-31"]),
    );
  });

  it("gives camp days without public holidays", () => {
    const closed = new Set([2026, 2027].flatMap(belgianPublicHolidays));
    const [, winter, , spring] = BELGIAN_SCHOOL_HOLIDAYS_2026_2027;
    expect(holidayWeek(winter!, 0, closed)).toEqual([
      "2026-12-21",
      "2026-12-22",
      "2026-12-23",
      "2026-12-24",
    ]);
    expect(holidayWeek(spring!, 1, closed)).toEqual([
      "2027-05-03",
      "2027-05-04",
      "2027-05-05",
      "2027-05-07",
    ]);
    expect(() => holidayWeek(winter!, 2, closed)).toThrow();
  });

  it("keeps the published school year until its summer ends, then moves by whole weeks", () => {
    expect(currentSchoolYear(BELGIAN_SCHOOL_HOLIDAYS_2026_2027, "2026-11-21")).toEqual(
      BELGIAN_SCHOOL_HOLIDAYS_2026_2027,
    );
    const next = currentSchoolYear(BELGIAN_SCHOOL_HOLIDAYS_2026_2027, "2027-09-01");
    expect(next[0]).toMatchObject({ startDate: "2027-10-18", endDate: "2027-10-29" });
    expect(next.at(-1)!.endDate >= "2027-09-01").toBe(true);
  });
});

describe("seed schedules", () => {
  it("keeps weekly classes at the same local time across daylight-saving changes", () => {
    const slots = weeklyUntil("2027-03-17", "2027-04-07", "17:00", "18:00", "Europe/Brussels");
    expect(slots).toHaveLength(4);
    expect(slots.map((slot) => localTime(slot.startAt, "Europe/Brussels"))).toEqual([
      "17:00",
      "17:00",
      "17:00",
      "17:00",
    ]);
    expect(slots[0]!.startAt.getUTCHours()).toBe(16);
    expect(slots[3]!.startAt.getUTCHours()).toBe(15);
  });

  it("offers a resource price only when it ends by closing time", () => {
    const starts = dailyStartTimes("09:00", "20:00");
    expect(starts).toHaveLength(11);
    expect(starts.at(-1)).toBe("19:00");
    const prices = [
      { duration: 3600, amount: 1200 },
      { duration: 5400, amount: 1700 },
    ];
    const slots = resourceSlots("2027-03-27", 2, starts, "20:00", prices, "Europe/Brussels");
    expect(slots).toHaveLength(22);
    expect(slots[9]!.prices).toHaveLength(2);
    expect(slots[10]!.prices).toEqual([{ duration: 3600, amount: 1200 }]);
    expect(slots.map((slot) => localTime(slot.startAt, "Europe/Brussels")).slice(10, 12)).toEqual([
      "19:00",
      "09:00",
    ]);
  });

  it("makes ids of cuid2's shape", () => {
    const ids = new Set(Array.from({ length: 1000 }, seedCuid));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[a-z][0-9a-z]{23}$/);
  });
});

describe("demo descriptions", () => {
  it.each([
    ["2026-11-21T21:00:00Z"],
    ["2027-03-27T10:00:00Z"],
    ["2027-07-15T10:00:00Z"],
    ["2028-01-10T10:00:00Z"],
  ])("are complete on %s", (instant) => {
    for (const demo of [demoFr(new Date(instant)), demoEn(new Date(instant))]) {
      const keys = new Set(demo.activities.map((activity) => activity.key));
      expect(keys.size).toBe(demo.activities.length);
      for (const catalog of demo.catalogs) {
        for (const key of catalog.activities) expect(keys).toContain(key);
      }
      for (const activity of demo.activities) {
        for (const availability of activity.availabilities) {
          expect(availability.slots.length).toBeGreaterThan(0);
        }
      }
      expect(demo.segments.filter((segment) => segment.isDefault)).toHaveLength(3);
    }
  });
});
