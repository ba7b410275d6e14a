import { activities, availabilities, availabilityDates, locations } from "@booking/db";
import { and, asc, eq, like } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";
import { csv, upload } from "./import-fixtures.ts";

// Issue 17 §2, availabilities with their dates: one row per date grouped by the availability's
// external id, the activity named by its external id or name, times in the organiser's zone;
// bad rows listed, dry run counts, commit, the re-import that changes nothing, another
// organiser's activities refused, concurrent commits creating nothing twice.

let t: TestApp;
let owner: Client;
let organiserId: number;
let location: string;

const HEADERS = [
  "Identifiant",
  "ID activité",
  "Activité",
  "Date",
  "Début",
  "Fin",
  "Places",
  "Prix",
  "Lieu",
];

beforeAll(async () => {
  t = await createTestApp();
  organiserId = await organiserIdOf(t.db, "demo");
  owner = (await collaboratorWith(t, ["imports.imports.create"])).client;
  const [first] = await t.db
    .select({ title: locations.title })
    .from(locations)
    .where(eq(locations.organiserId, organiserId))
    .orderBy(asc(locations.id))
    .limit(1);
  location = first!.title;
  // The activities the availabilities name, imported first as an organiser would.
  const file = await upload(
    t.app,
    owner,
    "activites.csv",
    csv([
      ["Identifiant", "Activité", "Prix"],
      ["ACT-A", "Dispo Poney", "100"],
      ["", "Dispo Théâtre", "70"],
    ]),
    "ACTIVITIES",
  );
  expect((await owner.post(`/api/admin/imports/${file.json().cuid}/commit`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function uploaded(client: Client, rows: string[][]) {
  const response = await upload(t.app, client, "sessions.csv", csv(rows), "AVAILABILITIES");
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { cuid: string; mapping: (string | null)[] };
}

async function importedAvailabilities(prefix: string) {
  const rows = await t.db
    .select({
      id: availabilities.id,
      externalId: availabilities.externalId,
      activity: activities.title,
      capacity: availabilities.capacity,
      price: availabilities.price,
      locationId: availabilities.locationId,
      startAt: availabilities.startAt,
    })
    .from(availabilities)
    .innerJoin(activities, eq(activities.id, availabilities.activityId))
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        like(availabilities.externalId, `${prefix}%`),
      ),
    )
    .orderBy(asc(availabilities.externalId));
  const dates = await t.db
    .select()
    .from(availabilityDates)
    .where(eq(availabilityDates.organiserId, organiserId))
    .orderBy(asc(availabilityDates.startAt));
  return rows.map((row) => ({
    ...row,
    dates: dates
      .filter((date) => date.availabilityId === row.id)
      .map((date) => [date.startAt.toISOString(), date.endAt.toISOString(), date.capacity]),
  }));
}

describe("availability imports", () => {
  it("lists bad rows, imports the fixed file grouped by availability, and changes nothing when it comes again", async () => {
    const good = [
      ["S-1", "ACT-A", "", "06/07/2026", "9:00", "16h", "12", "", location],
      ["S-1", "ACT-A", "", "07/07/2026", "9:00", "16h", "12", "", location],
      ["S-2", "", "dispo théâtre", "2026-08-03", "14h30", "17:00", "", "55,50", ""],
    ];
    const bad = [
      ["S-3", "ACT-Z", "", "06/07/2026", "9:00", "16:00", "", "", ""],
      ["S-4", "ACT-A", "", "31/02/2026", "25:00", "8:00", "beaucoup", "", "Nulle part"],
      ["S-1", "ACT-A", "", "08/07/2026", "9:00", "16:00", "10", "", ""],
    ];
    const first = await uploaded(owner, [HEADERS, ...good, ...bad]);
    expect(first.mapping).toEqual([
      "availability.external_id",
      "activity.external_id",
      "activity.title",
      "availability.date",
      "availability.start_time",
      "availability.end_time",
      "availability.capacity",
      "availability.price",
      "availability.location",
    ]);
    const check = (await owner.get(`/api/admin/imports/${first.cuid}/check`)).json();
    expect(
      check.errors.map((e: { line: number; column: string; code: string }) => [
        e.line,
        e.column,
        e.code,
      ]),
    ).toEqual([
      [2, "Identifiant", "INCONSISTENT_GROUP"],
      [5, "ID activité", "UNKNOWN_ACTIVITY"],
      [6, "Date", "INVALID_DATE"],
      [6, "Début", "INVALID_TIME"],
      [6, "Places", "INVALID_NUMBER"],
      [6, "Lieu", "UNKNOWN_LOCATION"],
    ]);
    expect((await owner.post(`/api/admin/imports/${first.cuid}/commit`)).statusCode).toBe(409);
    expect(await importedAvailabilities("S-")).toEqual([]);

    const second = await uploaded(owner, [HEADERS, ...good]);
    const dryRun = (await owner.get(`/api/admin/imports/${second.cuid}/check`)).json();
    expect(dryRun.summary).toEqual({
      availabilities: { created: 2, updated: 0, unchanged: 0 },
      dates: { created: 3, updated: 0, unchanged: 0 },
    });
    const commit = await owner.post(`/api/admin/imports/${second.cuid}/commit`);
    expect(commit.statusCode, commit.body).toBe(200);
    const stored = await importedAvailabilities("S-");
    const [locationRow] = await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.organiserId, organiserId), eq(locations.title, location)));
    // The demo organiser is in Europe/Brussels: 9:00 in July is 07:00 UTC.
    expect(stored.map(({ id: _, ...row }) => row)).toEqual([
      {
        externalId: "S-1",
        activity: "Dispo Poney",
        capacity: 12,
        price: 10000,
        locationId: locationRow!.id,
        startAt: new Date("2026-07-06T07:00:00.000Z"),
        dates: [
          ["2026-07-06T07:00:00.000Z", "2026-07-06T14:00:00.000Z", 12],
          ["2026-07-07T07:00:00.000Z", "2026-07-07T14:00:00.000Z", 12],
        ],
      },
      {
        externalId: "S-2",
        activity: "Dispo Théâtre",
        capacity: null,
        price: 5550,
        locationId: null,
        startAt: new Date("2026-08-03T12:30:00.000Z"),
        dates: [["2026-08-03T12:30:00.000Z", "2026-08-03T15:00:00.000Z", null]],
      },
    ]);

    const again = await uploaded(owner, [HEADERS, ...good]);
    const againCommit = await owner.post(`/api/admin/imports/${again.cuid}/commit`);
    expect(againCommit.json().summary).toEqual({
      availabilities: { created: 0, updated: 0, unchanged: 2 },
      dates: { created: 0, updated: 0, unchanged: 3 },
    });
    expect(await importedAvailabilities("S-")).toEqual(stored);

    // Other dates for an availability already imported are refused, not merged.
    const moved = await uploaded(owner, [HEADERS, good[0]!]);
    const movedCheck = (await owner.get(`/api/admin/imports/${moved.cuid}/check`)).json();
    expect(movedCheck.errors.map((e: { code: string }) => e.code)).toEqual([
      "ALREADY_IMPORTED_DIFFERENTLY",
    ]);
  });

  it("refuses another organiser's activities", async () => {
    const other = (await collaboratorWith(t, ["imports.imports.create"], "demo-en")).client;
    const file = await upload(
      t.app,
      other,
      "activities.csv",
      csv([
        ["Id", "Activity"],
        ["THEIRS-1", "Their activity"],
      ]),
      "ACTIVITIES",
    );
    expect((await other.post(`/api/admin/imports/${file.json().cuid}/commit`)).statusCode).toBe(
      200,
    );
    const mine = await uploaded(owner, [
      HEADERS,
      ["T-1", "THEIRS-1", "", "06/07/2026", "9:00", "10:00", "", "", ""],
      ["T-2", "", "Their activity", "06/07/2026", "9:00", "10:00", "", "", ""],
    ]);
    const check = (await owner.get(`/api/admin/imports/${mine.cuid}/check`)).json();
    expect(check.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([
      [2, "UNKNOWN_ACTIVITY"],
      [3, "UNKNOWN_ACTIVITY"],
    ]);
    expect((await owner.post(`/api/admin/imports/${mine.cuid}/commit`)).statusCode).toBe(409);
  });

  it("creates nothing twice when the same file is committed by concurrent calls", async () => {
    const rows = [
      HEADERS,
      ...Array.from({ length: 10 }, (_, i) => [
        `R-${i}`,
        "ACT-A",
        "",
        `${10 + i}/09/2026`,
        "10:00",
        "11:00",
        "8",
        "",
        "",
      ]),
    ];
    const uploads = await Promise.all([
      uploaded(owner, rows),
      uploaded(owner, rows),
      uploaded(owner, rows),
    ]);
    const responses = await Promise.all(
      [...uploads, ...uploads].map((u) => owner.post(`/api/admin/imports/${u.cuid}/commit`)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const created = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().summary.availabilities.created)
      .sort();
    expect(created).toEqual([0, 0, 10]);
    expect(await importedAvailabilities("R-")).toHaveLength(10);
  });
});
