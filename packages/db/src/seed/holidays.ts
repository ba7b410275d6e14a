import { workingDays } from "./schedule.ts";
import {
  addDays,
  type CalendarDate,
  daysBetween,
  earlierOf,
  easterSunday,
  nextWeekday,
  weekday,
} from "./time.ts";

// School holidays and public holidays for the demo organisers' calendar periods and camps.

export type SchoolHoliday<K extends string = string> = {
  key: K;
  name: string;
  startDate: CalendarDate;
  /** Last day, included. */
  endDate: CalendarDate;
};

export type BelgianHolidayKey = "toussaint" | "noel" | "carnaval" | "paques" | "ete";

/**
 * Fédération Wallonie-Bruxelles (French-speaking schools), school year 2026-2027, as published.
 * The autumn holidays come first: a seed run after them still shows them as a past period.
 */
export const BELGIAN_SCHOOL_HOLIDAYS_2026_2027: SchoolHoliday<BelgianHolidayKey>[] = [
  {
    key: "toussaint",
    name: "Congé d'automne (Toussaint)",
    startDate: "2026-10-19",
    endDate: "2026-10-30",
  },
  { key: "noel", name: "Vacances d'hiver (Noël)", startDate: "2026-12-21", endDate: "2027-01-01" },
  {
    key: "carnaval",
    name: "Congé de détente (Carnaval)",
    startDate: "2027-02-15",
    endDate: "2027-02-26",
  },
  {
    key: "paques",
    name: "Vacances de printemps (Pâques)",
    startDate: "2027-04-26",
    endDate: "2027-05-07",
  },
  { key: "ete", name: "Vacances d'été", startDate: "2027-07-03", endDate: "2027-08-27" },
];

export type EnglishHolidayKey =
  | "autumn-half-term"
  | "christmas"
  | "february-half-term"
  | "easter"
  | "may-half-term"
  | "summer";

/** England, school year 2026-2027: the usual dates of London boroughs (they vary slightly). */
export const ENGLISH_SCHOOL_HOLIDAYS_2026_2027: SchoolHoliday<EnglishHolidayKey>[] = [
  {
    key: "autumn-half-term",
    name: "Autumn half-term",
    startDate: "2026-10-26",
    endDate: "2026-10-30",
  },
  { key: "christmas", name: "Christmas holidays", startDate: "2026-12-21", endDate: "2027-01-01" },
  {
    key: "february-half-term",
    name: "February half-term",
    startDate: "2027-02-15",
    endDate: "2027-02-19",
  },
  { key: "easter", name: "Easter holidays", startDate: "2027-03-29", endDate: "2027-04-09" },
  { key: "may-half-term", name: "May half-term", startDate: "2027-05-31", endDate: "2027-06-04" },
  { key: "summer", name: "Summer holidays", startDate: "2027-07-22", endDate: "2027-08-31" },
];

/**
 * Days of the summer holidays after which the demo shows the next school year: its summer camps
 * (the first weeks of the holidays) are then over, and the demo's summer pages would be empty.
 */
export const SUMMER_DAYS_SHOWN = 14;

/**
 * The school year of `periods` that the demo shows on `today`: the published one, or, once its
 * summer (the last period) is SUMMER_DAYS_SHOWN days old, the same dates moved by whole weeks (so
 * weekdays stay) to the year whose summer camps are still to come. Approximate for later years,
 * which is all a demo needs.
 */
export function currentSchoolYear<K extends string>(
  periods: SchoolHoliday<K>[],
  today: CalendarDate,
): SchoolHoliday<K>[] {
  const last = periods.at(-1);
  if (!last) return [];
  let years = 0;
  let shift = 0;
  while (addDays(last.startDate, shift + SUMMER_DAYS_SHOWN) < today) {
    years++;
    shift = 7 * Math.round((365.2425 * years) / 7);
  }
  return periods.map((period) => ({
    ...period,
    startDate: addDays(period.startDate, shift),
    endDate: addDays(period.endDate, shift),
  }));
}

/** Belgian public holidays of `year`: no camp runs on them. */
export function belgianPublicHolidays(year: number): CalendarDate[] {
  const easter = easterSunday(year);
  return [
    `${year}-01-01`,
    addDays(easter, 1), // Easter Monday
    `${year}-05-01`,
    addDays(easter, 39), // Ascension
    addDays(easter, 50), // Whit Monday
    `${year}-07-21`,
    `${year}-08-15`,
    `${year}-11-01`,
    `${year}-11-11`,
    `${year}-12-25`,
  ];
}

/** Bank holidays in England of `year`, with the Monday substitutes of weekend ones. */
export function englishBankHolidays(year: number): CalendarDate[] {
  const easter = easterSunday(year);
  const firstMonday = (month: string) => nextWeekday(`${year}-${month}-01`, 1);
  const lastMonday = (month: string, days: number) => {
    const last = `${year}-${month}-${days}`;
    return addDays(last, -((weekday(last) + 6) % 7));
  };
  const holidays = new Set<CalendarDate>([
    addDays(easter, -2), // Good Friday
    addDays(easter, 1), // Easter Monday
    firstMonday("05"),
    lastMonday("05", 31),
    lastMonday("08", 31),
  ]);
  for (const date of [`${year}-01-01`, `${year}-12-25`, `${year}-12-26`]) {
    let day = date;
    while (weekday(day) > 5 || holidays.has(day)) day = addDays(day, 1);
    holidays.add(day);
  }
  return [...holidays].sort();
}

/**
 * The working days of week `week` (0 = the first Monday on or after the start) of a holiday
 * period, within it and without public holidays: the days of a camp.
 */
export function holidayWeek(
  period: SchoolHoliday,
  week: number,
  closed: ReadonlySet<CalendarDate>,
): CalendarDate[] {
  const monday = addDays(nextWeekday(period.startDate, 1), week * 7);
  if (daysBetween(monday, period.endDate) < 0) {
    throw new Error(`${period.name} has no week ${week}`);
  }
  const friday = addDays(monday, 4);
  return workingDays(monday, earlierOf(friday, period.endDate), closed);
}
