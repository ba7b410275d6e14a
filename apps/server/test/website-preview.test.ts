import path from "node:path";
import type { SsrRequestContext } from "@booking/contracts";
import { activities, memberships } from "@booking/db";
import { eq } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/http/cookies.ts";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { ADMIN_HOST } from "./console-fixtures.ts";
import { createTestApp, DEMO_HOST, storefrontContextFactory, type TestApp } from "./harness.ts";

// The preview's sections data (apps/web/app/routes/storefront/preview-sections.ts): the section
// loaders of the editor's unsaved content, for the organiser of the host, as a visitor. The web
// app's modules are loaded at run time (they are typed by the web app's own project).

interface WebModules {
  action(args: unknown): Promise<Response>;
  requestContext: Parameters<RouterContextProvider["set"]>[0];
  loadAllTranslations(): Promise<void>;
}

const WEB_ACTION = "../../web/app/routes/storefront/preview-sections.ts";
const WEB_CONTEXT = "../../web/app/context.ts";
const WEB_I18N = "../../web/app/i18n/index.ts";

let t: TestApp;
let web: WebModules;
let demoId: number;
let session: string;

/** The page context the server builds for a preview data request: a visitor, whatever cookie. */
async function previewContext(cookies: Record<string, string> = {}) {
  const organiser = await findOrganiserByHost(t.db, DEMO_HOST, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies,
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  return (await storefrontContextFactory(t.db)(request, { visitor: true })) as Extract<
    SsrRequestContext,
    { kind: "storefront" }
  >;
}

async function ask(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const context = new RouterContextProvider();
  context.set(web.requestContext, await previewContext({ [SESSION_COOKIE]: session }));
  const response = await web.action({
    context,
    params: {},
    request: new Request(`http://${DEMO_HOST}/_preview/sections`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

function section(cuid: string, name: string, settings: Record<string, unknown> = {}) {
  return { id: cuid, cuid, element: "section", family: "catalogue", type: null, name, settings };
}

beforeAll(async () => {
  const [route, context, i18n] = await Promise.all(
    [WEB_ACTION, WEB_CONTEXT, WEB_I18N].map((path) => import(/* @vite-ignore */ path)),
  );
  web = {
    action: route.action,
    requestContext: context.requestContext,
    loadAllTranslations: i18n.loadAllTranslations,
  };
  await web.loadAllTranslations();
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  const customer = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: { firstname: "Ada", lastname: "Aperçu", email: "ada.apercu@example.org" },
    participant: { firstname: "Léa", lastname: "Aperçu" },
  });
  session = customer.client.cookies.get(SESSION_COOKIE)!;
});

afterAll(async () => {
  await t?.close();
});

describe("the preview's sections data", () => {
  it("is loaded for a visitor, whatever session cookie the request carries", async () => {
    const context = await previewContext({ [SESSION_COOKIE]: session });
    expect(context.session.customer).toBeNull();
  });

  it("refuses what is not a page tree with 400 and field codes", async () => {
    const bad: unknown[] = [
      "not json",
      null,
      { content: "nothing", location: "/fr" },
      { content: [{ element: "widget", family: "x", name: "y" }], location: "/fr" },
      { content: [section("a", "bundles-grid")], location: "https://evil.example/fr" },
      { content: [section("a", "bundles-grid")], location: "//evil.example/fr" },
      { content: [section("a", "bundles-grid")] },
      { content: Array.from({ length: 101 }, (_, index) => section(`s${index}`, "banner")) },
    ];
    for (const body of bad) {
      const answer = await ask(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json.error).toBe("VALIDATION_ERROR");
    }
    const { json } = await ask({
      content: [{ element: "widget", family: "x", name: "y" }],
      location: "/fr",
    });
    expect(json.fields).toMatchObject({ "content.0.element": "INVALID_CHOICE" });
  });

  it("loads each loading section by cuid, with this organiser's public data only", async () => {
    const demoEn = await organiserIdOf(t, "demo-en");
    const [foreign] = await t.db
      .select({ id: activities.id, title: activities.title })
      .from(activities)
      .where(eq(activities.organiserId, demoEn))
      .limit(1);
    const [hidden] = await t.db
      .insert(activities)
      .values({ organiserId: demoId, title: "Zorglub en coulisses", published: false })
      .returning({ id: activities.id });
    const own = await t.db
      .select({ cuid: memberships.cuid })
      .from(memberships)
      .where(eq(memberships.organiserId, demoId));
    expect(own.length).toBeGreaterThan(0);

    const { status, json } = await ask({
      content: [
        {
          ...section("hero", "banner", { title: "Aperçu" }),
          family: "content",
          children: [],
        },
        section("memberships", "memberships-cards-grid"),
        section("activities", "activities-grid", { page_size: 100 }),
        // Another organiser's activity and an unpublished one, asked by id: neither is shown.
        section("asked", "activities-grid", { ids: [foreign!.id, hidden!.id] }),
        // Invalid settings: the section renders nothing, as on a stored page.
        section("broken", "bundles-grid", { columns: "many" }),
      ],
      location: "/fr/ma-page?preview=true",
    });
    expect(status).toBe(200);
    // The tree as a stored page's renders it: the broken section left out.
    const elements = json.elements as Array<{ cuid: string }>;
    expect(elements.map((element) => element.cuid)).toEqual([
      "hero",
      "memberships",
      "activities",
      "asked",
    ]);
    // The data of the sections that load some, by cuid, kind and settings.
    const data = json.data as Record<string, unknown>;
    const byCuid = (cuid: string) =>
      Object.entries(data).find(([key]) => key.startsWith(`${cuid}|`)) ?? [];
    expect(
      Object.keys(data)
        .map((key) => key.split("|")[0])
        .sort(),
    ).toEqual(["activities", "asked", "memberships"]);
    const memberCards = (byCuid("memberships")[1] as { items: Array<{ cuid: string }> }).items;
    expect(memberCards.map((card) => card.cuid).sort()).toEqual(own.map((row) => row.cuid).sort());
    const text = JSON.stringify(data);
    expect(text).not.toContain(foreign!.title);
    expect(text).not.toContain("Zorglub en coulisses");
    expect((byCuid("asked")[1] as { items: unknown[] }).items).toEqual([]);
    expect((byCuid("activities")[1] as { items: unknown[] }).items.length).toBeGreaterThan(0);

    // Data the preview already holds is not loaded again; the tree still names its section.
    const again = await ask({
      content: [section("memberships", "memberships-cards-grid")],
      location: "/fr/ma-page?preview=true",
      known: [byCuid("memberships")[0]],
    });
    expect((again.json.elements as Array<{ cuid: string }>).map((e) => e.cuid)).toEqual([
      "memberships",
    ]);
    expect(again.json.data).toEqual({});
  });
});

describe("preview answers", () => {
  const SMALL_WEB_BUILD = path.join(import.meta.dirname, "fixtures/web-build");

  it("may be framed by the console only, are not indexed nor stored; other pages stay unframed", async () => {
    const web = await createTestApp({ publicCacheTtlMs: 60_000, webBuildDir: SMALL_WEB_BUILD });
    try {
      const get = (host: string, url: string) =>
        web.app.inject({ method: "GET", url, headers: { host, accept: "text/html" } });
      const preview = await get(DEMO_HOST, "/fr/catalogue?preview=true");
      expect(preview.statusCode).toBe(200);
      expect(preview.headers["content-security-policy"]).toContain(
        "frame-ancestors 'self' http://admin.localhost;",
      );
      expect(preview.headers["x-frame-options"]).toBeUndefined();
      expect(preview.headers["x-robots-tag"]).toBe("noindex");
      expect(preview.headers["cache-control"]).toBe("private, no-store");

      for (const [host, url] of [
        [DEMO_HOST, "/fr/catalogue"],
        [DEMO_HOST, "/fr/catalogue?preview=1"],
        [ADMIN_HOST, "/admin/login?preview=true"],
      ] as const) {
        const page = await get(host, url);
        expect(page.headers["content-security-policy"], url).toContain("frame-ancestors 'self';");
        expect(page.headers["x-frame-options"], url).toBe("SAMEORIGIN");
        expect(page.headers["x-robots-tag"], url).toBeUndefined();
      }

      // The sections-data route needs no XSRF token, and exists on storefront hosts only.
      const post = (host: string) =>
        web.app.inject({
          method: "POST",
          url: "/_preview/sections",
          headers: { host, "content-type": "application/json" },
          payload: { content: [], location: "/fr" },
        });
      expect((await post(DEMO_HOST)).statusCode).not.toBe(403);
      expect((await post(ADMIN_HOST)).statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });
});
