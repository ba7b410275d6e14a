import { describe, expect, it } from "vitest";
import { birthYears } from "../app/components/calendar/days";

describe("birthYears (the birthdate's year list)", () => {
  it("runs from this year back 100 years, newest first, never into the future", () => {
    const years = birthYears("2026-11-27");
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1926);
    expect(years).toHaveLength(101);
    expect(Math.max(...years)).toBe(2026);
  });

  it("follows the organiser's day", () => {
    expect(birthYears("2027-01-01")[0]).toBe(2027);
  });
});
