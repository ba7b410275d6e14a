import type { SsrRequestContext } from "@booking/contracts";
import { pageElements, pages } from "@booking/db";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { organiserIdOf } from "./console-fixtures.ts";
import {
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

/**
 * The storefront's reads of the page types (decision 0044): pages at a path are DEFAULT pages;
 * the AVAILABILITY page is the template of availability pages, the organiser's own, the last
 * published one changed.
 */

let t: TestApp;

async function reader(host: string) {
  const organiser = await findOrganiserByHost(t.db, host, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies: {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const context = await storefrontContextFactory(t.db)(request);
  return (context as Extract<SsrRequestContext, { kind: "storefront" }>).reader;
}

async function template(
  organiserId: number,
  values: { path: string; title: string; published?: boolean; updatedAt?: Date },
) {
  const [page] = await t.db
    .insert(pages)
    .values({ organiserId, type: "AVAILABILITY", ...values })
    .returning();
  await t.db.insert(pageElements).values({
    organiserId,
    pageId: page!.id,
    element: "section",
    family: "catalogue",
    name: "availability-detail",
    settings: { "detail-properties": ["location"] },
  });
  return page!;
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("page types", () => {
  it("has no availability template until one is published, then the last one changed", async () => {
    const demo = await organiserIdOf(t.db, "demo");
    expect(await (await reader(DEMO_HOST)).availabilityTemplate()).toBeNull();

    await template(demo, { path: "/modele-brouillon", title: "Brouillon", published: false });
    expect(await (await reader(DEMO_HOST)).availabilityTemplate()).toBeNull();

    await template(demo, {
      path: "/modele-ancien",
      title: "Ancien",
      updatedAt: new Date("2026-01-01T00:00:00Z"),
    });
    const latest = await template(demo, { path: "/modele", title: "Modèle" });
    const found = await (await reader(DEMO_HOST)).availabilityTemplate();
    expect(found).toMatchObject({ cuid: latest.cuid, type: "AVAILABILITY", title: "Modèle" });
    expect(found?.elements).toMatchObject([
      {
        element: "section",
        name: "availability-detail",
        settings: { "detail-properties": ["location"] },
      },
    ]);
  });

  it("does not serve a template at its own path", async () => {
    expect(await (await reader(DEMO_HOST)).page("/modele")).toBeNull();
  });

  it("keeps each organiser's template its own", async () => {
    expect(await (await reader(DEMO_EN_HOST)).availabilityTemplate()).toBeNull();
    const demoEn = await organiserIdOf(t.db, "demo-en");
    const own = await template(demoEn, { path: "/template", title: "Template" });
    expect((await (await reader(DEMO_EN_HOST)).availabilityTemplate())?.cuid).toBe(own.cuid);
    expect((await (await reader(DEMO_HOST)).availabilityTemplate())?.title).toBe("Modèle");
  });
});
