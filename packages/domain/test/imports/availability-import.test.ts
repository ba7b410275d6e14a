import { describe, expect, it } from "vitest";
import {
  guessAvailabilityMapping,
  parseImportTime,
  planAvailabilityImport,
  readAvailabilityRow,
} from "../../src/imports/index.ts";

const headers = ["Session", "ID activité", "Date", "Début", "Fin", "Places"];
const mapping = guessAvailabilityMapping(headers);
const context = { locations: [], timeZone: "Europe/Brussels" };
const read = (cells: string[], line = 2) =>
  readAvailabilityRow({ line, cells, headers, mapping }, context);
const row = (cells: string[], line = 2) => {
  const result = read(cells, line);
  if (!("row" in result)) throw new Error(JSON.stringify(result));
  return result.row;
};
const activities = [
  { id: 1, externalId: "A1", title: "Poney", price: 9000 },
  { id: 2, externalId: null, title: "Poney", price: 5000 },
];
const columnOf = (target: string) => target;

describe("availability files", () => {
  it("guesses the columns and reads times as people write them", () => {
    expect(mapping).toEqual([
      "availability.external_id",
      "activity.external_id",
      "availability.date",
      "availability.start_time",
      "availability.end_time",
      "availability.capacity",
    ]);
    expect(
      ["9:00", "09:30", "9h", "14h30", "14.30", "24:00", "9:5", "neuf"].map(parseImportTime),
    ).toEqual([
      { hour: 9, minute: 0 },
      { hour: 9, minute: 30 },
      { hour: 9, minute: 0 },
      { hour: 14, minute: 30 },
      { hour: 14, minute: 30 },
      null,
      null,
      null,
    ]);
  });

  it("reads a date in the organiser's zone (summer and winter time) and refuses an end before the start", () => {
    expect(row(["S1", "A1", "06/07/2026", "9:00", "12:00", "10"])).toMatchObject({
      startAt: "2026-07-06T07:00:00.000Z",
      endAt: "2026-07-06T10:00:00.000Z",
      capacity: 10,
    });
    expect(row(["S1", "A1", "2026-12-07", "9:00", "12:00", ""]).startAt).toBe(
      "2026-12-07T08:00:00.000Z",
    );
    expect(read(["S1", "A1", "06/07/2026", "12:00", "9:00", "-1"])).toEqual({
      errors: [
        { line: 2, column: "Fin", code: "END_NOT_AFTER_START" },
        { line: 2, column: "Places", code: "INVALID_NUMBER" },
      ],
    });
  });
});

describe("availability plans", () => {
  it("groups dates by availability, takes the activity's price, and refuses disagreeing rows", () => {
    const plan = planAvailabilityImport(
      [
        row(["S1", "A1", "07/07/2026", "9:00", "12:00", "10"], 2),
        row(["S1", "A1", "06/07/2026", "9:00", "12:00", ""], 3),
        row(["S2", "A1", "06/07/2026", "9:00", "12:00", "10"], 4),
        row(["S2", "A1", "07/07/2026", "9:00", "12:00", "12"], 5),
        row(["S3", "ZZ", "07/07/2026", "9:00", "12:00", ""], 6),
      ],
      { activities, existing: [] },
      columnOf,
    );
    expect(plan.availabilities).toEqual([
      {
        action: "create",
        externalId: "S1",
        activityId: 1,
        capacity: 10,
        price: 9000,
        locationId: null,
        dates: [
          { startAt: "2026-07-06T07:00:00.000Z", endAt: "2026-07-06T10:00:00.000Z" },
          { startAt: "2026-07-07T07:00:00.000Z", endAt: "2026-07-07T10:00:00.000Z" },
        ],
      },
    ]);
    expect(plan.errors).toEqual([
      { line: 4, column: "availability.external_id", code: "INCONSISTENT_GROUP" },
      { line: 6, column: "activity.external_id", code: "UNKNOWN_ACTIVITY" },
    ]);
    expect(plan.summary).toEqual({
      availabilities: { created: 1, updated: 0, unchanged: 0 },
      dates: { created: 2, updated: 0, unchanged: 0 },
    });
  });

  it("leaves an availability imported with the same dates, and refuses other dates for it", () => {
    const rows = [row(["S1", "A1", "06/07/2026", "9:00", "12:00", "10"])];
    const stored = {
      id: 9,
      externalId: "S1",
      activityId: 1,
      capacity: 10,
      price: 9000,
      locationId: null,
      dates: [{ startAt: "2026-07-06T07:00:00.000Z", endAt: "2026-07-06T10:00:00.000Z" }],
    };
    const same = planAvailabilityImport(rows, { activities, existing: [stored] }, columnOf);
    expect(same.summary.availabilities).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const moved = planAvailabilityImport(
      rows,
      { activities, existing: [{ ...stored, dates: [] }] },
      columnOf,
    );
    expect(moved.errors.map((e) => e.code)).toEqual(["ALREADY_IMPORTED_DIFFERENTLY"]);
  });
});
