import type { StorefrontReader } from "@booking/contracts";
import {
  collaboratorRoles,
  collaborators,
  collaboratorTokens,
  DEFAULT_ORGANISER_BILLING,
  DEFAULT_ORGANISER_SETTINGS,
  organiserCollaborators,
  organisers,
  pages,
  segments,
} from "@booking/db";
import { and, count, eq, inArray } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { ADMIN_HOST } from "./console-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_HOST,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

const PLATFORM_HOST = "localhost";

let t: TestApp;

beforeAll(async () => {
  // With the host cache on: a host asked for before its sign-up must answer right after it.
  t = await createTestApp({ publicCacheTtlMs: 60_000 });
});

afterAll(async () => {
  await t?.close();
});

function signup(overrides: {
  organiser?: Record<string, unknown>;
  owner?: Record<string, unknown>;
  terms?: unknown;
}) {
  return {
    organiser: {
      name: "Académie de Musique",
      slug: "academie-musique",
      language: "fr",
      currency: "EUR",
      timezone: "Europe/Brussels",
      ...overrides.organiser,
    },
    owner: {
      firstname: "Nadia",
      lastname: "Lambert",
      email: "nadia@academie.test",
      password: "solfege2026",
      ...overrides.owner,
    },
    terms: "terms" in overrides ? overrides.terms : true,
  };
}

/** A browser on the platform host, with its XSRF cookie taken. */
async function platformBrowser(host = PLATFORM_HOST): Promise<Client> {
  const client = new Client(t.app, host);
  await client.get("/api/signup/slug-availability?slug=x");
  return client;
}

async function totals() {
  const [o] = await t.db.select({ n: count() }).from(organisers);
  const [c] = await t.db.select({ n: count() }).from(collaborators);
  return { organisers: o!.n, collaborators: c!.n };
}

/** Follows the sign-up's console link on the admin host; the browser keeps the cookie it gets. */
async function followConsoleLink(url: string, browser = new Client(t.app, ADMIN_HOST)) {
  const { pathname, search, host } = new URL(url);
  expect(host).toBe(ADMIN_HOST);
  const response = await browser.get(`${pathname}${search}`);
  return { response, browser };
}

async function storefrontReader(host: string): Promise<StorefrontReader> {
  const organiser = await findOrganiserByHost(t.db, host, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies: {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const context = await storefrontContextFactory(t.db)(request);
  if (context.kind !== "storefront") throw new Error("not a storefront");
  return context.reader;
}

describe("sign-up", () => {
  it("creates the organiser, its owner, role, segments and website, and opens its storefront", async () => {
    const storefront = new Client(t.app, "academie-musique.localhost");
    // Asked before it exists: unknown, which the host cache must not keep.
    expect((await storefront.get("/sitemap.xml")).statusCode).toBe(404);

    const browser = await platformBrowser();
    const response = await browser.post("/api/signup", signup({}));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.organiser).toMatchObject({
      slug: "academie-musique",
      storefront_url: "http://academie-musique.localhost",
    });
    expect(body.console_url).toMatch(
      /^http:\/\/admin\.localhost\/api\/admin\/auth\/handover\?token=[\w-]{40,}$/,
    );
    // The console cookie is the admin host's alone: the platform host sets none.
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain("admin_session");

    const [organiser] = await t.db
      .select()
      .from(organisers)
      .where(eq(organisers.slug, "academie-musique"));
    expect(organiser).toMatchObject({
      name: "Académie de Musique",
      language: "fr",
      currency: "EUR",
      timezone: "Europe/Brussels",
      contactEmail: "nadia@academie.test",
      settings: DEFAULT_ORGANISER_SETTINGS,
      billing: DEFAULT_ORGANISER_BILLING,
    });
    expect(organiser!.website).toMatchObject({ theme: "default", accent_color: "#e67e22" });
    const menu = organiser!.website.layout.header.links.map((link) => link.href);
    expect(menu).toEqual(["/catalogue", "/blog", "/contact"]);
    expect(organiser!.website.layout.footer.legal_links.map((link) => link.href)).toEqual([
      "/terms",
    ]);

    const [owner] = await t.db
      .select()
      .from(collaborators)
      .where(eq(collaborators.email, "nadia@academie.test"));
    expect(owner).toMatchObject({ firstname: "Nadia", lastname: "Lambert" });
    expect(owner!.passwordHash).toMatch(/^\$argon2id\$/);
    const roles = await t.db
      .select({
        id: collaboratorRoles.id,
        name: collaboratorRoles.name,
        isOwner: collaboratorRoles.isOwner,
      })
      .from(collaboratorRoles)
      .where(eq(collaboratorRoles.organiserId, organiser!.id));
    expect(roles).toEqual([{ id: expect.any(Number), name: "Propriétaire", isOwner: true }]);
    const members = await t.db
      .select()
      .from(organiserCollaborators)
      .where(eq(organiserCollaborators.organiserId, organiser!.id));
    expect(members).toMatchObject([{ collaboratorId: owner!.id, roleId: roles[0]!.id }]);

    const segmentRows = await t.db
      .select({ entity: segments.entity, name: segments.name, isDefault: segments.isDefault })
      .from(segments)
      .where(eq(segments.organiserId, organiser!.id));
    expect(segmentRows.map((row) => row.entity).sort()).toEqual([
      "AVAILABILITIES",
      "CUSTOMERS",
      "PARTICIPANTS",
    ]);
    expect(segmentRows.every((row) => row.isDefault)).toBe(true);

    const pageRows = await t.db
      .select({ path: pages.path, published: pages.published })
      .from(pages)
      .where(eq(pages.organiserId, organiser!.id));
    expect(pageRows.map((row) => row.path).sort()).toEqual([
      "/",
      "/catalogue",
      "/contact",
      "/terms",
    ]);

    // The storefront answers at once, with its home page and every page in its sitemap.
    const sitemap = await storefront.get("/sitemap.xml");
    expect(sitemap.statusCode).toBe(200);
    for (const path of ["/fr", "/fr/catalogue", "/fr/contact", "/fr/terms"]) {
      expect(sitemap.body).toContain(`<loc>http://academie-musique.localhost${path}</loc>`);
    }
    const reader = await storefrontReader("academie-musique.localhost");
    const home = await reader.page("/");
    expect(home?.title).toBe("Accueil");
    const banner = home?.elements.find((element) => element.name === "banner");
    expect(banner?.settings).toMatchObject({ title: "Académie de Musique" });
    // The contact page shows the organiser's own details (the owner's e-mail until changed).
    const contact = await reader.page("/contact");
    const names = JSON.stringify(contact?.elements);
    expect(names).toContain('"name":"contact-details"');
  });

  it("logs the owner in on the console once, through a short-lived link", async () => {
    const browser = await platformBrowser();
    const response = await browser.post(
      "/api/signup",
      signup({
        organiser: { slug: "stages-soleil", name: "Stages Soleil", language: "en" },
        owner: { email: "owner@soleil.test" },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const url = response.json().console_url;
    // The token is kept only as a hash.
    const token = new URL(url).searchParams.get("token")!;
    const stored = await t.db
      .select({ hash: collaboratorTokens.tokenHash })
      .from(collaboratorTokens);
    expect(stored.some((row) => row.hash === token)).toBe(false);

    const { response: opened, browser: console } = await followConsoleLink(url);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe("/admin");
    const session = await console.get("/api/admin/session");
    expect(session.statusCode).toBe(200);
    expect(session.json().organiser).toMatchObject({ slug: "stages-soleil", language: "en" });
    expect(session.json().permissions.length).toBeGreaterThan(10);

    // The console's home lists the first steps, each read from the organiser's data.
    const steps = async () =>
      Object.fromEntries(
        (await console.get("/api/admin/onboarding"))
          .json()
          .steps.map((item: { step: string; done: boolean }) => [item.step, item.done]),
      );
    expect(await steps()).toEqual({
      location: false,
      activity: false,
      dates: false,
      bank_account: false,
      website: false,
    });
    await t.db
      .update(organisers)
      .set({ iban: "BE68539007547034" })
      .where(eq(organisers.slug, "stages-soleil"));
    expect(await steps()).toMatchObject({ bank_account: true, location: false });

    // A second use opens nothing.
    const again = await followConsoleLink(url);
    expect(again.response.statusCode).toBe(303);
    expect(again.response.headers.location).toBe("/admin/login?handover=expired");
    expect((await again.browser.get("/api/admin/session")).statusCode).toBe(401);
  });

  it("refuses an expired log-in link", async () => {
    const browser = await platformBrowser();
    const response = await browser.post(
      "/api/signup",
      signup({ organiser: { slug: "club-expire" }, owner: { email: "late@club.test" } }),
    );
    expect(response.statusCode).toBe(201);
    const [owner] = await t.db
      .select({ id: collaborators.id })
      .from(collaborators)
      .where(eq(collaborators.email, "late@club.test"));
    await t.db
      .update(collaboratorTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(collaboratorTokens.collaboratorId, owner!.id));
    const { response: opened, browser: console } = await followConsoleLink(
      response.json().console_url,
    );
    expect(opened.headers.location).toBe("/admin/login?handover=expired");
    expect((await console.get("/api/admin/session")).statusCode).toBe(401);
  });

  it.each([
    [
      "a taken slug",
      signup({ organiser: { slug: "demo" } }),
      409,
      { "organiser.slug": "SLUG_TAKEN" },
    ],
    [
      "a reserved slug",
      signup({ organiser: { slug: "admin" } }),
      400,
      { "organiser.slug": "SLUG_RESERVED" },
    ],
    ["www", signup({ organiser: { slug: "WWW" } }), 400, { "organiser.slug": "SLUG_RESERVED" }],
    [
      "a slug that is no host name",
      signup({ organiser: { slug: "mon_club" } }),
      400,
      { "organiser.slug": "INVALID_FORMAT" },
    ],
    [
      "a weak password",
      signup({ owner: { password: "12345" } }),
      400,
      { "owner.password": "TOO_SHORT" },
    ],
    [
      "a 10 kB name",
      signup({ organiser: { name: "x".repeat(10_240) } }),
      400,
      { "organiser.name": "TOO_LONG" },
    ],
    [
      "a 10 kB first name",
      signup({ owner: { firstname: "é".repeat(10_240) } }),
      400,
      { "owner.firstname": "TOO_LONG" },
    ],
    [
      "a slug of the wrong type",
      signup({ organiser: { slug: 42 } }),
      400,
      { "organiser.slug": "INVALID_TYPE" },
    ],
    ["terms not accepted", signup({ terms: false }), 400, { terms: "TERMS_REQUIRED" }],
    ["terms missing", signup({ terms: undefined }), 400, { terms: "TERMS_REQUIRED" }],
    [
      "an unknown language",
      signup({ organiser: { language: "de" } }),
      400,
      { "organiser.language": "INVALID_CHOICE" },
    ],
    [
      "an unknown time zone",
      signup({ organiser: { timezone: "Europe/Atlantis" } }),
      400,
      { "organiser.timezone": "INVALID_TIMEZONE" },
    ],
    [
      "an unknown currency",
      signup({ organiser: { currency: "XYZ" } }),
      400,
      { "organiser.currency": "INVALID_CURRENCY" },
    ],
    [
      "a bad e-mail",
      signup({ owner: { email: "nadia" } }),
      400,
      { "owner.email": "INVALID_EMAIL" },
    ],
    [
      "an e-mail with a console log-in",
      signup({ organiser: { slug: "autre-club" }, owner: { email: "Owner@Demo.test" } }),
      409,
      { "owner.email": "EMAIL_ALREADY_USED" },
    ],
  ])(
    "refuses %s with a field error and creates nothing",
    async (_case, payload, status, fields) => {
      const before = await totals();
      const browser = await platformBrowser();
      const response = await browser.post("/api/signup", payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().fields).toMatchObject(fields);
      expect(await totals()).toEqual(before);
    },
  );

  it("refuses a body that is not an object", async () => {
    const browser = await platformBrowser();
    const response = await browser.request("POST", "/api/signup", { rawBody: '["x"]' });
    expect(response.statusCode).toBe(400);
  });

  it("lets exactly one of many simultaneous sign-ups take a slug", async () => {
    const before = await totals();
    const attempts = 12;
    const browsers = await Promise.all(Array.from({ length: attempts }, () => platformBrowser()));
    const responses = await Promise.all(
      browsers.map((browser, index) =>
        browser.post(
          "/api/signup",
          signup({
            organiser: { slug: "course-folle" },
            owner: { email: `racer${index}@race.test` },
          }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(attempts - 1).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({
        error: "SLUG_TAKEN",
        fields: { "organiser.slug": "SLUG_TAKEN" },
      });
    }
    const emails = Array.from({ length: attempts }, (_, index) => `racer${index}@race.test`);
    const owners = await t.db
      .select({ id: collaborators.id })
      .from(collaborators)
      .where(inArray(collaborators.email, emails));
    expect(owners).toHaveLength(1);
    expect(await totals()).toEqual({
      organisers: before.organisers + 1,
      collaborators: before.collaborators + 1,
    });
  });

  it("lets one of many simultaneous sign-ups with one e-mail through", async () => {
    const before = await totals();
    const browsers = await Promise.all(Array.from({ length: 6 }, () => platformBrowser()));
    const responses = await Promise.all(
      browsers.map((browser, index) =>
        browser.post(
          "/api/signup",
          signup({
            organiser: { slug: `meme-courriel-${index}` },
            owner: { email: "same@race.test" },
          }),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409,
    ]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().fields).toEqual({ "owner.email": "EMAIL_ALREADY_USED" });
    }
    expect(await totals()).toEqual({
      organisers: before.organisers + 1,
      collaborators: before.collaborators + 1,
    });
  });

  it("says whether a slug is free as it is typed", async () => {
    const browser = await platformBrowser();
    const ask = async (slug: string) =>
      (await browser.get(`/api/signup/slug-availability?slug=${encodeURIComponent(slug)}`)).json();
    expect(await ask("Nouveau-Club")).toEqual({
      slug: "nouveau-club",
      available: true,
      reason: null,
    });
    expect(await ask("demo")).toMatchObject({ available: false, reason: "SLUG_TAKEN" });
    expect(await ask("api")).toMatchObject({ available: false, reason: "SLUG_RESERVED" });
    expect(await ask("ab")).toMatchObject({ available: false, reason: "TOO_SHORT" });
    expect(await ask("club--x")).toMatchObject({ available: false, reason: "INVALID_FORMAT" });
    const long = await browser.get(`/api/signup/slug-availability?slug=${"a".repeat(300)}`);
    expect(long.statusCode).toBe(400);
  });

  it("answers only on the platform host", async () => {
    for (const host of [DEMO_HOST, ADMIN_HOST, "nobody.localhost"]) {
      const client = new Client(t.app, host);
      const availability = await client.get("/api/signup/slug-availability?slug=abc");
      expect(availability.statusCode, host).toBe(404);
      const created = await client.request("POST", "/api/signup", {
        body: signup({ organiser: { slug: "hors-plateforme" } }),
        xsrf: false,
      });
      expect(created.statusCode, host).toBe(404);
    }
    const platform = new Client(t.app, PLATFORM_HOST);
    const handover = await platform.get("/api/admin/auth/handover?token=abc");
    expect(handover.statusCode).toBe(404);
    // The storefront's own calls are not the platform's.
    expect((await platform.get("/api/activities")).statusCode).toBe(404);
    const [row] = await t.db
      .select({ n: count() })
      .from(organisers)
      .where(and(eq(organisers.slug, "hors-plateforme")));
    expect(row!.n).toBe(0);
  });
});
