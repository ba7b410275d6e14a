import { describe, expect, it } from "vitest";
import {
  type ConstrainedRegistration,
  checkRegistrationConstraints,
  type RegistrationConstraint,
  type RegistrationConstraintKind,
} from "../src/index.ts";

const zone = "Europe/Brussels";
const now = new Date("2027-06-01T08:00:00Z");

function constraint(
  kind: RegistrationConstraintKind,
  value: number,
  extra: Partial<RegistrationConstraint> = {},
): RegistrationConstraint {
  return {
    id: 1,
    kind,
    value,
    scope: null,
    period: { start: null, end: null },
    optional: false,
    ...extra,
  };
}

let counter = 0;
function registration(
  dates: string[],
  extra: Partial<ConstrainedRegistration> = {},
): ConstrainedRegistration {
  counter += 1;
  return {
    key: `r${counter}`,
    participantId: 1,
    locationId: null,
    dates,
    candidate: true,
    ...extra,
  };
}

const check = (
  constraints: RegistrationConstraint[],
  registrations: ConstrainedRegistration[],
  stage: "add" | "checkout" = "checkout",
  periods: Array<{ id: number; start: string; end: string }> = [],
) =>
  checkRegistrationConstraints({ constraints, registrations, stage, now, timeZone: zone, periods });

const july = { start: "2027-07-01", end: "2027-07-31" };

describe("registrations.count.maximum", () => {
  const atMostTwoInJuly = constraint("registrations.count.maximum", 2, { period: july });

  it("accepts up to the value within the period and refuses one more", () => {
    const camps = [
      registration(["2027-07-05T07:00:00Z", "2027-07-06T07:00:00Z"], { candidate: false }),
      registration(["2027-07-12T07:00:00Z"]),
    ];
    expect(check([atMostTwoInJuly], camps)).toEqual([]);
    const third = registration(["2027-07-19T07:00:00Z"]);
    const [violation, ...rest] = check([atMostTwoInJuly], [...camps, third]);
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({
      participantId: 1,
      group: null,
      measure: 3,
      blocking: true,
      candidates: [camps[1]!.key, third.key],
    });
  });

  it("does not count registrations outside the period, bounds included", () => {
    const registrations = [
      registration(["2027-06-30T21:59:00Z"]), // 23:59 on 30 June in Brussels
      registration(["2027-06-30T22:00:00Z"]), // 00:00 on 1 July
      registration(["2027-07-31T21:00:00Z"]), // 23:00 on 31 July
      registration(["2027-07-31T22:00:00Z"]), // 00:00 on 1 August
    ];
    expect(check([atMostTwoInJuly], registrations)).toEqual([]);
    expect(
      check([atMostTwoInJuly], [...registrations, registration(["2027-07-15T08:00:00Z"])])[0]
        ?.measure,
    ).toBe(3);
  });

  it("counts per participant", () => {
    const atMostOne = constraint("registrations.count.maximum", 1);
    const registrations = [
      registration(["2027-07-05T07:00:00Z"], { participantId: 1 }),
      registration(["2027-07-05T07:00:00Z"], { participantId: 2 }),
    ];
    expect(check([atMostOne], registrations)).toEqual([]);
  });

  it("never judges a group without a candidate: confirmed registrations alone do not block", () => {
    const atMostOnePerDay = constraint("registrations.count.maximum", 1, { scope: "same.date" });
    const registrations = [
      registration(["2027-07-05T07:00:00Z"], { candidate: false }),
      registration(["2027-07-05T13:00:00Z"], { candidate: false }),
      registration(["2027-07-06T07:00:00Z"]),
    ];
    expect(check([atMostOnePerDay], registrations)).toEqual([]);
  });

  it("is judged at add as at checkout", () => {
    const atMostOne = constraint("registrations.count.maximum", 1);
    const registrations = [registration(["2027-07-05T07:00:00Z"]), registration([])];
    expect(check([atMostOne], registrations, "add")).toEqual([]);
    registrations.push(registration(["2027-08-05T07:00:00Z"]));
    expect(check([atMostOne], registrations, "add")).toHaveLength(1);
  });
});

describe("scopes", () => {
  it("same.date groups by the organiser's local day", () => {
    const oneADay = constraint("registrations.count.maximum", 1, { scope: "same.date" });
    // 23:30 UTC on 5 July is 01:30 on 6 July in Brussels.
    const late = registration(["2027-07-05T23:30:00Z"]);
    const nextMorning = registration(["2027-07-06T08:00:00Z"]);
    const [violation] = check([oneADay], [late, nextMorning]);
    expect(violation).toMatchObject({ group: "2027-07-06", measure: 2 });
    expect(check([oneADay], [registration(["2027-07-05T20:00:00Z"]), nextMorning])).toEqual([]);
  });

  it("same.time groups by local day and start time", () => {
    const oneAtATime = constraint("registrations.count.maximum", 1, { scope: "same.time" });
    const nine = registration(["2027-07-05T07:00:00Z"]);
    const alsoNine = registration(["2027-07-05T07:00:00Z"]);
    const ten = registration(["2027-07-05T08:00:00Z"]);
    expect(check([oneAtATime], [nine, ten])).toEqual([]);
    expect(check([oneAtATime], [nine, alsoNine, ten])).toMatchObject([
      { group: "2027-07-05T09:00", measure: 2 },
    ]);
  });

  it("same.weekday counts per ISO weekday, each registration once per weekday", () => {
    const twoPerWeekday = constraint("registrations.count.maximum", 2, { scope: "same.weekday" });
    // Mondays 5, 12 and 19 July 2027 and a Tuesday.
    const weekly = registration([
      "2027-07-05T16:00:00Z",
      "2027-07-12T16:00:00Z",
      "2027-07-19T16:00:00Z",
    ]);
    const monday = registration(["2027-07-05T17:00:00Z"]);
    const tuesday = registration(["2027-07-06T16:00:00Z"]);
    expect(check([twoPerWeekday], [weekly, monday, tuesday])).toEqual([]);
    const another = registration(["2027-07-26T16:00:00Z"]);
    expect(check([twoPerWeekday], [weekly, monday, tuesday, another])).toMatchObject([
      { group: "1", measure: 3 },
    ]);
  });

  it("same.period groups by calendar period; dates outside every period count in none", () => {
    const onePerHolidays = constraint("registrations.count.maximum", 1, { scope: "same.period" });
    const periods = [
      { id: 7, start: "2027-07-01", end: "2027-08-31" },
      { id: 8, start: "2027-10-25", end: "2027-10-29" },
    ];
    const summer = registration(["2027-07-05T07:00:00Z"]);
    const autumn = registration(["2027-10-26T07:00:00Z"]);
    const school = [registration(["2027-09-06T07:00:00Z"]), registration(["2027-09-07T07:00:00Z"])];
    expect(check([onePerHolidays], [summer, autumn, ...school], "add", periods)).toEqual([]);
    const secondSummer = registration(["2027-08-30T07:00:00Z"]);
    expect(check([onePerHolidays], [summer, autumn, secondSummer], "add", periods)).toMatchObject([
      { group: "period:7", measure: 2 },
    ]);
  });

  it("future counts only dates starting after now", () => {
    const atMostOne = constraint("registrations.count.maximum", 1, { scope: "future" });
    const past = registration(["2027-05-01T07:00:00Z"], { candidate: false });
    const upcoming = registration(["2027-07-05T07:00:00Z"]);
    expect(check([atMostOne], [past, upcoming])).toEqual([]);
    expect(check([constraint("registrations.count.maximum", 1)], [past, upcoming])).toHaveLength(1);
  });
});

describe("minimum kinds", () => {
  const atLeastThree = constraint("registrations.count.minimum", 3);

  it("are not judged at add, only at checkout", () => {
    const one = [registration(["2027-07-05T07:00:00Z"])];
    expect(check([atLeastThree], one, "add")).toEqual([]);
    expect(check([atLeastThree], one, "checkout")).toMatchObject([{ measure: 1 }]);
  });

  it("count the confirmed registrations with the cart's", () => {
    const registrations = [
      registration(["2027-06-07T16:00:00Z"], { candidate: false }),
      registration(["2027-06-14T16:00:00Z"], { candidate: false }),
      registration(["2027-06-21T16:00:00Z"]),
    ];
    expect(check([atLeastThree], registrations)).toEqual([]);
  });

  it("judge each scoped group that holds a candidate", () => {
    const twoADay = constraint("registrations.count.minimum", 2, { scope: "same.date" });
    const registrations = [
      registration(["2027-07-05T07:00:00Z"]),
      registration(["2027-07-05T12:00:00Z"]),
      registration(["2027-07-06T07:00:00Z"]),
    ];
    expect(check([twoADay], registrations)).toMatchObject([{ group: "2027-07-06", measure: 1 }]);
  });
});

describe("locations.count", () => {
  it("counts distinct locations, never a registration without one", () => {
    const oneSite = constraint("locations.count.maximum", 1, { scope: "same.weekday" });
    const a = registration(["2027-07-05T07:00:00Z"], { locationId: 10 });
    const sameSite = registration(["2027-07-12T07:00:00Z"], { locationId: 10 });
    const nowhere = registration(["2027-07-12T09:00:00Z"], { locationId: null });
    expect(check([oneSite], [a, sameSite, nowhere])).toEqual([]);
    const otherSite = registration(["2027-07-19T07:00:00Z"], { locationId: 11 });
    expect(check([oneSite], [a, sameSite, otherSite])).toMatchObject([{ group: "1", measure: 2 }]);
  });

  it("minimum: at least two sites", () => {
    const twoSites = constraint("locations.count.minimum", 2);
    const a = registration(["2027-07-05T07:00:00Z"], { locationId: 10 });
    const b = registration(["2027-07-06T07:00:00Z"], { locationId: 11 });
    expect(check([twoSites], [a])).toMatchObject([{ measure: 1 }]);
    expect(check([twoSites], [a, b])).toEqual([]);
  });
});

describe("optional constraints", () => {
  it("are reported as advice, not blocking", () => {
    const advice = constraint("registrations.count.minimum", 2, { optional: true });
    expect(check([advice], [registration(["2027-07-05T07:00:00Z"])])).toMatchObject([
      { blocking: false },
    ]);
  });
});
