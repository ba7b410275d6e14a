import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AvailabilitySchedule,
  addDaysToDay,
  daysBetween,
  formatInZone,
  type GeneratedDate,
  generateScheduleDates,
  instantTime,
  isoWeekdayOfDay,
  localDateTime,
  localDay,
  MAX_GENERATED_DATES,
  MAX_SCHEDULE_DAYS,
  shiftDatesToPeriod,
  zonedInstant,
} from "../src/index.ts";

const BRUSSELS = "Europe/Brussels";
const HOUR = 3_600_000;

/** A valid schedule in Brussels: Wednesdays 14:00–16:00 in October 2026, with `changes`. */
function schedule(changes: Partial<AvailabilitySchedule> = {}): AvailabilitySchedule {
  return {
    timezone: BRUSSELS,
    from: "2026-10-01",
    to: "2026-10-31",
    weekdays: [3],
    slots: [{ start: "14:00", end: "16:00" }],
    skip: [],
    ...changes,
  };
}

function datesOf(input: AvailabilitySchedule): GeneratedDate[] {
  const result = generateScheduleDates(input);
  if (!result.ok) throw new Error(`Unexpected errors: ${JSON.stringify(result.fields)}`);
  return result.dates;
}

function fieldsOf(input: AvailabilitySchedule): Record<string, string> {
  const result = generateScheduleDates(input);
  if (result.ok) throw new Error(`Unexpected dates: ${JSON.stringify(result.dates)}`);
  return result.fields;
}

/** "HH:MM" of an instant on the wall clock of `zone`. */
function wallClock(at: string, zone: string): string {
  const { hour, minute } = localDateTime(at, zone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

it("limits a schedule to 500 dates and two years", () => {
  expect(MAX_GENERATED_DATES).toBe(500);
  expect(MAX_SCHEDULE_DAYS).toBe(731);
});

describe("generateScheduleDates: a school year of Wednesdays in Brussels", () => {
  const toussaint = { from: "2026-10-19", to: "2026-10-30" };
  const christmas = { from: "2026-12-21", to: "2027-01-01" };
  const dates = datesOf(
    schedule({
      from: "2026-09-02",
      to: "2027-06-30",
      skip: [toussaint, christmas],
    }),
  );

  it("has every Wednesday but the four in the holidays", () => {
    // 44 Wednesdays from 2026-09-02 to 2027-06-30; 10-21, 10-28, 12-23 and 12-30 are skipped.
    expect(dates).toHaveLength(40);
    expect(dates[0]).toEqual({
      start_at: "2026-09-02T14:00:00+02:00",
      end_at: "2026-09-02T16:00:00+02:00",
    });
    expect(dates.at(-1)).toEqual({
      start_at: "2027-06-30T14:00:00+02:00",
      end_at: "2027-06-30T16:00:00+02:00",
    });
    const days = dates.map((date) => localDay(date.start_at, BRUSSELS));
    expect(days).not.toContain("2026-10-21");
    expect(days).not.toContain("2026-10-28");
    expect(days).not.toContain("2026-12-23");
    expect(days).not.toContain("2026-12-30");
    expect(days).toContain("2026-10-14");
    expect(days).toContain("2026-11-04");
    expect(days).toContain("2026-12-16");
    expect(days).toContain("2027-01-06");
    for (const day of days) expect(isoWeekdayOfDay(day)).toBe(3);
  });

  it("keeps 14:00–16:00 local across both DST changes, the offset following", () => {
    const byDay = new Map(dates.map((date) => [localDay(date.start_at, BRUSSELS), date]));
    // Summer time until 2026-10-25, winter time until 2027-03-28, then summer time again.
    expect(byDay.get("2026-10-14")).toEqual({
      start_at: "2026-10-14T14:00:00+02:00",
      end_at: "2026-10-14T16:00:00+02:00",
    });
    expect(byDay.get("2026-11-04")).toEqual({
      start_at: "2026-11-04T14:00:00+01:00",
      end_at: "2026-11-04T16:00:00+01:00",
    });
    expect(byDay.get("2027-03-24")).toEqual({
      start_at: "2027-03-24T14:00:00+01:00",
      end_at: "2027-03-24T16:00:00+01:00",
    });
    expect(byDay.get("2027-03-31")).toEqual({
      start_at: "2027-03-31T14:00:00+02:00",
      end_at: "2027-03-31T16:00:00+02:00",
    });
    for (const date of dates) {
      expect(wallClock(date.start_at, BRUSSELS)).toBe("14:00");
      expect(wallClock(date.end_at, BRUSSELS)).toBe("16:00");
      const day = localDay(date.start_at, BRUSSELS);
      const winter = day > "2026-10-25" && day < "2027-03-28";
      expect(date.start_at.endsWith(winter ? "+01:00" : "+02:00")).toBe(true);
      // 12:00 UTC in summer, 13:00 UTC in winter: the strings are the right instants.
      expect(new Date(instantTime(date.start_at)).getUTCHours()).toBe(winter ? 13 : 12);
      expect(instantTime(date.end_at) - instantTime(date.start_at)).toBe(2 * HOUR);
    }
  });

  it("is sorted by start", () => {
    const starts = dates.map((date) => instantTime(date.start_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});

describe("generateScheduleDates: days and slots", () => {
  it("generates several slots a day, sorted though given out of order", () => {
    const dates = datesOf(
      schedule({
        from: "2026-10-07",
        to: "2026-10-14",
        slots: [
          { start: "16:00", end: "18:00" },
          { start: "09:00", end: "12:00" },
          { start: "14:00", end: "16:00" },
        ],
      }),
    );
    expect(dates.map((date) => date.start_at)).toEqual([
      "2026-10-07T09:00:00+02:00",
      "2026-10-07T14:00:00+02:00",
      "2026-10-07T16:00:00+02:00",
      "2026-10-14T09:00:00+02:00",
      "2026-10-14T14:00:00+02:00",
      "2026-10-14T16:00:00+02:00",
    ]);
    expect(dates[0]?.end_at).toBe("2026-10-07T12:00:00+02:00");
  });

  it("generates on several weekdays, a repeated weekday counting once", () => {
    const dates = datesOf(
      schedule({ from: "2026-06-15", to: "2026-06-28", weekdays: [5, 1, 7, 1] }),
    );
    expect(dates.map((date) => localDay(date.start_at, BRUSSELS))).toEqual([
      "2026-06-15",
      "2026-06-19",
      "2026-06-21",
      "2026-06-22",
      "2026-06-26",
      "2026-06-28",
    ]);
  });

  it("generates on every day of the week", () => {
    const dates = datesOf(
      schedule({ from: "2026-06-15", to: "2026-06-21", weekdays: [1, 2, 3, 4, 5, 6, 7] }),
    );
    expect(dates).toHaveLength(7);
  });

  it("includes both ends of the range and generates one date when from equals to", () => {
    expect(datesOf(schedule({ from: "2026-10-07", to: "2026-10-07" }))).toEqual([
      { start_at: "2026-10-07T14:00:00+02:00", end_at: "2026-10-07T16:00:00+02:00" },
    ]);
    expect(datesOf(schedule({ from: "2026-10-07", to: "2026-10-21" }))).toHaveLength(3);
  });

  it("skips inclusive ranges, also ones reaching outside the schedule or overlapping", () => {
    const days = (skip: AvailabilitySchedule["skip"]) =>
      datesOf(schedule({ skip })).map((date) => localDay(date.start_at, BRUSSELS));
    expect(days([])).toEqual(["2026-10-07", "2026-10-14", "2026-10-21", "2026-10-28"]);
    expect(days(undefined)).toEqual(["2026-10-07", "2026-10-14", "2026-10-21", "2026-10-28"]);
    expect(days([{ from: "2026-10-14", to: "2026-10-14" }])).toEqual([
      "2026-10-07",
      "2026-10-21",
      "2026-10-28",
    ]);
    expect(days([{ from: "2026-09-01", to: "2026-10-07" }])).toEqual([
      "2026-10-14",
      "2026-10-21",
      "2026-10-28",
    ]);
    expect(
      days([
        { from: "2026-10-20", to: "2026-10-22" },
        { from: "2026-10-21", to: "2026-12-31" },
      ]),
    ).toEqual(["2026-10-07", "2026-10-14"]);
    // Touching the edges of a date's day is not enough: 10-13 and 10-15 leave 10-14.
    expect(
      days([
        { from: "2026-10-08", to: "2026-10-13" },
        { from: "2026-10-15", to: "2026-10-20" },
      ]),
    ).toEqual(["2026-10-07", "2026-10-14", "2026-10-21", "2026-10-28"]);
  });

  it("ends at 24:00 on the next local midnight, also on the night of a DST change", () => {
    expect(
      datesOf(
        schedule({
          from: "2026-10-24",
          to: "2026-10-25",
          weekdays: [6, 7],
          slots: [{ start: "22:00", end: "24:00" }],
        }),
      ),
    ).toEqual([
      { start_at: "2026-10-24T22:00:00+02:00", end_at: "2026-10-25T00:00:00+02:00" },
      { start_at: "2026-10-25T22:00:00+01:00", end_at: "2026-10-26T00:00:00+01:00" },
    ]);
  });

  it("ends at 24:00 on the first instant of a day whose midnight does not exist", () => {
    // America/Santiago jumps from 2026-09-06 00:00 to 01:00.
    expect(
      datesOf(
        schedule({
          timezone: "America/Santiago",
          from: "2026-09-05",
          to: "2026-09-05",
          weekdays: [6],
          slots: [{ start: "22:00", end: "24:00" }],
        }),
      ),
    ).toEqual([{ start_at: "2026-09-05T22:00:00-04:00", end_at: "2026-09-06T01:00:00-03:00" }]);
  });

  it("writes offsets of other zones, +00:00 for UTC", () => {
    const first = (timezone: string) => datesOf(schedule({ timezone }))[0];
    expect(first("UTC")).toEqual({
      start_at: "2026-10-07T14:00:00+00:00",
      end_at: "2026-10-07T16:00:00+00:00",
    });
    expect(first("Asia/Kolkata")?.start_at).toBe("2026-10-07T14:00:00+05:30");
    expect(first("America/St_Johns")?.start_at).toBe("2026-10-07T14:00:00-02:30");
  });
});

describe("generateScheduleDates: wall-clock times a DST change skips or repeats", () => {
  /** The dates of Sunday `day` in Brussels for the given slots. */
  const sunday = (day: string, ...slots: [string, string][]) =>
    datesOf(
      schedule({
        from: day,
        to: day,
        weekdays: [7],
        slots: slots.map(([start, end]) => ({ start, end })),
      }),
    );

  it("moves 02:30 forward by the spring gap to 03:30 summer time (2027-03-28)", () => {
    expect(sunday("2027-03-28", ["02:30", "04:00"])).toEqual([
      { start_at: "2027-03-28T03:30:00+02:00", end_at: "2027-03-28T04:00:00+02:00" },
    ]);
    expect(sunday("2027-03-28", ["01:30", "02:30"])).toEqual([
      { start_at: "2027-03-28T01:30:00+01:00", end_at: "2027-03-28T03:30:00+02:00" },
    ]);
    // Both ends in the gap: each moves by the hour.
    expect(sunday("2027-03-28", ["02:00", "02:30"])).toEqual([
      { start_at: "2027-03-28T03:00:00+02:00", end_at: "2027-03-28T03:30:00+02:00" },
    ]);
  });

  it("keeps the wall-clock length of a slot whose end would fall before its moved start", () => {
    // 02:30 moves to 03:30, after the 03:00 end: the date lasts its 30 minutes from 03:30.
    expect(
      sunday("2027-03-28", ["01:00", "02:00"], ["02:30", "03:00"], ["03:00", "04:00"]),
    ).toEqual([
      { start_at: "2027-03-28T01:00:00+01:00", end_at: "2027-03-28T03:00:00+02:00" },
      { start_at: "2027-03-28T03:00:00+02:00", end_at: "2027-03-28T04:00:00+02:00" },
      { start_at: "2027-03-28T03:30:00+02:00", end_at: "2027-03-28T04:00:00+02:00" },
    ]);
  });

  it("takes the earlier, summer-time 02:30 on the autumn change (2026-10-25)", () => {
    const [date] = sunday("2026-10-25", ["02:30", "03:30"]);
    expect(date).toEqual({
      start_at: "2026-10-25T02:30:00+02:00",
      end_at: "2026-10-25T03:30:00+01:00",
    });
    expect(instantTime(date!.end_at) - instantTime(date!.start_at)).toBe(2 * HOUR);
    expect(sunday("2026-10-25", ["01:00", "02:30"])).toEqual([
      { start_at: "2026-10-25T01:00:00+02:00", end_at: "2026-10-25T02:30:00+02:00" },
    ]);
  });

  it("lasts one hour less on the spring day and one more on the autumn day for 00:00–24:00", () => {
    const length = (day: string) => {
      const [date] = sunday(day, ["00:00", "24:00"]);
      return instantTime(date!.end_at) - instantTime(date!.start_at);
    };
    expect(length("2027-03-28")).toBe(23 * HOUR);
    expect(length("2026-10-25")).toBe(25 * HOUR);
    expect(length("2026-11-01")).toBe(24 * HOUR);
  });
});

describe("generateScheduleDates: validation", () => {
  it.each([
    ["an unknown zone", { timezone: "Mars/Olympus" }, { timezone: "INVALID_TIMEZONE" }],
    ["an empty zone", { timezone: "" }, { timezone: "INVALID_TIMEZONE" }],
    ["an impossible from", { from: "2026-02-30" }, { from: "INVALID_DATE" }],
    ["a from without padding", { from: "2026-9-2" }, { from: "INVALID_DATE" }],
    ["a datetime to", { to: "2026-10-31T00:00" }, { to: "INVALID_DATE" }],
    ["an empty to", { to: "" }, { to: "INVALID_DATE" }],
    ["to before from", { from: "2026-10-31", to: "2026-10-30" }, { to: "TO_BEFORE_FROM" }],
    ["no weekdays", { weekdays: [] }, { weekdays: "REQUIRED" }],
    ["weekday 0", { weekdays: [3, 0] }, { "weekdays.1": "INVALID_WEEKDAY" }],
    ["weekday 8", { weekdays: [8] }, { "weekdays.0": "INVALID_WEEKDAY" }],
    ["weekday 2.5", { weekdays: [2.5] }, { "weekdays.0": "INVALID_WEEKDAY" }],
    ["weekday NaN", { weekdays: [Number.NaN] }, { "weekdays.0": "INVALID_WEEKDAY" }],
    ["no slots", { slots: [] }, { slots: "REQUIRED" }],
    [
      "an unpadded hour",
      { slots: [{ start: "9:00", end: "12:00" }] },
      { "slots.0.start": "INVALID_TIME" },
    ],
    [
      "a 24:00 start",
      { slots: [{ start: "24:00", end: "24:00" }] },
      { "slots.0.start": "INVALID_TIME" },
    ],
    [
      "minute 60 and hour 25",
      { slots: [{ start: "23:60", end: "25:00" }] },
      { "slots.0.start": "INVALID_TIME", "slots.0.end": "INVALID_TIME" },
    ],
    [
      "a time past 24:00",
      { slots: [{ start: "22:00", end: "24:30" }] },
      { "slots.0.end": "INVALID_TIME" },
    ],
    [
      "seconds and other formats",
      {
        slots: [
          { start: "14:00:00", end: "16:00" },
          { start: "17h00", end: "" },
        ],
      },
      {
        "slots.0.start": "INVALID_TIME",
        "slots.1.start": "INVALID_TIME",
        "slots.1.end": "INVALID_TIME",
      },
    ],
    [
      "an end equal to the start",
      { slots: [{ start: "14:00", end: "14:00" }] },
      { "slots.0.end": "END_NOT_AFTER_START" },
    ],
    [
      "an end before the start (no slot runs past midnight)",
      { slots: [{ start: "22:00", end: "01:00" }] },
      { "slots.0.end": "END_NOT_AFTER_START" },
    ],
    [
      "an impossible skipped day",
      { skip: [{ from: "2026-13-01", to: "2026-12-31" }] },
      { "skip.0.from": "INVALID_DATE" },
    ],
    [
      "an inverted skipped range",
      {
        skip: [
          { from: "2026-10-01", to: "2026-10-02" },
          { from: "2026-10-20", to: "2026-10-19" },
        ],
      },
      { "skip.1.to": "TO_BEFORE_FROM" },
    ],
  ] as [string, Partial<AvailabilitySchedule>, Record<string, string>][])(
    "rejects %s",
    (_, changes, fields) => {
      expect(generateScheduleDates(schedule(changes))).toEqual({ ok: false, fields });
    },
  );

  it("marks every slot sharing time with another, slots touching end to start being fine", () => {
    expect(
      fieldsOf(
        schedule({
          slots: [
            { start: "09:00", end: "10:00" },
            { start: "14:00", end: "16:00" },
            { start: "10:00", end: "11:00" },
            { start: "15:59", end: "17:00" },
            { start: "18:00", end: "19:00" },
          ],
        }),
      ),
    ).toEqual({ "slots.1": "SLOTS_OVERLAP", "slots.3": "SLOTS_OVERLAP" });
    expect(
      fieldsOf(
        schedule({
          slots: [
            { start: "14:00", end: "16:00" },
            { start: "14:00", end: "16:00" },
          ],
        }),
      ),
    ).toEqual({ "slots.0": "SLOTS_OVERLAP", "slots.1": "SLOTS_OVERLAP" });
    // A long slot holding two short ones that do not overlap each other: all three overlap.
    expect(
      fieldsOf(
        schedule({
          slots: [
            { start: "11:00", end: "12:00" },
            { start: "08:00", end: "20:00" },
            { start: "13:00", end: "14:00" },
            { start: "20:00", end: "24:00" },
          ],
        }),
      ),
    ).toEqual({
      "slots.0": "SLOTS_OVERLAP",
      "slots.1": "SLOTS_OVERLAP",
      "slots.2": "SLOTS_OVERLAP",
    });
  });

  it("answers every field error at once", () => {
    expect(
      fieldsOf({
        timezone: "Nowhere/Land",
        from: "2026-10-31",
        to: "2026-10-01",
        weekdays: [],
        slots: [{ start: "16:00", end: "14:00" }],
        skip: [{ from: "2026-10-05", to: "x" }],
      }),
    ).toEqual({
      timezone: "INVALID_TIMEZONE",
      to: "TO_BEFORE_FROM",
      weekdays: "REQUIRED",
      "slots.0.end": "END_NOT_AFTER_START",
      "skip.0.to": "INVALID_DATE",
    });
  });

  it("answers NO_DATES when no day matches", () => {
    // 2026-10-06 is a Tuesday.
    expect(fieldsOf(schedule({ from: "2026-10-06", to: "2026-10-06" }))).toEqual({
      dates: "NO_DATES",
    });
    expect(fieldsOf(schedule({ skip: [{ from: "2026-10-01", to: "2026-10-31" }] }))).toEqual({
      dates: "NO_DATES",
    });
  });

  it("does not count dates while a field is invalid", () => {
    expect(fieldsOf(schedule({ from: "2026-10-06", to: "2026-10-06", timezone: "x/y" }))).toEqual({
      timezone: "INVALID_TIMEZONE",
    });
  });

  it("allows 500 dates and answers TOO_MANY_DATES for 501", () => {
    const daily = { from: "2026-01-01", weekdays: [1, 2, 3, 4, 5, 6, 7] };
    expect(datesOf(schedule({ ...daily, to: addDaysToDay("2026-01-01", 499) }))).toHaveLength(
      MAX_GENERATED_DATES,
    );
    expect(fieldsOf(schedule({ ...daily, to: addDaysToDay("2026-01-01", 500) }))).toEqual({
      dates: "TOO_MANY_DATES",
    });
    // Counted as days × slots: 251 days of two slots is 502.
    const twoSlots = {
      ...daily,
      slots: [
        { start: "09:00", end: "10:00" },
        { start: "10:00", end: "11:00" },
      ],
    };
    expect(datesOf(schedule({ ...twoSlots, to: addDaysToDay("2026-01-01", 249) }))).toHaveLength(
      500,
    );
    expect(fieldsOf(schedule({ ...twoSlots, to: addDaysToDay("2026-01-01", 250) }))).toEqual({
      dates: "TOO_MANY_DATES",
    });
  });

  it("allows 731 days from from to to and answers SCHEDULE_TOO_LONG beyond", () => {
    // 2026-09-01 to 2028-08-31 is two years including 2028-02-29: 731 days.
    expect(daysBetween("2026-09-01", "2028-08-31") + 1).toBe(MAX_SCHEDULE_DAYS);
    expect(datesOf(schedule({ from: "2026-09-01", to: "2028-08-31" }))).toHaveLength(105);
    expect(fieldsOf(schedule({ from: "2026-09-01", to: "2028-09-01" }))).toEqual({
      to: "SCHEDULE_TOO_LONG",
    });
    // A huge span is rejected before any day is walked through.
    expect(fieldsOf(schedule({ from: "0001-01-01", to: "9999-12-31" }))).toEqual({
      to: "SCHEDULE_TOO_LONG",
    });
  });
});

describe("shiftDatesToPeriod", () => {
  const octoberWednesdays = [
    { start_at: "2026-10-14T14:00:00+02:00", end_at: "2026-10-14T16:00:00+02:00" },
    { start_at: "2026-10-21T14:00:00+02:00", end_at: "2026-10-21T16:00:00+02:00" },
  ];

  it("moves every date by the same days, keeping local times across the autumn change", () => {
    expect(shiftDatesToPeriod(octoberWednesdays, BRUSSELS, "2026-10-21")).toEqual([
      { start_at: "2026-10-21T14:00:00+02:00", end_at: "2026-10-21T16:00:00+02:00" },
      { start_at: "2026-10-28T14:00:00+01:00", end_at: "2026-10-28T16:00:00+01:00" },
    ]);
  });

  it("keeps local times across the spring change and into an earlier period", () => {
    const march = [
      { start_at: new Date("2027-03-24T13:00:00Z"), end_at: new Date("2027-03-24T15:00:00Z") },
      { start_at: new Date("2027-03-31T12:00:00Z"), end_at: new Date("2027-03-31T14:00:00Z") },
    ];
    expect(shiftDatesToPeriod(march, BRUSSELS, "2026-10-21")).toEqual([
      { start_at: "2026-10-21T14:00:00+02:00", end_at: "2026-10-21T16:00:00+02:00" },
      { start_at: "2026-10-28T14:00:00+01:00", end_at: "2026-10-28T16:00:00+01:00" },
    ]);
  });

  it("takes the earliest start as the first date and keeps the order given", () => {
    const reversed = [...octoberWednesdays].reverse();
    expect(shiftDatesToPeriod(reversed, BRUSSELS, "2026-11-02")).toEqual([
      { start_at: "2026-11-09T14:00:00+01:00", end_at: "2026-11-09T16:00:00+01:00" },
      { start_at: "2026-11-02T14:00:00+01:00", end_at: "2026-11-02T16:00:00+01:00" },
    ]);
  });

  it("moves by local days, not by the UTC day of the first start", () => {
    // 00:30 in Brussels is still the previous day in UTC.
    const night = [{ start_at: "2026-06-15T00:30:00+02:00", end_at: "2026-06-15T01:30:00+02:00" }];
    expect(shiftDatesToPeriod(night, BRUSSELS, "2026-12-01")).toEqual([
      { start_at: "2026-12-01T00:30:00+01:00", end_at: "2026-12-01T01:30:00+01:00" },
    ]);
  });

  it("keeps a date running past midnight over two local days", () => {
    const late = [{ start_at: "2026-06-19T22:00:00+02:00", end_at: "2026-06-20T02:00:00+02:00" }];
    expect(shiftDatesToPeriod(late, BRUSSELS, "2027-01-08")).toEqual([
      { start_at: "2027-01-08T22:00:00+01:00", end_at: "2027-01-09T02:00:00+01:00" },
    ]);
  });

  it("applies the gap rule to a date moved onto the spring change", () => {
    const early = [{ start_at: "2027-03-21T02:30:00+01:00", end_at: "2027-03-21T03:30:00+01:00" }];
    // 02:30 moves to 03:30 summer time, the 03:30 end with it: the date keeps its hour.
    expect(shiftDatesToPeriod(early, BRUSSELS, "2027-03-28")).toEqual([
      { start_at: "2027-03-28T03:30:00+02:00", end_at: "2027-03-28T04:30:00+02:00" },
    ]);
  });

  it("returns nothing for no dates and throws on an invalid day or zone", () => {
    expect(shiftDatesToPeriod([], BRUSSELS, "2026-10-21")).toEqual([]);
    expect(() => shiftDatesToPeriod(octoberWednesdays, BRUSSELS, "2026-02-30")).toThrow(RangeError);
    expect(() => shiftDatesToPeriod([], "Mars/Olympus", "2026-10-21")).toThrow(RangeError);
  });
});

describe("zoned-time helpers used by the generator", () => {
  it.each([
    ["2026-10-28", 7, "2026-11-04"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-10-21", 0, "2026-10-21"],
    ["0099-12-31", 1, "0100-01-01"],
  ] as [string, number, string][])("addDaysToDay(%s, %d) → %s", (day, days, expected) => {
    expect(addDaysToDay(day, days)).toBe(expected);
  });

  it("addDaysToDay rejects an invalid day or a fraction of a day", () => {
    expect(() => addDaysToDay("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDaysToDay("2026-02-01", 0.5)).toThrow(RangeError);
  });

  it.each([
    ["2026-10-28", 14, 0, BRUSSELS, "2026-10-28T13:00:00.000Z"],
    ["2027-03-28", 2, 30, BRUSSELS, "2027-03-28T01:30:00.000Z"],
    ["2026-10-25", 2, 30, BRUSSELS, "2026-10-25T00:30:00.000Z"],
    ["2026-10-25", 3, 0, BRUSSELS, "2026-10-25T02:00:00.000Z"],
    ["2026-10-24", 24, 0, BRUSSELS, "2026-10-24T22:00:00.000Z"],
    ["2026-03-08", 2, 30, "America/New_York", "2026-03-08T07:30:00.000Z"],
    ["2026-11-01", 1, 30, "America/New_York", "2026-11-01T05:30:00.000Z"],
    // Lord Howe Island moves its clocks by 30 minutes.
    ["2026-10-04", 2, 15, "Australia/Lord_Howe", "2026-10-03T15:45:00.000Z"],
    ["2026-04-05", 1, 45, "Australia/Lord_Howe", "2026-04-04T14:45:00.000Z"],
  ] as [string, number, number, string, string][])(
    "zonedInstant(%s, %d:%d, %s) → %s",
    (day, hour, minute, zone, expected) => {
      expect(zonedInstant(day, { hour, minute }, zone).toISOString()).toBe(expected);
    },
  );

  it("zonedInstant rejects an invalid day, time or zone", () => {
    expect(() => zonedInstant("2026-02-30", { hour: 1, minute: 0 }, BRUSSELS)).toThrow(RangeError);
    expect(() => zonedInstant("2026-02-03", { hour: 1.5, minute: 0 }, BRUSSELS)).toThrow(
      RangeError,
    );
    expect(() => zonedInstant("2026-02-03", { hour: 1, minute: 0 }, "Mars/Olympus")).toThrow(
      RangeError,
    );
  });

  it.each([
    ["2026-10-25T00:30:00Z", BRUSSELS, "2026-10-25T02:30:00+02:00"],
    ["2026-10-25T01:30:00Z", BRUSSELS, "2026-10-25T02:30:00+01:00"],
    ["2026-06-15T10:00:00.250Z", "UTC", "2026-06-15T10:00:00.250+00:00"],
    ["2026-06-15T10:00:00Z", "America/St_Johns", "2026-06-15T07:30:00-02:30"],
    ["1850-01-01T00:00:00Z", BRUSSELS, "1850-01-01T00:17:30+00:17:30"],
  ])("formatInZone(%s, %s) → %s", (at, zone, expected) => {
    expect(formatInZone(at, zone)).toBe(expected);
  });

  it("formatInZone gives back the same instant (property)", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01Z"),
          max: new Date("2100-01-01Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(BRUSSELS, "UTC", "America/Santiago", "Asia/Kolkata", "Pacific/Chatham"),
        (at, zone) => {
          const text = formatInZone(at, zone);
          expect(instantTime(text)).toBe(at.getTime());
          expect(text.slice(0, 10)).toBe(localDay(at, zone));
        },
      ),
    );
  });
});

describe("generateScheduleDates (properties)", () => {
  const day = fc
    .integer({ min: 0, max: 3 * 365 })
    .map((offset) => addDaysToDay("2026-01-01", offset));
  const zone = fc.constantFrom(BRUSSELS, "UTC", "America/New_York", "Asia/Kolkata");
  // Slots from sorted distinct quarter hours between 04:00 and 24:00, clear of any DST change
  // of these zones, paired into non-overlapping slots.
  const slots = fc
    .uniqueArray(fc.integer({ min: 16, max: 96 }), { minLength: 2, maxLength: 8 })
    .map((quarters) => {
      const sorted = [...quarters].sort((a, b) => a - b);
      const time = (quarter: number) =>
        `${String(Math.floor(quarter / 4)).padStart(2, "0")}:${String((quarter % 4) * 15).padStart(2, "0")}`;
      const pairs = [];
      for (let index = 0; index + 1 < sorted.length; index += 2) {
        pairs.push({ start: time(sorted[index]!), end: time(sorted[index + 1]!) });
      }
      return pairs;
    });
  const scheduleArbitrary = fc.record({
    timezone: zone,
    from: day,
    length: fc.integer({ min: 0, max: 90 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    slots,
    skip: fc.array(
      fc.tuple(day, fc.integer({ min: 0, max: 20 })).map(([from, days]) => ({
        from,
        to: addDaysToDay(from, days),
      })),
      { maxLength: 4 },
    ),
  });

  it("generates exactly the slots of the matching days, at their local times", () => {
    fc.assert(
      fc.property(scheduleArbitrary, ({ length, ...rest }) => {
        const input = { ...rest, to: addDaysToDay(rest.from, length) };
        const result = generateScheduleDates(input);
        const expectedDays: string[] = [];
        for (let current = input.from; current <= input.to; current = addDaysToDay(current, 1)) {
          const skipped = input.skip.some(({ from, to }) => from <= current && current <= to);
          if (!skipped && input.weekdays.includes(isoWeekdayOfDay(current))) {
            expectedDays.push(current);
          }
        }
        if (expectedDays.length === 0) {
          expect(result).toEqual({ ok: false, fields: { dates: "NO_DATES" } });
          return;
        }
        if (!result.ok) throw new Error(JSON.stringify(result.fields));
        expect(result.dates).toHaveLength(expectedDays.length * input.slots.length);
        const sortedSlots = [...input.slots].sort((a, b) => a.start.localeCompare(b.start));
        result.dates.forEach((date, index) => {
          const expectedDay = expectedDays[Math.floor(index / sortedSlots.length)]!;
          const slot = sortedSlots[index % sortedSlots.length]!;
          expect(localDay(date.start_at, input.timezone)).toBe(expectedDay);
          expect(wallClock(date.start_at, input.timezone)).toBe(slot.start);
          expect(date.start_at.slice(0, 16)).toBe(`${expectedDay}T${slot.start}`);
          if (slot.end === "24:00") {
            expect(date.end_at.slice(0, 16)).toBe(`${addDaysToDay(expectedDay, 1)}T00:00`);
          } else {
            expect(date.end_at.slice(0, 16)).toBe(`${expectedDay}T${slot.end}`);
          }
          expect(instantTime(date.end_at)).toBeGreaterThan(instantTime(date.start_at));
        });
      }),
      { numRuns: 200 },
    );
  });

  it("shifting the dates away and back gives them back", () => {
    fc.assert(
      fc.property(scheduleArbitrary, day, ({ length, ...rest }, elsewhere) => {
        const result = generateScheduleDates({ ...rest, to: addDaysToDay(rest.from, length) });
        if (!result.ok) return;
        const first = localDay(result.dates[0]!.start_at, rest.timezone);
        const moved = shiftDatesToPeriod(result.dates, rest.timezone, elsewhere);
        expect(localDay(moved[0]!.start_at, rest.timezone)).toBe(elsewhere);
        moved.forEach((date, index) => {
          const original = result.dates[index]!;
          expect(wallClock(date.start_at, rest.timezone)).toBe(
            wallClock(original.start_at, rest.timezone),
          );
          expect(wallClock(date.end_at, rest.timezone)).toBe(
            wallClock(original.end_at, rest.timezone),
          );
        });
        expect(shiftDatesToPeriod(moved, rest.timezone, first)).toEqual(result.dates);
      }),
      { numRuns: 100 },
    );
  });
});
