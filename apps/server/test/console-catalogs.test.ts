import { catalogActivities } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditOf } from "./console-fixtures.ts";
import { Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

/** The console's catalogs, and the storefront's `catalog` filter following them at once. */

let t: TestApp;
let owner: Client;
let storefront: Client;
let demoActivities: Array<{ id: number; cuid: string; title: string }>;

beforeAll(async () => {
  // The public answers cached for a long while: a console edit must drop them.
  t = await createTestApp({ publicCacheTtlMs: 600_000 });
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  storefront = new Client(t.app, DEMO_HOST);
  const session = (await owner.get("/api/admin/session")).json();
  if (session.organiser.slug !== "demo") {
    const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
    await owner.put("/api/admin/session/organiser", { organiser: demo.cuid });
  }
  demoActivities = (await owner.get("/api/admin/activities?page_size=3")).json().data;
  expect(demoActivities.length).toBe(3);
});
afterAll(() => t.close());

/** The activity ids the storefront lists in a catalog. */
async function storefrontActivities(catalog: string): Promise<number[]> {
  const response = await storefront.get(`/api/activities?catalog=${catalog}&limit=50`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json()
    .data.map((activity: { id: number }) => activity.id)
    .sort();
}

const idsOf = (...indexes: number[]) => indexes.map((i) => demoActivities[i]!.id).sort();

describe("catalogs in the console", () => {
  it("creates, lists, edits and deletes a catalog, audited, the storefront following each step", async () => {
    const [a, b, c] = demoActivities;
    const created = await owner.post("/api/admin/catalogs", {
      name: "  Stages d'été ",
      description: "",
      activities: [a!.cuid, b!.cuid, a!.cuid],
    });
    expect(created.statusCode, created.body).toBe(201);
    const catalog = created.json();
    expect(catalog).toMatchObject({ name: "Stages d'été", description: null });
    expect(catalog.activities.map((x: { cuid: string }) => x.cuid).sort()).toEqual(
      [a!.cuid, b!.cuid].sort(),
    );
    expect((await lastAuditOf(t.db, catalog.cuid))?.action).toBe("catalog.created");
    expect(await storefrontActivities(catalog.cuid)).toEqual(idsOf(0, 1));

    const listed = (await owner.get("/api/admin/catalogs")).json().data;
    expect(listed.find((x: { cuid: string }) => x.cuid === catalog.cuid)).toEqual(catalog);

    const updated = await owner.put(`/api/admin/catalogs/${catalog.cuid}`, {
      name: "Stages",
      description: "Juillet et août",
      activities: [c!.cuid],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: "Stages",
      description: "Juillet et août",
      activities: [{ cuid: c!.cuid, title: c!.title }],
    });
    const audit = await lastAuditOf(t.db, catalog.cuid);
    expect(audit).toMatchObject({ action: "catalog.updated" });
    // The cached answer was dropped by the console's change.
    expect(await storefrontActivities(catalog.cuid)).toEqual(idsOf(2));

    const removed = await owner.delete(`/api/admin/catalogs/${catalog.cuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await lastAuditOf(t.db, catalog.cuid))?.action).toBe("catalog.deleted");
    expect(
      await t.db
        .select()
        .from(catalogActivities)
        .where(eq(catalogActivities.catalogId, catalog.id)),
    ).toEqual([]);
    expect(
      (await owner.get("/api/admin/catalogs")).json().data.map((x: { cuid: string }) => x.cuid),
    ).not.toContain(catalog.cuid);
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const before = (await owner.get("/api/admin/catalogs")).json().data;
    const noName = await owner.post("/api/admin/catalogs", { name: " ", activities: [] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ error: "VALIDATION_ERROR" });

    const foreign = await owner.post("/api/admin/catalogs", {
      name: "Inconnue",
      activities: [demoActivities[0]!.cuid, "nosuchactivity"],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "ACTIVITY_NOT_FOUND" });

    const missing = await owner.put("/api/admin/catalogs/nosuchcatalog", {
      name: "X",
      activities: [],
    });
    expect(missing.statusCode).toBe(404);
    expect((await owner.delete("/api/admin/catalogs/nosuchcatalog")).statusCode).toBe(404);
    expect((await owner.get("/api/admin/catalogs")).json().data).toEqual(before);
  });
});
