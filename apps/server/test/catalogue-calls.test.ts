import { activities, organisers } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogueFixture, insertCatalogueFixture } from "./catalogue-fixture.ts";
import { Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let f: CatalogueFixture;
let demo: Client;
let english: Client;

beforeAll(async () => {
  t = await createTestApp();
  f = await insertCatalogueFixture(t.db);
  demo = new Client(t.app, DEMO_HOST);
  english = new Client(t.app, DEMO_EN_HOST);
});
afterAll(() => t.close());

type Item = { id: number; cuid: string };

async function body(url: string, client: Client = demo) {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

describe("GET /api/availabilities/calendar", () => {
  it("lists the local days having a matching date, the past month included", async () => {
    const { day, past } = f.days;
    const calendar = await body(`/api/availabilities/calendar?catalog=${f.catalog}`);
    expect(calendar).toEqual({
      dates: [past, day(0), day(1), day(41), day(42), day(43)].map((date) => ({ date })),
    });
  });

  it("applies the status, activity and filter parameters", async () => {
    const { day } = f.days;
    const dates = async (query: string) =>
      (await body(`/api/availabilities/calendar?catalog=${f.catalog}&${query}`)).dates.map(
        (item: { date: string }) => item.date,
      );
    expect(await dates("status=FULL")).toEqual([day(4), day(5)]);
    expect(await dates("status=OPEN,FULL&weekday=7")).toEqual([day(4)]);
    expect(await dates(`activity=${f.activities.garden.cuid}&status=OPEN,CLOSED`)).toEqual([
      day(28),
      day(41),
      day(42),
      day(43),
    ]);
    // The weekday and date filters choose dates, not only availabilities.
    expect(await dates("weekday=3")).toEqual([day(0), day(42)]);
    expect(await dates(`date=${day(0)}`)).toEqual([day(0)]);
    expect(await dates(`location=${f.locations.park}&search=observatoire`)).toEqual([day(1)]);
    // The quick list sends its page number along: it does not page the calendar.
    expect(await dates("page_number=3")).toHaveLength(6);
  });
});

describe("GET /api/availabilities/dates", () => {
  it("answers the dates with their availability's context, from now on", async () => {
    const { at } = f.days;
    const response = await body(`/api/availabilities/dates?catalog=${f.catalog}`);
    const { data, count } = response.availabilities_dates;
    expect(count).toBe(5);
    expect(data.map((item: { start_at: string }) => item.start_at)).toEqual(
      [at(0, "23:30"), at(1, "00:30"), at(41, "10:00"), at(42, "10:00"), at(43, "10:00")].map(
        (date) => date.toISOString(),
      ),
    );
    expect(data[0]).toMatchObject({
      status: "OPEN",
      capacity: 12,
      registered: 0,
      availability: {
        id: f.v1.id,
        cuid: f.v1.cuid,
        price: 5000,
        location: { cuid: f.locations.zephyr },
        activity: { cuid: f.activities.stars.cuid, title: "Observatoire nocturne" },
        resource: null,
      },
    });
    expect(data[0].availability).not.toHaveProperty("dates");
  });

  it("takes status, activity, filters, after/before (never before now) and paging", async () => {
    const { day, at, past } = f.days;
    const starts = async (query: string) => {
      const response = await body(`/api/availabilities/dates?catalog=${f.catalog}&${query}`);
      return response.availabilities_dates.data.map((item: { start_at: string }) => item.start_at);
    };
    expect(await starts("status=FULL")).toEqual([
      at(4, "10:00").toISOString(),
      at(5, "10:00").toISOString(),
    ]);
    expect(await starts(`activity=${f.activities.garden.cuid}&after=${day(42)}`)).toEqual([
      at(42, "10:00").toISOString(),
      at(43, "10:00").toISOString(),
    ]);
    expect(await starts(`after=${day(41)}&before=${day(43)}`)).toEqual([
      at(41, "10:00").toISOString(),
      at(42, "10:00").toISOString(),
    ]);
    expect(await starts("weekday=3")).toEqual([
      at(0, "23:30").toISOString(),
      at(42, "10:00").toISOString(),
    ]);
    expect(await starts(`date=${day(42)}`)).toEqual([at(42, "10:00").toISOString()]);
    // after in the past is raised to now: the ended availability's date stays out.
    expect(await starts(`after=${past}&activity=${f.activities.stars.cuid}`)).toEqual([
      at(0, "23:30").toISOString(),
      at(1, "00:30").toISOString(),
    ]);
    // before in the past is raised to now too: nothing starts before now that has not ended.
    expect(await starts(`before=${past}`)).toEqual([]);
    const page = await body(`/api/availabilities/dates?catalog=${f.catalog}&limit=2&offset=3`);
    expect(page.availabilities_dates.count).toBe(5);
    expect(
      page.availabilities_dates.data.map((item: { start_at: string }) => item.start_at),
    ).toEqual([at(42, "10:00").toISOString(), at(43, "10:00").toISOString()]);
  });

  it("another organiser's catalog selects nothing", async () => {
    const response = await body(`/api/availabilities/dates?catalog=${f.catalog}`, english);
    expect(response).toEqual({ availabilities_dates: { data: [], count: 0 } });
  });
});

describe("GET /api/activities", () => {
  const titles = async (query: string, client: Client = demo) =>
    (await body(`/api/activities?catalog=${f.catalog}&${query}`, client)).data.map(
      (item: { title: string }) => item.title,
    );

  it("lists the published activities of the catalog with their views", async () => {
    const response = await body(`/api/activities?catalog=${f.catalog}`);
    expect(response).toMatchObject({ count: 2, limit: 20, offset: 0 });
    const [garden, stars] = response.data;
    expect(garden.title).toBe("Jardin étonnant");
    expect(stars).toEqual({
      id: f.activities.stars.id,
      cuid: f.activities.stars.cuid,
      title: "Observatoire nocturne",
      description: "<p>Regarder les <strong>étoiles</strong> au télescope.</p>",
      age_minimum: 8,
      age_maximum: 12,
      default_capacity: null,
      default_price: 5000,
      default_deposit: 0,
      categories: [
        {
          cuid: f.categories.astronomy,
          title: "Astronomie",
          group: { cuid: f.groups.theme, title: "Thème test", scope: "PRIMARY" },
        },
      ],
      images: [
        { id: expect.any(Number), public_url: "https://img.test/stars.jpg", alt: "Ciel étoilé" },
      ],
      // Places of its availabilities that have not ended, by title.
      locations: [
        expect.objectContaining({ cuid: f.locations.park, title: "Parc Ouest" }),
        expect.objectContaining({ cuid: f.locations.zephyr, title: "Salle Zéphyr" }),
      ],
      next_start_at: f.days.at(0, "23:30").toISOString(),
    });
    // The FULL availability of the garden starts first.
    expect(garden.next_start_at).toBe(f.days.at(4, "10:00").toISOString());
  });

  it("pages, filters and keeps the available-only switch (after)", async () => {
    const { day } = f.days;
    expect(await body(`/api/activities?catalog=${f.catalog}&limit=1&offset=1`)).toMatchObject({
      count: 2,
      limit: 1,
      offset: 1,
      data: [{ title: "Observatoire nocturne" }],
    });
    expect(await titles("search=ETOILES")).toEqual(["Observatoire nocturne"]);
    expect(await titles("age=13")).toEqual(["Jardin étonnant"]);
    expect(await titles(`category-${f.groups.theme}=${f.categories.botany}`)).toEqual([
      "Jardin étonnant",
    ]);
    // Through an OPEN or FULL availability not ended: location, days, weekdays.
    expect(await titles(`location=${f.locations.park}`)).toEqual(["Observatoire nocturne"]);
    expect(await titles("weekday=7")).toEqual(["Jardin étonnant"]);
    expect(await titles(`date=${day(1)}`)).toEqual(["Observatoire nocturne"]);
    // The CLOSED availability in the period does not count.
    expect(await titles(`period=${f.period}`)).toEqual([]);
    // Only activities with an OPEN availability starting after `after`.
    expect(await titles(`after=${day(2)}`)).toEqual(["Jardin étonnant"]);
    expect(await titles(`after=${day(50)}`)).toEqual([]);
  });

  it("with id answers only those activities, in the requested order", async () => {
    const { stars, garden, draft } = f.activities;
    const response = await body(`/api/activities?id=${stars.id},${garden.id},${draft.id},999999`);
    expect(Object.keys(response)).toEqual(["data"]);
    expect(response.data.map((item: Item) => item.id)).toEqual([stars.id, garden.id]);
  });

  it("another organiser's ids and catalogs match nothing", async () => {
    const theirs = await body(`/api/activities?id=${f.activities.stars.id}`, english);
    expect(theirs).toEqual({ data: [] });
    expect(await titles("", english)).toEqual([]);
    const [englishActivity] = await t.db
      .select({ id: activities.id })
      .from(activities)
      .innerJoin(organisers, eq(organisers.id, activities.organiserId))
      .where(and(eq(organisers.slug, "demo-en"), eq(activities.published, true)))
      .limit(1);
    expect((await body(`/api/activities?id=${englishActivity!.id}`)).data).toEqual([]);
  });
});

describe("GET /api/bundles, /api/memberships, /api/vouchers", () => {
  it("lists published bundles, by id and by search", async () => {
    const { published, hidden, second } = f.bundles;
    const byIds = await body(`/api/bundles?id=${published.id},${hidden.id},${second.id}`);
    expect(byIds).toMatchObject({ count: 2, limit: 20, offset: 0 });
    // By title: "… 10 séances" before "… 5 séances".
    expect(byIds.data.map((item: Item) => item.id)).toEqual([published.id, second.id]);
    expect(byIds.data[0]).toEqual({
      id: published.id,
      cuid: published.cuid,
      title: "Carte Zodiaque 10 séances",
      description: "<p>Carte</p>",
      price: 9000,
      capacity: 10,
      duration: null,
      expires_at: null,
      entity: "PARTICIPANTS",
      images: [
        { id: expect.any(Number), public_url: "https://img.test/stars.jpg", alt: "Ciel étoilé" },
      ],
    });
    const search = await body("/api/bundles?search=zodiaque%2010");
    expect(search.data.map((item: Item) => item.id)).toEqual([published.id]);
    const paged = await body("/api/bundles?search=zodiaque&limit=1&offset=1");
    expect(paged).toMatchObject({ count: 2, limit: 1, offset: 1 });
    expect(paged.data.map((item: Item) => item.id)).toEqual([second.id]);
  });

  it("lists memberships and vouchers by id and search", async () => {
    const membership = await body(`/api/memberships?id=${f.memberships.published.id}`);
    expect(membership).toMatchObject({ count: 1 });
    expect(membership.data[0]).toEqual({
      id: f.memberships.published.id,
      cuid: f.memberships.published.cuid,
      title: "Abonnement Zodiaque",
      description: "",
      price: 12000,
      entity: "PARTICIPANTS",
      period_type: "ROLLING",
      fixed_period_start_at: null,
      fixed_period_end_at: null,
      rolling_period_type: "months",
      rolling_period_duration: 12,
      images: [],
    });
    const voucher = await body("/api/vouchers?search=cheque%20zodiaque");
    expect(voucher.data).toEqual([
      {
        id: f.vouchers.published.id,
        cuid: f.vouchers.published.cuid,
        title: "Chèque Zodiaque",
        description: "",
        price: 5000,
        amount: 5000,
        duration: 31_536_000,
        images: [],
      },
    ]);
    const all = await body("/api/vouchers");
    expect(all.count).toBeGreaterThan(1);
  });

  it("another organiser's ids match nothing", async () => {
    expect(await body(`/api/bundles?id=${f.bundles.published.id}`, english)).toMatchObject({
      data: [],
      count: 0,
    });
    expect(await body(`/api/memberships?id=${f.memberships.published.id}`, english)).toMatchObject({
      data: [],
      count: 0,
    });
    expect(await body(`/api/vouchers?id=${f.vouchers.published.id}`, english)).toMatchObject({
      data: [],
      count: 0,
    });
  });
});

describe("GET /api/resources and /api/resources/availabilities", () => {
  it("answers the resources by id", async () => {
    const response = await body(`/api/resources?id=${f.resource.id},999999`);
    expect(response).toEqual({
      data: [
        {
          id: f.resource.id,
          cuid: f.resource.cuid,
          name: "Court n° 1",
          description: "Terre battue",
          // In no group (decision 0071).
          group: null,
          location: { cuid: f.locations.zephyr, title: "Salle Zéphyr" },
          images: [
            {
              id: expect.any(Number),
              public_url: "https://img.test/stars.jpg",
              alt: "Ciel étoilé",
            },
          ],
        },
      ],
    });
    expect(await body(`/api/resources?id=${f.resource.id}`, english)).toEqual({ data: [] });
  });

  it("answers the free slots in the window, minus those overlapping an availability", async () => {
    const { day, at } = f.days;
    const slots = await body(
      `/api/resources/availabilities?resources=${f.resource.id}&after=${day(10)}&before=${day(20)}`,
    );
    // 11:00 (to 12:00) and 12:00 (to 13:00) overlap the availability of 11:30–12:30.
    expect(slots).toEqual({
      data: [
        {
          resource_id: f.resource.id,
          start_at: at(10, "10:00").toISOString(),
          prices: [{ duration: 3600, amount: 1500 }],
        },
        {
          resource_id: f.resource.id,
          start_at: at(17, "10:00").toISOString(),
          prices: [{ duration: 3600, amount: 1500 }],
        },
      ],
    });
    const narrow = await body(
      `/api/resources/availabilities?resources=${f.resource.id}&after=${encodeURIComponent(f.days.local(10, "09:00"))}&before=${day(11)}`,
    );
    expect(narrow.data).toHaveLength(1);
    const theirs = await body(
      `/api/resources/availabilities?resources=${f.resource.id}&after=${day(10)}&before=${day(20)}`,
      english,
    );
    expect(theirs).toEqual({ data: [] });
  });

  it("shows the availability on the resource with its resource", async () => {
    const response = await body(`/api/availabilities?activity=${f.activities.courts.cuid}`);
    expect(response.data.map((item: Item) => item.id)).toEqual([f.onCourt.id]);
    expect(response.data[0].resource).toEqual({
      id: f.resource.id,
      cuid: f.resource.cuid,
      name: "Court n° 1",
    });
  });
});

describe("the calls appear in the API documentation", () => {
  it("lists them under the catalogue tag", async () => {
    const response = await demo.get("/api/docs/json");
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, { get?: { tags?: string[] } }>;
    for (const path of [
      "/api/activities",
      "/api/availabilities",
      "/api/availabilities/calendar",
      "/api/availabilities/dates",
      "/api/bundles",
      "/api/memberships",
      "/api/vouchers",
      "/api/resources",
      "/api/resources/availabilities",
    ]) {
      expect(paths[path]?.get?.tags, path).toEqual(["catalogue"]);
    }
  });
});
