import { PAGE_REFERENCE_KINDS } from "@booking/contracts";
import { catalogs, resources, segments } from "@booking/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  organiserIdOf,
} from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";

/** The page builder's reference lists: each kind's records of the console's organiser only. */

let t: TestApp;
let owner: Client;
const BASE = "/api/admin/website/references";
const stamp = Date.now();
const mine = { catalog: "", segment: "", resource: 0 };
const theirs = { catalog: "", segment: "", resource: 0 };

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  const session = (await owner.get("/api/admin/session")).json();
  if (session.organiser.slug !== "demo") {
    const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
    await owner.put("/api/admin/session/organiser", { organiser: demo.cuid });
  }
  for (const [slug, into] of [
    ["demo", mine],
    ["demo-en", theirs],
  ] as const) {
    const organiserId = await organiserIdOf(t.db, slug);
    const [catalog] = await t.db
      .insert(catalogs)
      .values({ organiserId, name: `Catalog ${slug} ${stamp}` })
      .returning();
    const [segment] = await t.db
      .insert(segments)
      .values({ organiserId, entity: "AVAILABILITIES", name: `Segment ${slug} ${stamp}` })
      .returning();
    await t.db
      .insert(segments)
      .values({ organiserId, entity: "CUSTOMERS", name: `Customers ${slug} ${stamp}` });
    const [resource] = await t.db
      .insert(resources)
      .values({ organiserId, name: `Resource ${slug} ${stamp}` })
      .returning();
    into.catalog = catalog!.cuid;
    into.segment = segment!.cuid;
    into.resource = resource!.id;
  }
});
afterAll(async () => {
  await t.close();
});

type Listed = { data: Array<{ value: string | number; name: string }>; truncated: boolean };
const values = async (client: Client, kind: string) => {
  const response = await client.get(`${BASE}/${kind}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Listed).data.map((item) => item.value);
};

describe("GET /api/admin/website/references/:kind", () => {
  it("lists the organiser's catalogs, availability segments and resources by name, not another's", async () => {
    const catalogList = (await owner.get(`${BASE}/catalogs`)).json() as Listed;
    expect(catalogList.truncated).toBe(false);
    expect(catalogList.data).toContainEqual({
      value: mine.catalog,
      name: `Catalog demo ${stamp}`,
    });
    const names = catalogList.data.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(catalogList.data.map((item) => item.value)).not.toContain(theirs.catalog);

    const segmentValues = await values(owner, "segments");
    expect(segmentValues).toContain(mine.segment);
    expect(segmentValues).not.toContain(theirs.segment);
    const segmentNames = ((await owner.get(`${BASE}/segments`)).json() as Listed).data.map(
      (item) => item.name,
    );
    // Only availabilities' segments: the settings filter availabilities.
    expect(segmentNames).not.toContain(`Customers demo ${stamp}`);

    const resourceValues = await values(owner, "resources");
    expect(resourceValues).toContain(mine.resource);
    expect(resourceValues).not.toContain(theirs.resource);
  });

  it("lists products and activities by integer id", async () => {
    for (const kind of ["activities", "bundles", "memberships", "vouchers"]) {
      const list = await values(owner, kind);
      for (const value of list) expect(Number.isInteger(value)).toBe(true);
    }
    expect((await values(owner, "activities")).length).toBeGreaterThan(0);
  });

  it("admits a read-only role, refuses a role without it, and changes nothing", async () => {
    const reader = await collaboratorWith(t, ["website.pages.read"]);
    const stranger = await collaboratorWith(t, ["website.website.read"]);
    const before = await databaseDigest(t.db);
    for (const kind of PAGE_REFERENCE_KINDS) {
      expect((await reader.client.get(`${BASE}/${kind}`)).statusCode).toBe(200);
    }
    expect(await values(reader.client, "catalogs")).toContain(mine.catalog);
    const refused = await stranger.client.get(`${BASE}/catalogs`);
    expect(refused.statusCode).toBe(403);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("answers 400 for an unknown kind", async () => {
    const response = await owner.get(`${BASE}/customers`);
    expect(response.statusCode).toBe(400);
  });
});
