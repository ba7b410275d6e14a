import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AgeFormatRule,
  ageEligibility,
  ageInDays,
  ageInYears,
  DEFAULT_AGE_FORMATS,
  FALLBACK_AGE_FORMAT,
  formatAge,
  isAgeWithinLimits,
  parseBirthdate,
  roundToInterval,
} from "../src/index.ts";

const BRUSSELS = "Europe/Brussels";

/** An instant given as a wall-clock time in Brussels ("2024-06-15", "18:00"). */
function brussels(date: string, time = "00:00:00"): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(":").map(Number) as [number, number, number?];
  return new Date(new TZDate(y, m - 1, d, hh, mm, ss, BRUSSELS).getTime());
}

/** The calendar day `days` after `date` (YYYY-MM-DD). */
function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const BIRTH = "2000-01-01";

/** Age of someone born on BIRTH, `days` whole days (plus an optional time) later in Brussels. */
function aged(days: number, time = "00:00:00"): Date {
  return brussels(plusDays(BIRTH, days), time);
}

describe("DEFAULT_AGE_FORMATS", () => {
  it("encodes the §9 defaults with limits in each rule's own unit", () => {
    expect(DEFAULT_AGE_FORMATS).toEqual([
      { type: "days", number_of_days: 1, limit: 30, rounding_interval: 1, rounding_method: "down" },
      {
        type: "weeks",
        number_of_days: 7,
        limit: 12,
        rounding_interval: 1,
        rounding_method: "down",
      },
      {
        type: "months",
        number_of_days: 30.4375,
        limit: 36,
        rounding_interval: 0.5,
        rounding_method: "down",
      },
      {
        type: "years",
        number_of_days: 365.25,
        limit: 18,
        rounding_interval: 0.5,
        rounding_method: "down",
      },
      {
        type: "years",
        number_of_days: 365.25,
        limit: null,
        rounding_interval: 1,
        rounding_method: "down",
      },
    ]);
  });

  it("encodes the §3.2 fallback rule", () => {
    expect(FALLBACK_AGE_FORMAT).toEqual({
      type: "years",
      number_of_days: 365.25,
      limit: null,
      rounding_interval: 1,
      rounding_method: "down",
    });
  });

  it("cannot be mutated by a consumer", () => {
    expect(Object.isFrozen(DEFAULT_AGE_FORMATS)).toBe(true);
    expect(DEFAULT_AGE_FORMATS.every((rule) => Object.isFrozen(rule))).toBe(true);
    expect(Object.isFrozen(FALLBACK_AGE_FORMAT)).toBe(true);
  });
});

describe("formatAge with the default rules: every boundary", () => {
  it.each([
    // [label, whole days since birth, local time, expected]
    ["newborn", 0, "00:00:00", { type: "days", value: 0 }],
    ["newborn late in the day", 0, "23:59:59", { type: "days", value: 0 }],
    ["29 days", 29, "00:00:00", { type: "days", value: 29 }],
    ["29 days and 23 hours", 29, "23:00:00", { type: "days", value: 29 }],
    ["30 days: days limit reached → weeks", 30, "00:00:00", { type: "weeks", value: 4 }],
    ["83 days (11.86 weeks)", 83, "00:00:00", { type: "weeks", value: 11 }],
    ["12 weeks: weeks limit reached → months", 84, "00:00:00", { type: "months", value: 2.5 }],
    ["1065 days (34.99 months)", 1065, "00:00:00", { type: "months", value: 34.5 }],
    ["35 months (1066 days = 35.02 months)", 1066, "00:00:00", { type: "months", value: 35 }],
    ["35.5 months (1081 days)", 1081, "00:00:00", { type: "months", value: 35.5 }],
    ["1095 days (35.98 months)", 1095, "00:00:00", { type: "months", value: 35.5 }],
    ["36 months exactly (1095.75 days) → years", 1095, "18:00:00", { type: "years", value: 3 }],
    ["1096 days", 1096, "00:00:00", { type: "years", value: 3 }],
    ["6391 days (17.498 years)", 6391, "00:00:00", { type: "years", value: 17 }],
    ["17.5 years (6392 days = 17.5003 years)", 6392, "00:00:00", { type: "years", value: 17.5 }],
    ["6574 days (17.9986 years)", 6574, "00:00:00", { type: "years", value: 17.5 }],
    ["18 years exactly (6574.5 days) → last rule", 6574, "12:00:00", { type: "years", value: 18 }],
    ["6575 days", 6575, "00:00:00", { type: "years", value: 18 }],
    ["40 years minus a day", 14609, "00:00:00", { type: "years", value: 39 }],
    ["40 years (14610 days)", 14610, "00:00:00", { type: "years", value: 40 }],
  ] as const)("%s", (_label, days, time, expected) => {
    expect(formatAge(BIRTH, aged(days, time))).toEqual(expected);
  });

  it("compares the value before rounding with the limit", () => {
    // 29.9 days rounds down to 29 but stays in the days rule; 30.0 days leaves it.
    expect(formatAge(BIRTH, aged(29, "21:36:00"))).toEqual({ type: "days", value: 29 });
    expect(formatAge(BIRTH, aged(30, "00:00:00"))).toEqual({ type: "weeks", value: 4 });
  });

  it("uses calendar dates and Brussels time by default", () => {
    expect(formatAge("2024-01-15", brussels("2024-02-10", "10:00"))).toEqual({
      type: "days",
      value: 26,
    });
    expect(formatAge("2000-01-01", new Date("2018-01-01T00:00:00+01:00"))).toEqual({
      type: "years",
      value: 18,
    });
  });

  it("documents the fixed-length-year artefact near a calendar birthday", () => {
    // 2001-01-01 → 2019-01-01 is 6574 days (4 leap days), 17.998 years of 365.25 days.
    expect(formatAge("2001-01-01", brussels("2019-01-01"))).toEqual({ type: "years", value: 17.5 });
    expect(ageInYears("2001-01-01", brussels("2019-01-01"))).toBe(18);
  });
});

describe("roundToInterval", () => {
  it.each([
    [2.74, 0.5, "down", 2.5],
    [2.74, 0.5, "up", 3],
    [2.74, 0.5, "nearest", 2.5],
    [2.75, 0.5, "nearest", 3],
    [2.76, 0.5, "down", 2.5],
    [2.76, 0.5, "nearest", 3],
    [2.2, 1, "down", 2],
    [2.2, 1, "up", 3],
    [2.2, 1, "nearest", 2],
    [2.5, 1, "nearest", 3],
    [2.7, 1, "nearest", 3],
    [3, 0.5, "down", 3],
    [3, 0.5, "up", 3],
    [3, 1, "up", 3],
    [0, 0.5, "up", 0],
    [0, 1, "nearest", 0],
    [0.3, 0.1, "down", 0.3],
    [0.7, 0.1, "up", 0.7],
    [10, 2.5, "down", 10],
    [11, 2.5, "nearest", 10],
    [11.25, 2.5, "nearest", 12.5],
  ] as const)("%d to %d, %s → %d", (value, interval, method, expected) => {
    expect(roundToInterval(value, interval, method)).toBe(expected);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    "leaves the value unrounded for an interval of %d",
    (interval) => {
      expect(roundToInterval(2.34, interval, "down")).toBe(2.34);
    },
  );

  it("absorbs floating-point noise of exact multiples", () => {
    // 1/24 of a day divided back by 1/24 is not exactly 1 in binary floating point.
    expect(roundToInterval(1 / 24 / (1 / 24), 1, "up")).toBe(1);
    expect(roundToInterval((0.1 + 0.2) / 0.1, 1, "up")).toBe(3);
  });
});

describe("formatAge with custom rules", () => {
  const only = (method: AgeFormatRule["rounding_method"], interval: number): AgeFormatRule[] => [
    {
      type: "days",
      number_of_days: 1,
      limit: null,
      rounding_interval: interval,
      rounding_method: method,
    },
  ];

  it.each([
    ["down", 1, "12:00:00", 10],
    ["up", 1, "12:00:00", 11],
    ["nearest", 1, "12:00:00", 11],
    ["nearest", 1, "11:00:00", 10],
    ["down", 0.5, "18:00:00", 10.5],
    ["up", 0.5, "06:00:00", 10.5],
    ["nearest", 0.5, "06:00:00", 10.5],
    ["nearest", 0.5, "05:00:00", 10],
    ["up", 1, "00:00:00", 10],
  ] as const)(
    "rounding %s with interval %d at 10 days %s → %d",
    (method, interval, time, value) => {
      expect(formatAge("2024-01-01", brussels("2024-01-11", time), only(method, interval))).toEqual(
        {
          type: "days",
          value,
        },
      );
    },
  );

  it("rounding up can reach the limit value without changing rule", () => {
    const rules: AgeFormatRule[] = [
      { type: "days", number_of_days: 1, limit: 30, rounding_interval: 1, rounding_method: "up" },
    ];
    expect(formatAge("2024-01-01", brussels("2024-01-30", "12:00"), rules)).toEqual({
      type: "days",
      value: 30,
    });
  });

  it("reads limits in the rule's own unit", () => {
    const rules: AgeFormatRule[] = [
      { type: "weeks", number_of_days: 7, limit: 2, rounding_interval: 1, rounding_method: "down" },
      {
        type: "days",
        number_of_days: 1,
        limit: null,
        rounding_interval: 1,
        rounding_method: "down",
      },
    ];
    expect(formatAge("2024-01-01", brussels("2024-01-14"), rules)).toEqual({
      type: "weeks",
      value: 1,
    });
    expect(formatAge("2024-01-01", brussels("2024-01-15"), rules)).toEqual({
      type: "days",
      value: 14,
    });
  });

  it("applies the rules in list order, first match wins", () => {
    const rules: AgeFormatRule[] = [
      {
        type: "years",
        number_of_days: 365.25,
        limit: null,
        rounding_interval: 1,
        rounding_method: "down",
      },
      { type: "days", number_of_days: 1, limit: 30, rounding_interval: 1, rounding_method: "down" },
    ];
    expect(formatAge("2024-01-01", brussels("2024-01-11"), rules)).toEqual({
      type: "years",
      value: 0,
    });
  });

  it("supports seconds, minutes and hours as fractions of a day", () => {
    const rules: AgeFormatRule[] = [
      {
        type: "seconds",
        number_of_days: 1 / 86_400,
        limit: 60,
        rounding_interval: 1,
        rounding_method: "down",
      },
      {
        type: "minutes",
        number_of_days: 1 / 1_440,
        limit: 60,
        rounding_interval: 1,
        rounding_method: "down",
      },
      {
        type: "hours",
        number_of_days: 1 / 24,
        limit: 48,
        rounding_interval: 1,
        rounding_method: "down",
      },
      ...DEFAULT_AGE_FORMATS,
    ];
    const born = "2024-01-10";
    expect(formatAge(born, brussels(born, "00:00:30"), rules)).toEqual({
      type: "seconds",
      value: 30,
    });
    expect(formatAge(born, brussels(born, "00:10:30"), rules)).toEqual({
      type: "minutes",
      value: 10,
    });
    expect(formatAge(born, brussels(born, "01:00:00"), rules)).toEqual({ type: "hours", value: 1 });
    expect(formatAge(born, brussels("2024-01-11", "05:59:59"), rules)).toEqual({
      type: "hours",
      value: 29,
    });
    expect(formatAge(born, brussels("2024-01-12", "00:00:00"), rules)).toEqual({
      type: "days",
      value: 2,
    });
  });

  it("counts seconds exactly despite floating point", () => {
    const rules: AgeFormatRule[] = [
      {
        type: "seconds",
        number_of_days: 1 / 86_400,
        limit: null,
        rounding_interval: 1,
        rounding_method: "up",
      },
    ];
    expect(formatAge("2024-01-10", brussels("2024-01-10", "00:10:30"), rules)).toEqual({
      type: "seconds",
      value: 630,
    });
  });

  it("skips a rule whose number_of_days is not a positive number", () => {
    const rules: AgeFormatRule[] = [
      {
        type: "weeks",
        number_of_days: 0,
        limit: null,
        rounding_interval: 1,
        rounding_method: "down",
      },
      {
        type: "weeks",
        number_of_days: -7,
        limit: null,
        rounding_interval: 1,
        rounding_method: "down",
      },
      {
        type: "days",
        number_of_days: 1,
        limit: null,
        rounding_interval: 1,
        rounding_method: "down",
      },
    ];
    expect(formatAge("2024-01-01", brussels("2024-01-11"), rules)).toEqual({
      type: "days",
      value: 10,
    });
  });

  it("does not round when the interval is not positive", () => {
    const rules: AgeFormatRule[] = [
      {
        type: "days",
        number_of_days: 1,
        limit: null,
        rounding_interval: 0,
        rounding_method: "down",
      },
    ];
    expect(formatAge("2024-01-01", brussels("2024-01-11", "06:00"), rules)).toEqual({
      type: "days",
      value: 10.25,
    });
  });
});

describe("formatAge fallback", () => {
  const daysOnly: AgeFormatRule[] = [
    { type: "days", number_of_days: 1, limit: 30, rounding_interval: 1, rounding_method: "down" },
  ];

  it("uses whole years rounded down when no rule matches", () => {
    expect(formatAge("2024-01-01", brussels("2024-04-10"), daysOnly)).toEqual({
      type: "years",
      value: 0,
    });
    expect(formatAge("2020-01-01", brussels("2022-09-27"), daysOnly)).toEqual({
      type: "years",
      value: 2,
    });
  });

  it("uses the fallback for an empty rule list", () => {
    expect(formatAge("2000-01-01", brussels("2018-06-30"), [])).toEqual({
      type: "years",
      value: 18,
    });
    expect(formatAge("2024-01-01", brussels("2024-01-05"), [])).toEqual({
      type: "years",
      value: 0,
    });
  });

  it("still matches a rule when it is the only one", () => {
    expect(formatAge("2024-01-01", brussels("2024-01-10"), daysOnly)).toEqual({
      type: "days",
      value: 9,
    });
  });
});

describe("formatAge with a birthdate in the future", () => {
  it.each([
    ["default rules", DEFAULT_AGE_FORMATS, { type: "days", value: 0 }],
    [
      "first rule in hours",
      [
        {
          type: "hours",
          number_of_days: 1 / 24,
          limit: 24,
          rounding_interval: 1,
          rounding_method: "down",
        },
      ],
      { type: "hours", value: 0 },
    ],
    ["empty list", [], { type: "years", value: 0 }],
  ] as const)("%s → value 0 of the first rule type", (_label, rules, expected) => {
    expect(formatAge("2024-06-16", brussels("2024-06-15", "23:59:59"), rules)).toEqual(expected);
    expect(formatAge("2030-01-01", brussels("2024-06-15"), rules)).toEqual(expected);
  });

  it("is not in the future on the birth day itself", () => {
    expect(formatAge("2024-06-15", brussels("2024-06-15", "00:00:00"))).toEqual({
      type: "days",
      value: 0,
    });
  });
});

describe("leap years", () => {
  it.each([
    ["2021-02-28", 0],
    ["2021-03-01", 1],
    ["2022-02-28", 1],
    ["2022-03-01", 2],
    ["2024-02-28", 3],
    ["2024-02-29", 4],
    ["2024-03-01", 4],
  ])("on %s someone born 2020-02-29 is %d", (date, years) => {
    expect(ageInYears("2020-02-29", brussels(date, "12:00"))).toBe(years);
  });

  it("counts 29 February in day-based ages", () => {
    expect(formatAge("2024-02-01", brussels("2024-03-01"))).toEqual({ type: "days", value: 29 });
    expect(formatAge("2023-02-01", brussels("2023-03-01"))).toEqual({ type: "days", value: 28 });
    expect(formatAge("2020-02-29", brussels("2020-03-30"))).toEqual({ type: "weeks", value: 4 });
  });

  it("accepts 29 February only in leap years", () => {
    expect(parseBirthdate("2000-02-29")).toEqual({ year: 2000, month: 2, day: 29 });
    expect(() => parseBirthdate("1900-02-29")).toThrow(RangeError);
    expect(() => parseBirthdate("2021-02-29")).toThrow(RangeError);
  });
});

describe("time zones", () => {
  // 2024-07-13 22:30 UTC is already 2024-07-14 00:30 in Brussels (UTC+2 in summer).
  const at = new Date("2024-07-13T22:30:00Z");

  it("reaches a birthday in Brussels before UTC", () => {
    expect(ageInYears("2006-07-14", at)).toBe(18);
    expect(ageInYears("2006-07-14", at, BRUSSELS)).toBe(18);
    expect(ageInYears("2006-07-14", at, "UTC")).toBe(17);
    expect(ageInYears("2006-07-14", new Date("2024-07-14T02:00:00Z"), "America/New_York")).toBe(17);
  });

  it("counts days in the organiser's time zone", () => {
    expect(formatAge("2024-06-14", at)).toEqual({ type: "weeks", value: 4 });
    expect(formatAge("2024-06-14", at, DEFAULT_AGE_FORMATS, "UTC")).toEqual({
      type: "days",
      value: 29,
    });
    expect(formatAge("2024-07-14", at, DEFAULT_AGE_FORMATS, "UTC")).toEqual({
      type: "days",
      value: 0,
    });
  });

  it("keeps the elapsed part of a DST day in [0, 1)", () => {
    // 2024-03-31 lasts 23 hours in Brussels, 2024-10-27 lasts 25 hours.
    expect(ageInDays("2024-03-31", brussels("2024-03-31", "12:00"))).toBeCloseTo(11 / 23, 10);
    expect(ageInDays("2024-10-27", new Date("2024-10-27T23:30:00+01:00"))).toBeCloseTo(
      24.5 / 25,
      10,
    );
    expect(ageInDays("2024-10-27", brussels("2024-10-28"))).toBe(1);
    expect(ageInDays("2024-03-30", brussels("2024-04-01"))).toBe(2);
  });
});

describe("ageInYears", () => {
  it.each([
    ["2000-06-15", "2018-06-14", 17],
    ["2000-06-15", "2018-06-15", 18],
    ["2000-06-15", "2018-12-31", 18],
    ["2000-12-31", "2001-01-01", 0],
    ["2000-01-01", "2000-01-01", 0],
    ["2030-01-01", "2024-01-01", 0],
  ])("born %s, on %s → %d", (birthdate, date, years) => {
    expect(ageInYears(birthdate, brussels(date, "12:00"))).toBe(years);
  });
});

describe("invalid input", () => {
  it.each([
    "",
    "2020-1-01",
    "2020-01-1",
    "20-01-01",
    "2020-13-01",
    "2020-00-10",
    "2020-04-31",
    "2020-01-01T00:00:00Z",
    "garbage",
  ])("rejects the birthdate %j", (birthdate) => {
    expect(() => formatAge(birthdate, new Date())).toThrow(RangeError);
    expect(() => ageInYears(birthdate, new Date())).toThrow(RangeError);
  });

  it("rejects an invalid instant", () => {
    expect(() => formatAge("2020-01-01", new Date(Number.NaN))).toThrow(RangeError);
    expect(() => ageInYears("2020-01-01", new Date("nope"))).toThrow(RangeError);
  });

  it("rejects an unknown time zone", () => {
    expect(() => formatAge("2020-01-01", new Date(), DEFAULT_AGE_FORMATS, "Mars/Olympus")).toThrow(
      RangeError,
    );
  });
});

describe("properties", () => {
  const birthdate = fc
    .date({
      min: new Date("1900-01-01T00:00:00Z"),
      max: new Date("2100-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));
  const instant = fc.date({
    min: new Date("1900-01-01T00:00:00Z"),
    max: new Date("2100-12-31T23:59:59Z"),
    noInvalidDate: true,
  });

  it("formatAge with the defaults is never negative and lands on the rule's interval", () => {
    fc.assert(
      fc.property(birthdate, instant, (born, at) => {
        const { type, value } = formatAge(born, at);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(value)).toBe(true);
        const step = type === "months" || (type === "years" && value < 18) ? 0.5 : 1;
        expect(Number.isInteger(value / step)).toBe(true);
      }),
    );
  });

  it("ageInYears never decreases as time passes", () => {
    fc.assert(
      fc.property(birthdate, instant, instant, (born, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(ageInYears(born, early)).toBeLessThanOrEqual(ageInYears(born, late));
      }),
    );
  });
});

describe("ageEligibility: exact age on the first date, whole years, both limits inclusive", () => {
  const NINE_TO_FOURTEEN = { minimum: 9, maximum: 14 };
  // A camp whose first date starts on 2026-07-06 at 09:00 in Brussels.
  const camp = brussels("2026-07-06", "09:00");

  it.each([
    ["7 years old", "2019-03-01", "too_young"],
    ["the day before the 9th birthday", "2017-07-07", "too_young"],
    ["on the 9th birthday", "2017-07-06", "eligible"],
    ["12 years old", "2014-01-15", "eligible"],
    ["the day before the 15th birthday (still 14)", "2011-07-07", "eligible"],
    ["on the 15th birthday", "2011-07-06", "too_old"],
    ["30 years old", "1996-05-05", "too_old"],
    ["not born yet", "2027-01-01", "too_young"],
  ] as const)("%s (%s): %s", (_name, birthdate, expected) => {
    expect(ageEligibility(birthdate, NINE_TO_FOURTEEN, camp, BRUSSELS)).toBe(expected);
  });

  it("is never the rounded display age: 8 years 11 months shows 8.5 and is refused from 9", () => {
    const birthdate = "2017-08-06";
    expect(formatAge(birthdate, camp, DEFAULT_AGE_FORMATS, BRUSSELS)).toEqual({
      type: "years",
      value: 8.5,
    });
    expect(ageEligibility(birthdate, { minimum: 9, maximum: null }, camp, BRUSSELS)).toBe(
      "too_young",
    );
  });

  it("counts a 29 February birthday on 1 March in common years", () => {
    const limits = { minimum: 9, maximum: null };
    const onFeb28 = brussels("2029-02-28", "10:00");
    const onMarch1 = brussels("2029-03-01", "10:00");
    expect(ageEligibility("2020-02-29", limits, onFeb28, BRUSSELS)).toBe("too_young");
    expect(ageEligibility("2020-02-29", limits, onMarch1, BRUSSELS)).toBe("eligible");
    // ... and still leaves "up to 8" on that same 1 March.
    expect(ageEligibility("2020-02-29", { minimum: null, maximum: 8 }, onFeb28, BRUSSELS)).toBe(
      "eligible",
    );
    expect(ageEligibility("2020-02-29", { minimum: null, maximum: 8 }, onMarch1, BRUSSELS)).toBe(
      "too_old",
    );
  });

  it("takes the birthday at local midnight in the organiser's zone", () => {
    // 2026-07-05 23:30 UTC is already the 6th in Brussels (summer time, UTC+2).
    const lateEvening = new Date("2026-07-05T23:30:00Z");
    expect(ageEligibility("2017-07-06", NINE_TO_FOURTEEN, lateEvening, BRUSSELS)).toBe("eligible");
    expect(ageEligibility("2017-07-06", NINE_TO_FOURTEEN, lateEvening, "UTC")).toBe("too_young");
  });

  it("admits everyone without limits and refuses an unknown birthdate with limits", () => {
    const none = { minimum: null, maximum: null };
    expect(ageEligibility(null, none, camp, BRUSSELS)).toBe("eligible");
    expect(ageEligibility("2025-01-01", none, camp, BRUSSELS)).toBe("eligible");
    expect(ageEligibility(null, NINE_TO_FOURTEEN, camp, BRUSSELS)).toBe("birthdate_unknown");
  });

  it("agrees with whole completed years within the limits (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 * 366 }),
        fc.option(fc.integer({ min: 0, max: 20 })),
        fc.option(fc.integer({ min: 0, max: 20 })),
        (days, minimum, maximum) => {
          const birthdate = plusDays("2026-07-06", -days);
          const limits = { minimum, maximum };
          const years = ageInYears(birthdate, camp, BRUSSELS);
          const result = ageEligibility(birthdate, limits, camp, BRUSSELS);
          expect(result === "eligible").toBe(
            (minimum === null && maximum === null) || isAgeWithinLimits(years, limits),
          );
        },
      ),
    );
  });
});
