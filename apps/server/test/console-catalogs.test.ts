import { auditLogs, catalogActivities } from "@booking/db";
import { desc, eq } from "@booking/db/orm";
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

  it("orders the catalogs and their activities, the storefront's catalog filter following", async () => {
    const [a, b, c] = demoActivities;
    const make = async (name: string, held: string[]) => {
      const response = await owner.post("/api/admin/catalogs", { name, activities: held });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().cuid as string;
    };
    const first = await make("Zèbres", [c!.cuid, a!.cuid]);
    const second = await make("Abeilles", [b!.cuid]);
    const order = async () =>
      (await owner.get("/api/admin/catalogs")).json().data.map((x: { cuid: string }) => x.cuid);
    const listed: string[] = await order();
    // A new catalog goes last, whatever its name.
    expect(listed.slice(-2)).toEqual([first, second]);
    const held = (await owner.get("/api/admin/catalogs"))
      .json()
      .data.find((x: { cuid: string }) => x.cuid === first);
    expect(held.activities.map((x: { cuid: string }) => x.cuid)).toEqual([c!.cuid, a!.cuid]);
    const inOrder = async (catalogs: string) =>
      (await storefront.get(`/api/activities?catalog=${catalogs}&limit=50`))
        .json()
        .data.map((activity: { id: number }) => activity.id);
    expect(await inOrder(first)).toEqual([c!.id, a!.id]);
    expect(await inOrder(`${first},${second}`)).toEqual([c!.id, a!.id, b!.id]);

    const reordered = listed.filter((cuid) => cuid !== second);
    reordered.unshift(second);
    const response = await owner.put("/api/admin/catalogs/order", { cuids: reordered });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((x: { cuid: string }) => x.cuid)).toEqual(reordered);
    expect(await order()).toEqual(reordered);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "catalog.reordered"))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.after).toEqual({ order: reordered });
    // The storefront follows at once: the cached answer went with the console's change.
    expect(await inOrder(`${first},${second}`)).toEqual([b!.id, c!.id, a!.id]);

    const moved = await owner.put(`/api/admin/catalogs/${first}`, {
      name: "Zèbres",
      activities: [a!.cuid, c!.cuid],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await inOrder(first)).toEqual([a!.id, c!.id]);

    // A stale list (one left out, or one unknown) is refused and changes nothing.
    const stale = await owner.put("/api/admin/catalogs/order", { cuids: reordered.slice(1) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ fields: { cuids: "MISMATCH" } });
    const unknown = await owner.put("/api/admin/catalogs/order", {
      cuids: [...reordered.slice(1), "nosuchcatalog"],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await order()).toEqual(reordered);
    for (const cuid of [first, second]) await owner.delete(`/api/admin/catalogs/${cuid}`);
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
