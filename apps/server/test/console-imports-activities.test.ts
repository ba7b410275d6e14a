import { activities, activityCategories, categories } from "@booking/db";
import { and, asc, eq, inArray, like } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";
import { csv, upload } from "./import-fixtures.ts";

// Issue 17 §2, activities: a catalogue file's mapping guessed from fr headers, its bad rows
// listed, the dry run's counts, the commit, the re-import that changes nothing, another
// organiser's activities left alone, and commits of the same file at once creating nothing twice.

let t: TestApp;
let owner: Client;
let organiserId: number;
let category: string;

beforeAll(async () => {
  t = await createTestApp();
  organiserId = await organiserIdOf(t.db, "demo");
  owner = (await collaboratorWith(t, ["imports.imports.create"])).client;
  const [first] = await t.db
    .select({ title: categories.title })
    .from(categories)
    .where(eq(categories.organiserId, organiserId))
    .orderBy(asc(categories.id))
    .limit(1);
  category = first!.title;
});
afterAll(async () => {
  await t.close();
});

const HEADERS = [
  "Identifiant",
  "Activité",
  "Catégorie",
  "Description",
  "Âge min",
  "Âge max",
  "Prix",
];

async function uploaded(client: Client, rows: string[][]) {
  const response = await upload(t.app, client, "activites.csv", csv(rows), "ACTIVITIES");
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { cuid: string; mapping: (string | null)[] };
}

const activitiesLike = (prefix: string, organiser = organiserId) =>
  t.db
    .select()
    .from(activities)
    .where(and(eq(activities.organiserId, organiser), like(activities.title, `${prefix}%`)))
    .orderBy(asc(activities.title));

describe("activity imports", () => {
  it("lists bad rows, imports the fixed file, and changes nothing when it comes again", async () => {
    const good = [
      [
        "ACT-1",
        "Imp Poney",
        category.toUpperCase(),
        "Balades.\nSoins aux poneys.",
        "6",
        "12 ans",
        "120,50 €",
      ],
      ["", "Imp Théâtre", "", "", "", "", "80"],
    ];
    const bad = [
      ["ACT-3", "Imp Cirque", "Catégorie inconnue", "", "12", "6", "douze"],
      ["ACT-1", "Imp Poney bis", "", "", "", "", ""],
    ];
    const first = await uploaded(owner, [HEADERS, ...good, ...bad]);
    expect(first.mapping).toEqual([
      "activity.external_id",
      "activity.title",
      "activity.category",
      "activity.description",
      "activity.age_minimum",
      "activity.age_maximum",
      "activity.price",
    ]);
    const check = (await owner.get(`/api/admin/imports/${first.cuid}/check?locale=en`)).json();
    expect(
      check.errors.map((e: { line: number; column: string; code: string }) => [
        e.line,
        e.column,
        e.code,
      ]),
    ).toEqual([
      [4, "Catégorie", "UNKNOWN_CATEGORY"],
      [4, "Âge min", "INVALID_AGE_RANGE"],
      [4, "Prix", "INVALID_NUMBER"],
      [5, "Identifiant", "DUPLICATE_ROW"],
    ]);
    expect(check.summary).toBeNull();
    expect((await owner.post(`/api/admin/imports/${first.cuid}/commit`)).statusCode).toBe(409);
    expect(await activitiesLike("Imp ")).toEqual([]);

    const fixed = [HEADERS, ...good, ["ACT-3", "Imp Cirque", category, "", "6", "12", "95"]];
    const second = await uploaded(owner, fixed);
    const dryRun = (await owner.get(`/api/admin/imports/${second.cuid}/check`)).json();
    expect(dryRun.summary).toEqual({ activities: { created: 3, updated: 0, unchanged: 0 } });
    expect(await activitiesLike("Imp ")).toEqual([]);
    const commit = await owner.post(`/api/admin/imports/${second.cuid}/commit`);
    expect(commit.statusCode, commit.body).toBe(200);
    const stored = await activitiesLike("Imp ");
    expect(
      stored.map((a) => [
        a.externalId,
        a.title,
        a.description,
        a.ageMinimum,
        a.ageMaximum,
        a.defaultPrice,
        a.published,
      ]),
    ).toEqual([
      ["ACT-3", "Imp Cirque", "", 6, 12, 9500, false],
      ["ACT-1", "Imp Poney", "<p>Balades.</p><p>Soins aux poneys.</p>", 6, 12, 12050, false],
      [null, "Imp Théâtre", "", null, null, 8000, false],
    ]);
    const links = await t.db
      .select({ activityId: activityCategories.activityId })
      .from(activityCategories)
      .where(
        inArray(
          activityCategories.activityId,
          stored.map((a) => a.id),
        ),
      );
    expect(links).toHaveLength(2);

    // The same file again: matched by external id, else by name; nothing changes.
    const again = await uploaded(owner, fixed);
    const againCommit = await owner.post(`/api/admin/imports/${again.cuid}/commit`);
    expect(againCommit.json().summary).toEqual({
      activities: { created: 0, updated: 0, unchanged: 3 },
    });
    expect(await activitiesLike("Imp ")).toEqual(stored);

    // A new price updates the one activity; an empty cell keeps what is stored.
    const changed = await uploaded(owner, [HEADERS, ["ACT-1", "Imp Poney", "", "", "", "", "130"]]);
    const changedCommit = await owner.post(`/api/admin/imports/${changed.cuid}/commit`);
    expect(changedCommit.json().summary).toEqual({
      activities: { created: 0, updated: 1, unchanged: 0 },
    });
    const poney = (await activitiesLike("Imp Poney"))[0]!;
    expect([poney.defaultPrice, poney.ageMinimum, poney.description]).toEqual([
      13000,
      6,
      "<p>Balades.</p><p>Soins aux poneys.</p>",
    ]);
  });

  it("never matches another organiser's activities nor reaches their imports", async () => {
    const other = (await collaboratorWith(t, ["imports.imports.create"], "demo-en")).client;
    const otherOrganiserId = await organiserIdOf(t.db, "demo-en");
    const theirs = await uploaded(other, [
      HEADERS,
      ["SHARED-1", "Tenant Kayak", "", "", "", "", "10"],
    ]);
    expect((await other.post(`/api/admin/imports/${theirs.cuid}/commit`)).statusCode).toBe(200);
    expect((await owner.get(`/api/admin/imports/${theirs.cuid}`)).statusCode).toBe(404);
    expect((await owner.post(`/api/admin/imports/${theirs.cuid}/commit`)).statusCode).toBe(404);

    // The same external id and name in the demo's file make the demo's own activity.
    const mine = await uploaded(owner, [
      HEADERS,
      ["SHARED-1", "Tenant Kayak", "", "", "", "", "20"],
    ]);
    const commit = await owner.post(`/api/admin/imports/${mine.cuid}/commit`);
    expect(commit.json().summary).toEqual({ activities: { created: 1, updated: 0, unchanged: 0 } });
    const [theirActivity] = await activitiesLike("Tenant Kayak", otherOrganiserId);
    expect(theirActivity!.defaultPrice).toBe(1000);
    expect((await activitiesLike("Tenant Kayak"))[0]!.defaultPrice).toBe(2000);
  });

  it("creates nothing twice when the same file is committed by concurrent calls", async () => {
    const rows = [
      HEADERS,
      ...Array.from({ length: 15 }, (_, i) => [`RACE-${i}`, `Course ${i}`, "", "", "", "", "5"]),
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
      .map((r) => r.json().summary.activities.created)
      .sort();
    expect(created).toEqual([0, 0, 15]);
    expect(await activitiesLike("Course ")).toHaveLength(15);
  });
});
