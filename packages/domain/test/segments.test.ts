import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageInYears } from "../src/ages.ts";
import {
  birthdateBounds,
  hasParticipantConditions,
  normaliseConditions,
  segmentConditionErrors,
  splitConditions,
  yearsBefore,
} from "../src/segments.ts";

describe("segment conditions", () => {
  it("normalises to one stored shape: empty lists and open ranges dropped, lists sorted", () => {
    expect(
      normaliseConditions({
        activities: { cuids: ["b", "a", "b", " "], from: "2026-01-01" },
        age: { min: null, max: null },
        memberships: [],
        custom_fields: [
          { field: "f2", values: ["x"] },
          { field: "f1", values: ["z", "y"] },
          { field: "f2", values: ["w", "x"] },
          { field: "f3", values: [] },
        ],
        newsletter: true,
      }),
    ).toEqual({
      activities: { cuids: ["a", "b"], from: "2026-01-01", to: null },
      custom_fields: [
        { field: "f1", values: ["y", "z"] },
        { field: "f2", values: ["w", "x"] },
      ],
      newsletter: true,
    });
    expect(normaliseConditions({ activities: { cuids: [] }, newsletter: null })).toEqual({});
  });

  it("refuses ranges the wrong way round", () => {
    expect(segmentConditionErrors({ age: { min: 12, max: 6 } })).toEqual([
      { path: "age", code: "AGE_RANGE_INVALID" },
    ]);
    expect(
      segmentConditionErrors({
        activities: { cuids: ["a"], from: "2026-06-01", to: "2026-05-31" },
      }),
    ).toEqual([{ path: "activities", code: "PERIOD_INVALID" }]);
    expect(
      segmentConditionErrors({ age: { min: 6, max: 6 }, activities: { cuids: ["a"] } }),
    ).toEqual([]);
  });

  it("splits conditions between the customer and one participant, by the field's entity", () => {
    const split = splitConditions(
      {
        activities: { cuids: ["a"] },
        memberships: ["m"],
        newsletter: false,
        custom_fields: [
          { field: "shoe", values: ["38"] },
          { field: "town", values: ["Lyon"] },
          { field: "gone", values: ["?"] },
        ],
      },
      (cuid) => (cuid === "shoe" ? "PARTICIPANTS" : cuid === "town" ? "CUSTOMERS" : null),
    );
    expect(split.customer).toEqual({
      memberships: ["m"],
      newsletter: false,
      custom_fields: [{ field: "town", values: ["Lyon"] }],
    });
    expect(split.participant.custom_fields).toEqual([{ field: "shoe", values: ["38"] }]);
    expect(split.unknownFields).toEqual(["gone"]);
    expect(hasParticipantConditions(split.participant)).toBe(true);
    expect(
      hasParticipantConditions({ activities: null, age: { min: null }, custom_fields: [] }),
    ).toBe(false);
  });
});

describe("age ranges as birthdates", () => {
  it("subtracts years, 29 February falling on 28 February in a common year", () => {
    expect(yearsBefore("2026-11-27", 6)).toBe("2020-11-27");
    expect(yearsBefore("2028-02-29", 1)).toBe("2027-02-28");
    expect(yearsBefore("2028-02-29", 4)).toBe("2024-02-29");
  });

  it("bounds the birthdates of the people aged between min and max, inclusive", () => {
    expect(birthdateBounds({ min: 6, max: 10 }, "2026-11-27")).toEqual({
      bornOnOrBefore: "2020-11-27",
      bornAfter: "2015-11-27",
    });
    expect(birthdateBounds({ min: null, max: 3 }, "2026-11-27")).toEqual({
      bornOnOrBefore: null,
      bornAfter: "2022-11-27",
    });
  });

  it("agrees with ageInYears for any birthdate, day and range", () => {
    const day = fc
      .date({
        min: new Date("1990-01-01T12:00:00Z"),
        max: new Date("2040-12-31T12:00:00Z"),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, fc.nat(20), fc.nat(20), (birth, today, a, b) => {
        fc.pre(birth <= today);
        const [min, max] = a <= b ? [a, b] : [b, a];
        const { bornOnOrBefore, bornAfter } = birthdateBounds({ min, max }, today);
        const inRange = birth <= bornOnOrBefore! && birth > bornAfter!;
        const age = ageInYears(birth, new Date(`${today}T12:00:00Z`), "UTC");
        expect(inRange).toBe(age >= min && age <= max);
      }),
      { numRuns: 2000 },
    );
  });
});
