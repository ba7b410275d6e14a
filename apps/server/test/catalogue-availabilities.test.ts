import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogueFixture, insertCatalogueFixture } from "./catalogue-fixture.ts";
import { Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let f: CatalogueFixture;
let demo: Client;

beforeAll(async () => {
  t = await createTestApp();
  f = await insertCatalogueFixture(t.db);
  demo = new Client(t.app, DEMO_HOST);
});
afterAll(() => t.close());

type Item = { id: number; cuid: string };

/** GET /api/availabilities within the fixture's catalog; answers the body. */
async function list(query = "", host: Client = demo) {
  const separator = query ? "&" : "";
  const response = await host.get(`/api/availabilities?catalog=${f.catalog}${separator}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function ids(query = ""): Promise<number[]> {
  return (await list(query)).data.map((item: Item) => item.id);
}

const ALL = "status=OPEN,FULL,CLOSED";

describe("GET /api/availabilities", () => {
  it("answers the list envelope with the full availability views", async () => {
    const body = await list();
    expect(body).toMatchObject({ count: 3, limit: 20, offset: 0 });
    const first = body.data[0];
    const { at } = f.days;
    expect(first).toEqual({
      id: f.v1.id,
      cuid: f.v1.cuid,
      status: "OPEN",
      start_at: at(0, "23:30").toISOString(),
      end_at: at(0, "23:59").toISOString(),
      registrations_start_at: null,
      registrations_end_at: null,
      capacity: 12,
      registered: 0,
      price: 5000,
      deposit: 1000,
      age_minimum: 8,
      age_maximum: 12,
      dates: [
        {
          id: expect.any(Number),
          cuid: expect.any(String),
          start_at: at(0, "23:30").toISOString(),
          end_at: at(0, "23:59").toISOString(),
          status: "OPEN",
          capacity: 12,
          registered: 0,
        },
      ],
      location: {
        cuid: f.locations.zephyr,
        title: "Salle Zéphyr",
        name: "Zéphyr",
        street: "Rue Haute",
        number: null,
        postcode: null,
        city: "Liège",
      },
      categories: [
        {
          cuid: f.categories.astronomy,
          title: "Astronomie",
          group: { cuid: f.groups.theme, title: "Thème test", scope: "PRIMARY" },
        },
        {
          cuid: f.categories.children,
          title: "Enfants",
          group: { cuid: f.groups.audience, title: "Public test", scope: "PRIMARY" },
        },
      ],
      activity: {
        id: f.activities.stars.id,
        cuid: f.activities.stars.cuid,
        title: "Observatoire nocturne",
        description: "<p>Regarder les <strong>étoiles</strong> au télescope.</p>",
        instructions: null,
        images: [
          { id: expect.any(Number), public_url: "https://img.test/stars.jpg", alt: "Ciel étoilé" },
        ],
        default_price: 5000,
        default_deposit: 0,
        registration_flow: "DIRECT",
        settings: { allow_registrations_after_start: false },
        // No policy written: the default (decision 0101).
        cancellation_policy: { online_until_hours: 0, refund: "NONE", refund_percentage: 100 },
      },
      resource: null,
      // Its booking state (decision 0030): bookable until it starts tonight at 23:30.
      booking:
        Date.now() < at(0, "23:30").getTime()
          ? {
              bookable: true,
              reason: null,
              registrations_open_at: null,
              remaining: 12,
              badge: null,
              waiting_list: false,
            }
          : {
              bookable: false,
              reason: "started",
              registrations_open_at: null,
              remaining: 12,
              badge: "CLOSED",
              waiting_list: false,
            },
    });
  });

  it("pages with limit/offset and with page_number/page_size", async () => {
    const page = await list("limit=2");
    expect(page).toMatchObject({ count: 3, limit: 2, offset: 0 });
    expect(page.data.map((item: Item) => item.id)).toEqual([f.v1.id, f.v2.id]);
    const next = await list("limit=2&offset=2");
    expect(next.data.map((item: Item) => item.id)).toEqual([f.v5.id]);
    const second = await list("page_number=2&page_size=2");
    expect(second).toMatchObject({ count: 3, limit: 2, offset: 2 });
    expect(second.data.map((item: Item) => item.id)).toEqual([f.v5.id]);
    const beyond = await list("page_number=9&page_size=2");
    expect(beyond).toMatchObject({ data: [], count: 3 });
  });

  it("lists OPEN ones by default, other statuses on request, never unpublished activities", async () => {
    expect(await ids()).toEqual([f.v1.id, f.v2.id, f.v5.id]);
    expect(await ids("status=FULL")).toEqual([f.v3.id]);
    expect(await ids("status=closed,full")).toEqual([f.v3.id, f.v4.id]);
    expect(await ids(ALL)).toEqual([f.v1.id, f.v2.id, f.v3.id, f.v4.id, f.v5.id]);
    expect(await ids(ALL)).not.toContain(f.v6.id);
  });

  it("sorts by start, end, price and title, ascending or descending", async () => {
    expect(await ids("sort=-start_at")).toEqual([f.v5.id, f.v2.id, f.v1.id]);
    expect(await ids("sort=price")).toEqual([f.v5.id, f.v2.id, f.v1.id]);
    expect(await ids("sort=-price")).toEqual([f.v1.id, f.v2.id, f.v5.id]);
    expect(await ids("sort=-end_at")).toEqual([f.v5.id, f.v2.id, f.v1.id]);
    // "Jardin étonnant" before "Observatoire nocturne", then latest first within a title.
    expect(await ids("sort=title,-start_at")).toEqual([f.v5.id, f.v2.id, f.v1.id]);
  });

  it("searches titles, descriptions and places, ignoring case and accents", async () => {
    expect(await ids("search=ETOILES")).toEqual([f.v1.id, f.v2.id]);
    expect(await ids("search=jardin%20etonnant")).toEqual([f.v5.id]);
    expect(await ids("search=zephyr")).toEqual([f.v1.id, f.v5.id]);
    expect(await ids("search=li%C3%A8ge")).toEqual([f.v1.id, f.v5.id]);
    expect(await ids("search=observatoire%20namur")).toEqual([f.v2.id]);
    // Markup is not searched, and LIKE wildcards are plain characters.
    expect(await ids("search=strong")).toEqual([]);
    expect(await ids("search=%25")).toEqual([]);
    expect(await ids("search=%20%20")).toEqual([f.v1.id, f.v2.id, f.v5.id]);
  });

  it("filters by local day: 23:30 in Brussels is that day, 00:30 is the next", async () => {
    const { day, at } = f.days;
    // v1 starts D0 23:30 local, v2 D1 00:30 local: both on D0 in UTC.
    expect(at(1, "00:30").toISOString().slice(0, 10)).toBe(day(0));
    expect(await ids(`date=${day(0)}`)).toEqual([f.v1.id]);
    expect(await ids(`date=${day(1)}`)).toEqual([f.v2.id]);
    expect(await ids(`date=${day(5)}&${ALL}`)).toEqual([f.v3.id]);
    expect(await ids(`date=${day(2)}`)).toEqual([]);
  });

  it("filters by weekday in the organiser's time zone, Sunday being 7", async () => {
    expect(await ids(`weekday=7&${ALL}`)).toEqual([f.v3.id]);
    // Wednesday: v1 (D0 23:30 local) and v5 (D42); not v2, Wednesday in UTC only.
    expect(await ids("weekday=3")).toEqual([f.v1.id, f.v5.id]);
    expect(await ids("weekday=4")).toEqual([f.v2.id, f.v5.id]);
    expect(await ids("weekday=3,4")).toEqual([f.v1.id, f.v2.id, f.v5.id]);
  });

  it("filters by location", async () => {
    expect(await ids(`location=${f.locations.park}`)).toEqual([f.v2.id]);
    expect(await ids(`location=${f.locations.park},${f.locations.zephyr}`)).toEqual([
      f.v1.id,
      f.v2.id,
      f.v5.id,
    ]);
  });

  it("filters by categories: OR inside a group, AND across groups", async () => {
    const { astronomy, botany, children, teens } = f.categories;
    const statuses = "status=OPEN,FULL";
    expect(await ids(`category-${f.groups.theme}=${astronomy}&${statuses}`)).toEqual([
      f.v1.id,
      f.v2.id,
    ]);
    expect(await ids(`category-${f.groups.theme}=${astronomy},${botany}&${statuses}`)).toEqual([
      f.v1.id,
      f.v2.id,
      f.v3.id,
      f.v5.id,
    ]);
    expect(
      await ids(
        `category-${f.groups.theme}=${astronomy},${botany}&category-${f.groups.audience}=${children}&${statuses}`,
      ),
    ).toEqual([f.v1.id, f.v3.id]);
    // A category of another group under this group's parameter matches nothing.
    expect(await ids(`category-${f.groups.theme}=${teens}`)).toEqual([]);
    // The plain `category` filter takes categories of any group.
    expect(await ids(`category=${teens}`)).toEqual([f.v2.id, f.v5.id]);
  });

  it("filters by calendar period and by availabilities-period", async () => {
    expect(await ids(`period=${f.period}&${ALL}`)).toEqual([f.v4.id]);
    const { day } = f.days;
    expect(await ids(`availabilities-period=${day(1)},${day(4)}&${ALL}`)).toEqual([
      f.v2.id,
      f.v3.id,
    ]);
    expect(await ids(`availabilities-period=${day(43)},${day(80)}`)).toEqual([f.v5.id]);
    expect(await ids(`availabilities-period=${day(6)},${day(27)}&${ALL}`)).toEqual([]);
  });

  it("filters by age, open bounds matching every age", async () => {
    expect(await ids("age=9")).toEqual([f.v1.id, f.v5.id]);
    expect(await ids("age=13")).toEqual([f.v2.id, f.v5.id]);
    expect(await ids("age=0")).toEqual([f.v5.id]);
  });

  it("filters by catalog, activity and segment", async () => {
    const garden = async (query: string) =>
      (await demo.get(`/api/availabilities?${query}`)).json().data.map((item: Item) => item.id);
    expect(await garden(`catalog=${f.gardenCatalog}&${ALL}`)).toEqual([f.v3.id, f.v4.id, f.v5.id]);
    // Several catalogs (a comma list, or the parameter repeated) select their union.
    expect(await garden(`catalog=${f.gardenCatalog}&catalog=${f.catalog}`)).toEqual([
      f.v1.id,
      f.v2.id,
      f.v5.id,
    ]);
    const byActivity = await list(`activity=${f.activities.garden.cuid}`);
    expect(byActivity.data.map((item: Item) => item.id)).toEqual([f.v5.id]);
    const bySegment = async (segment: string) =>
      (await demo.get(`/api/availabilities?segment=${segment}&after=${f.days.past}`))
        .json()
        .data.map((item: Item) => item.id);
    expect(await bySegment(f.segments.starsAtZephyr)).toEqual([f.v7.id, f.v1.id]);
    expect(await bySegment(f.segments.teens)).toEqual([f.v2.id, f.v5.id]);
    expect(await bySegment(`${f.segments.starsAtZephyr},${f.segments.teens}`)).toEqual([
      f.v7.id,
      f.v1.id,
      f.v2.id,
      f.v5.id,
    ]);
    // Segments of another entity are not availability segments.
    expect(await bySegment(f.segments.otherEntity)).toEqual([]);
    // A segment without conditions selects every availability, here narrowed by the catalog.
    expect(await ids(`segment=${f.segments.empty}`)).toEqual([f.v1.id, f.v2.id, f.v5.id]);
  });

  it("reads after and before in the organiser's time zone", async () => {
    const { day, at, local } = f.days;
    // A plain day is its local midnight (D1 00:00 in Brussels), v1 ends before it at 23:59.
    expect(await ids(`after=${day(1)}`)).toEqual([f.v2.id, f.v5.id]);
    expect(await ids(`before=${day(1)}`)).toEqual([f.v1.id]);
    expect(await ids(`after=${at(1, "00:00").toISOString()}`)).toEqual([f.v2.id, f.v5.id]);
    const after = encodeURIComponent(local(0, "23:58"));
    const before = encodeURIComponent(local(1, "00:30"));
    expect(await ids(`after=${after}&before=${before}`)).toEqual([f.v1.id]);
    // The default is the start of today: availabilities that ended before are left out.
    expect(await ids()).not.toContain(f.v7.id);
    expect(await ids(`after=${f.days.past}`)).toEqual([f.v7.id, f.v1.id, f.v2.id, f.v5.id]);
  });

  it("unknown cuids and another organiser's cuids match nothing", async () => {
    expect(await ids("location=zzzzzzzzzzzzzzzzzzzzzzzz")).toEqual([]);
    const english = new Client(t.app, DEMO_EN_HOST);
    const theirs = await english.get(`/api/availabilities?catalog=${f.catalog}`);
    expect(theirs.json()).toMatchObject({ data: [], count: 0 });
    const byActivity = await english.get(
      `/api/availabilities?activity=${f.activities.stars.cuid}&status=OPEN,FULL,CLOSED`,
    );
    expect(byActivity.json()).toMatchObject({ data: [], count: 0 });
    const bySegment = await english.get(`/api/availabilities?segment=${f.segments.empty}`);
    expect(bySegment.json()).toMatchObject({ data: [], count: 0 });
    // And the English organiser's own location does not select the demo's availabilities.
    const englishLocation = (await english.get("/api/availabilities?limit=1")).json().data[0]
      ?.location?.cuid;
    if (englishLocation) expect(await ids(`location=${englishLocation}`)).toEqual([]);
  });
});

describe("bad parameters are 400 VALIDATION_ERROR with the field's code", () => {
  const cases: Array<[string, Record<string, string>]> = [
    ["status=OPEN,PENDING", { status: "INVALID_CHOICE" }],
    ["date=2026-02-30", { date: "INVALID_DATE" }],
    ["date=tomorrow", { date: "INVALID_DATE" }],
    ["weekday=8", { weekday: "TOO_BIG" }],
    ["weekday=0", { weekday: "TOO_SMALL" }],
    ["age=-1", { age: "TOO_SMALL" }],
    ["age=ten", { age: "INVALID_FORMAT" }],
    ["limit=1000", { limit: "TOO_BIG" }],
    ["limit=0", { limit: "TOO_SMALL" }],
    ["offset=-5", { offset: "TOO_SMALL" }],
    ["page_size=101", { page_size: "TOO_BIG" }],
    ["page_number=0", { page_number: "TOO_SMALL" }],
    ["sort=capacity", { sort: "INVALID_CHOICE" }],
    ["sort=start_at,-colour", { sort: "INVALID_CHOICE" }],
    ["catalog=abc,ABC!", { catalog: "INVALID_FORMAT" }],
    ["segment=a%20b", { segment: "INVALID_FORMAT" }],
    ["location=%27%3B--", { location: "INVALID_FORMAT" }],
    ["period=x-y", { period: "INVALID_FORMAT" }],
    ["activity=..%2F", { activity: "INVALID_FORMAT" }],
    ["after=2026-13-01", { after: "INVALID_DATE" }],
    ["before=2026-03-01T10:00:00", { before: "INVALID_DATE" }],
    ["after=yesterday", { after: "INVALID_DATE" }],
    ["availabilities-period=2027-03-01", { "availabilities-period": "INVALID_FORMAT" }],
    ["availabilities-period=2027-03-10,2027-03-01", { "availabilities-period": "TOO_SMALL" }],
    ["availabilities-period=2027-02-29,2027-03-01", { "availabilities-period": "INVALID_DATE" }],
    ["category-abc=A%2CB", { "category-abc": "INVALID_FORMAT" }],
    ["date=2026-02-30&weekday=9", { date: "INVALID_DATE", weekday: "TOO_BIG" }],
  ];
  for (const [query, fields] of cases) {
    it(query, async () => {
      const response = await demo.get(`/api/availabilities?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields });
    });
  }

  it("the same codes on the calendar, dates, activities and products calls", async () => {
    const checks: Array<[string, Record<string, string>]> = [
      ["/api/availabilities/calendar?weekday=8", { weekday: "TOO_BIG" }],
      ["/api/availabilities/dates?limit=1000", { limit: "TOO_BIG" }],
      ["/api/availabilities/dates?after=2026-02-30", { after: "INVALID_DATE" }],
      ["/api/activities?id=1,x", { id: "INVALID_FORMAT" }],
      ["/api/activities?age=-1", { age: "TOO_SMALL" }],
      ["/api/bundles?limit=1000", { limit: "TOO_BIG" }],
      ["/api/memberships?id=-3", { id: "INVALID_FORMAT" }],
      ["/api/vouchers?offset=abc", { offset: "INVALID_FORMAT" }],
      ["/api/resources?id=1;2", { id: "INVALID_FORMAT" }],
      ["/api/resources/availabilities", { resources: "REQUIRED" }],
      ["/api/resources/availabilities?resources=1&after=soon", { after: "INVALID_DATE" }],
    ];
    for (const [url, fields] of checks) {
      const response = await demo.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: "VALIDATION_ERROR", fields });
    }
  });
});
