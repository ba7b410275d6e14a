import type { SsrRequestContext, StorefrontReader } from "@booking/contracts";
import { organisers, pageElements, pages, type TenantTx, withTenant } from "@booking/db";
import { eq, type SQLWrapper, sql } from "@booking/db/orm";
import { startOfTodayInZone } from "@booking/domain";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AvailabilitySelection,
  availabilityIdsQuery,
  dateIdsQuery,
  NO_FILTERS,
} from "../src/modules/catalogue/queries.ts";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { type CatalogueFixture, insertCatalogueFixture } from "./catalogue-fixture.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

let t: TestApp;
let f: CatalogueFixture;
let demo: Client;
let page: { id: number; cuid: string };

/** The router context a page request on `host` gets (no session cookie). */
async function ssrContext(host: string) {
  const organiser = await findOrganiserByHost(t.db, host, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies: {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const factory = storefrontContextFactory(t.db);
  const context = await factory(request);
  if (context.kind !== "storefront") throw new Error("expected a storefront context");
  return context as Extract<SsrRequestContext, { kind: "storefront" }>;
}

async function reader(host = DEMO_HOST): Promise<StorefrontReader> {
  return (await ssrContext(host)).reader;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await insertCatalogueFixture(t.db);
  demo = new Client(t.app, DEMO_HOST);
  const base = { organiserId: f.organiserId };
  const [row] = await t.db
    .insert(pages)
    .values({ ...base, path: "/zodiaque", title: "Le zodiaque", description: "Tout sur le ciel" })
    .returning({ id: pages.id, cuid: pages.cuid });
  page = row!;
  await t.db
    .insert(pages)
    .values({ ...base, path: "/brouillon", title: "Brouillon", published: false });
  // The home page, unless the demo seed already has one.
  await t.db
    .insert(pages)
    .values({ ...base, path: "/", title: "Accueil" })
    .onConflictDoNothing();
  const element = async (values: {
    parentId: number | null;
    position: number;
    element: "section" | "container" | "block";
    name: string;
  }) => {
    const [inserted] = await t.db
      .insert(pageElements)
      .values({
        ...base,
        pageId: page.id,
        family: values.element === "container" ? "layout" : "content",
        settings: { label: values.name },
        ...values,
      })
      .returning({ id: pageElements.id });
    return inserted!.id;
  };
  // Inserted out of order: the tree comes back ordered by position.
  await element({ parentId: null, position: 1, element: "section", name: "banner" });
  const first = await element({ parentId: null, position: 0, element: "section", name: "basic" });
  const grid = await element({ parentId: first, position: 0, element: "container", name: "grid" });
  await element({ parentId: grid, position: 2, element: "block", name: "paragraph" });
  await element({ parentId: grid, position: 1, element: "block", name: "heading" });
});
afterAll(() => t.close());

describe("the storefront reader", () => {
  it("answers exactly what the HTTP calls answer, for the same parameters", async () => {
    const read = await reader();
    const { day } = f.days;
    const cases: Array<[string, () => Promise<unknown>]> = [
      [
        `/api/availabilities?catalog=${f.catalog}&status=OPEN,FULL&sort=-price`,
        () => read.availabilities({ catalog: f.catalog, status: "OPEN,FULL", sort: "-price" }),
      ],
      [
        `/api/availabilities?catalog=${f.catalog}&weekday=3&page_size=1&page_number=2`,
        () =>
          read.availabilities({
            catalog: f.catalog,
            weekday: "3",
            page_size: "1",
            page_number: "2",
          }),
      ],
      [
        `/api/availabilities/calendar?catalog=${f.catalog}&location=${f.locations.zephyr}`,
        () => read.availabilitiesCalendar({ catalog: f.catalog, location: f.locations.zephyr }),
      ],
      [
        `/api/availabilities/dates?catalog=${f.catalog}&after=${day(1)}`,
        () => read.availabilityDates({ catalog: f.catalog, after: day(1) }),
      ],
      [`/api/activities?catalog=${f.catalog}`, () => read.activities({ catalog: f.catalog })],
      ["/api/bundles?search=zodiaque", () => read.bundles({ search: "zodiaque" })],
      ["/api/memberships?search=zodiaque", () => read.memberships({ search: "zodiaque" })],
      ["/api/vouchers?limit=2", () => read.vouchers({ limit: "2" })],
      [`/api/resources?id=${f.resource.id}`, () => read.resources({ id: String(f.resource.id) })],
      [
        `/api/resources/availabilities?resources=${f.resource.id}&after=${day(10)}&before=${day(20)}`,
        () =>
          read.resourceAvailabilities({
            resources: String(f.resource.id),
            after: day(10),
            before: day(20),
          }),
      ],
    ];
    for (const [url, call] of cases) {
      const response = await demo.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(JSON.parse(JSON.stringify(await call())), url).toEqual(response.json());
    }
  });

  it("rejects bad parameters with the HTTP call's VALIDATION_ERROR and field codes", async () => {
    const read = await reader();
    await expect(read.availabilities({ weekday: "8", date: "2026-02-30" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { weekday: "TOO_BIG", date: "INVALID_DATE" },
    });
    await expect(read.availabilityDates({ limit: "1000" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { limit: "TOO_BIG" },
    });
    await expect(read.activities({ [`category-${f.groups.theme}`]: "A!" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { [`category-${f.groups.theme}`]: "INVALID_FORMAT" },
    });
    await expect(read.resourceAvailabilities({})).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { resources: "REQUIRED" },
    });
  });

  it("reads one availability, activity, bundle, membership or voucher by cuid", async () => {
    const read = await reader();
    const list = (await demo.get(`/api/availabilities?catalog=${f.catalog}`)).json();
    expect(JSON.parse(JSON.stringify(await read.availability(f.v1.cuid)))).toEqual(list.data[0]);
    // Ended and CLOSED availabilities still have their page; unpublished activities do not.
    expect((await read.availability(f.v7.cuid))?.id).toBe(f.v7.id);
    expect((await read.availability(f.v4.cuid))?.status).toBe("CLOSED");
    expect(await read.availability(f.v6.cuid)).toBeNull();
    expect(await read.availability("nothing")).toBeNull();
    expect(await read.availability("../etc")).toBeNull();

    const activity = await read.activity(f.activities.stars.cuid);
    expect(activity).toMatchObject({ id: f.activities.stars.id, title: "Observatoire nocturne" });
    const listed = (await demo.get(`/api/activities?id=${f.activities.stars.id}`)).json();
    expect(JSON.parse(JSON.stringify(activity))).toEqual(listed.data[0]);
    expect(await read.activity(f.activities.draft.cuid)).toBeNull();

    expect(await read.bundle(f.bundles.published.cuid)).toMatchObject({ price: 9000 });
    expect(await read.bundle(f.bundles.hidden.cuid)).toBeNull();
    expect(await read.membership(f.memberships.published.cuid)).toMatchObject({
      period_type: "ROLLING",
    });
    expect(await read.voucher(f.vouchers.published.cuid)).toMatchObject({ amount: 5000 });
  });

  it("never reads another organiser's rows", async () => {
    const read = await reader(DEMO_EN_HOST);
    expect(await read.availability(f.v1.cuid)).toBeNull();
    expect(await read.activity(f.activities.stars.cuid)).toBeNull();
    expect(await read.bundle(f.bundles.published.cuid)).toBeNull();
    expect(await read.membership(f.memberships.published.cuid)).toBeNull();
    expect(await read.voucher(f.vouchers.published.cuid)).toBeNull();
    expect(await read.page("/zodiaque")).toBeNull();
    const facets = await read.facets();
    expect(facets.locations.map((location) => location.cuid)).not.toContain(f.locations.zephyr);
  });

  it("gives the facets: locations, category groups with categories, periods", async () => {
    const facets = await (await reader()).facets();
    expect(facets.locations).toContainEqual(
      expect.objectContaining({ cuid: f.locations.zephyr, title: "Salle Zéphyr" }),
    );
    const theme = facets.category_groups.find((group) => group.cuid === f.groups.theme);
    expect(theme).toEqual({
      cuid: f.groups.theme,
      title: "Thème test",
      order: 90,
      categories: [
        { cuid: f.categories.astronomy, title: "Astronomie" },
        { cuid: f.categories.botany, title: "Botanique" },
      ],
    });
    expect(facets.periods).toContainEqual({
      cuid: f.period,
      name: "Congé test",
      start_date: f.days.day(26),
      end_date: f.days.day(37),
    });
  });

  it("reads a published page with its element tree, ordered by position", async () => {
    const read = await reader();
    const view = await read.page("/zodiaque/");
    expect(view).toMatchObject({
      id: page.id,
      cuid: page.cuid,
      type: "DEFAULT",
      path: "/zodiaque",
      title: "Le zodiaque",
      description: "Tout sur le ciel",
    });
    const shape = (nodes: NonNullable<typeof view>["elements"]): unknown =>
      nodes.map((node) => ({ [`${node.element}:${node.name}`]: shape(node.children) }));
    expect(shape(view!.elements)).toEqual([
      {
        "section:basic": [
          { "container:grid": [{ "block:heading": [] }, { "block:paragraph": [] }] },
        ],
      },
      { "section:banner": [] },
    ]);
    expect(view!.elements[0]!.settings).toEqual({ label: "basic" });
    expect(await read.page("/brouillon")).toBeNull();
    expect(await read.page("/nowhere")).toBeNull();
    expect(await read.page("no-slash")).toBeNull();
  });
});

describe("the organiser's catalogue page in the page context", () => {
  async function setCatalogue(value: unknown) {
    const [row] = await t.db.select().from(organisers).where(eq(organisers.id, f.organiserId));
    await t.db
      .update(organisers)
      .set({
        website: {
          ...row!.website,
          pages_settings: { ...row!.website.pages_settings, catalogue: value as never },
        },
      })
      .where(eq(organisers.id, f.organiserId));
  }

  it("comes from website.pages_settings.catalogue and the title of the page at its path", async () => {
    await setCatalogue({ path: "/zodiaque", statuses: ["OPEN"], include_started: false });
    expect((await ssrContext(DEMO_HOST)).organiser.catalogue).toEqual({
      path: "/zodiaque",
      title: "Le zodiaque",
      statuses: ["OPEN"],
      include_started: false,
    });
  });

  it("falls back to a translated default title and to the defaults of malformed values", async () => {
    await setCatalogue({ path: "/sans-page", statuses: ["PENDING"], include_started: "yes" });
    expect((await ssrContext(DEMO_HOST)).organiser.catalogue).toEqual({
      path: "/sans-page",
      title: "Catalogue",
      statuses: ["OPEN", "FULL"],
      include_started: true,
    });
  });
});

describe("sitemap", () => {
  it("the reader lists pages, details, current availabilities and the terms", async () => {
    const entries = await (await reader()).sitemap();
    const paths = entries.map((entry) => entry.path);
    expect(paths).toContain("/zodiaque");
    expect(paths).not.toContain("/brouillon");
    expect(paths).toContain(`/activities/${f.activities.stars.cuid}`);
    expect(paths).not.toContain(`/activities/${f.activities.draft.cuid}`);
    expect(paths).toContain(`/availabilities/${f.v1.cuid}`);
    expect(paths).toContain(`/availabilities/${f.v4.cuid}`);
    expect(paths).not.toContain(`/availabilities/${f.v7.cuid}`);
    expect(paths).not.toContain(`/availabilities/${f.v6.cuid}`);
    expect(paths).toContain(`/bundles/${f.bundles.published.cuid}`);
    expect(paths).not.toContain(`/bundles/${f.bundles.hidden.cuid}`);
    expect(paths).toContain(`/memberships/${f.memberships.published.cuid}`);
    expect(paths).toContain(`/vouchers/${f.vouchers.published.cuid}`);
    expect(paths.filter((path) => path === "/terms")).toHaveLength(1);
    for (const entry of entries) expect(entry.updated_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it("/sitemap.xml is well-formed XML with absolute URLs under the organiser's language", async () => {
    // The configured address (http in tests), whatever forwarded headers a client forges.
    const response = await demo.request("GET", "/sitemap.xml", {
      headers: {
        "x-forwarded-proto": "https://evil.example/x?",
        "x-forwarded-host": "evil.example",
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/xml/);
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expectWellFormed(xml);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(locs.length).toBeGreaterThan(5);
    for (const loc of locs) {
      const url = new URL(loc.replaceAll("&amp;", "&"));
      expect(url.origin).toBe("http://demo.localhost");
      expect(url.pathname.startsWith("/fr")).toBe(true);
    }
    expect(locs).toContain("http://demo.localhost/fr/zodiaque");
    expect(locs).toContain("http://demo.localhost/fr");
    expect(locs).toContain(`http://demo.localhost/fr/availabilities/${f.v1.cuid}`);
    expect(locs).toContain("http://demo.localhost/fr/terms");
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);

    const english = await new Client(t.app, DEMO_EN_HOST).get("/sitemap.xml");
    expect(english.body).toContain("<loc>http://demo-en.localhost/en");
    expect(english.body).not.toContain(f.v1.cuid);
  });

  it("/robots.txt allows everything and points at the sitemap", async () => {
    const response = await demo.get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: http://demo.localhost/sitemap.xml\n",
    );
  });

  it("both are 404 on unknown hosts", async () => {
    const response = await new Client(t.app, "nobody.localhost").get("/sitemap.xml");
    expect(response.statusCode).toBe(404);
  });
});

/** Tags nest and close in order, attributes are quoted, text holds no bare `<` or `&`. */
function expectWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null = token.exec(body);
  let consumed = 0;
  while (match) {
    consumed = token.lastIndex;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    } else if (closing) {
      expect(stack.pop()).toBe(name);
    } else if (!selfClosing) {
      stack.push(name!);
    }
    match = token.exec(body);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toEqual([]);
}

describe("query plans", () => {
  /** EXPLAIN of a statement in the organiser's transaction, sequential scans disabled. */
  async function plan(build: (tx: TenantTx) => SQLWrapper) {
    return withTenant(t.db, f.organiserId, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${build(tx)}`);
      return (result.rows as Array<{ "QUERY PLAN": string }>)
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    });
  }

  const selection = (overrides: Partial<AvailabilitySelection> = {}): AvailabilitySelection => ({
    organiserId: f.organiserId,
    timezone: "Europe/Brussels",
    statuses: ["OPEN"],
    activity: undefined,
    catalogs: undefined,
    segments: undefined,
    filters: NO_FILTERS,
    endsAfter: startOfTodayInZone(new Date(), "Europe/Brussels"),
    startsBefore: undefined,
    ...overrides,
  });

  it("reads availabilities and dates through indexes led by organiser_id", async () => {
    const plans = [
      await plan((tx) =>
        availabilityIdsQuery(tx, selection(), [{ field: "start_at", direction: "asc" }], {
          limit: 20,
          offset: 0,
        }),
      ),
      await plan((tx) =>
        availabilityIdsQuery(
          tx,
          selection({
            catalogs: [f.catalog],
            filters: {
              ...NO_FILTERS,
              day: { start: f.days.at(0, "00:00"), end: f.days.at(1, "00:00") },
              locations: [f.locations.zephyr],
              categories: [{ group: f.groups.theme, categories: [f.categories.astronomy] }],
            },
          }),
          [{ field: "price", direction: "desc" }],
          { limit: 20, offset: 0 },
        ),
      ),
      await plan((tx) =>
        dateIdsQuery(
          tx,
          selection({ activity: f.activities.stars.cuid }),
          { after: new Date(), before: undefined },
          { limit: 100, offset: 0 },
        ),
      ),
    ];
    for (const text of plans) {
      expect(text).not.toMatch(/Seq Scan/);
      // Index, index-only and bitmap scans alike: the planner picks among them by statistics.
      const indexes = [
        ...text.matchAll(
          /(?:Index (?:Only )?Scan (?:Backward )?using|Bitmap Index Scan on) (\S+)/g,
        ),
      ].map((match) => match[1]!);
      expect(indexes.length).toBeGreaterThan(0);
      // Primary keys and cuid keys start with organiser_id too (decision 0097).
      for (const index of indexes) expect(index, text).toMatch(/organiser_id|_cuid_unique|_pkey$/);
    }
  });
});
