import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { activities } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExpiringCache } from "../src/http/expiring-cache.ts";
import {
  answerBody,
  CUSTOMER_CHANGE_SHOWN_WITHIN_MS,
  cachedAnswer,
  createPublicCache,
  ORGANISER_SCOPE,
} from "../src/http/public-cache.ts";
import {
  availabilityWithDates,
  organiserIdOf,
  registrationBody,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

describe("expiring cache", () => {
  function clock() {
    let time = 1_000;
    return { now: () => time, advance: (ms: number) => (time += ms) };
  }

  it("reuses a value while fresh, refreshes it in the background, then recomputes", async () => {
    const { now, advance } = clock();
    const cache = createExpiringCache<string>({ ttlMs: 100, maxSize: 10, sizeOf: () => 1, now });
    let computed = 0;
    const compute = async () => `value ${++computed}`;
    expect(await cache.get("a", compute)).toBe("value 1");
    advance(99);
    expect(await cache.get("a", compute)).toBe("value 1");
    expect(computed).toBe(1);
    // Past its freshness: still answered, while one computation refreshes it.
    advance(1);
    expect(await cache.get("a", compute)).toBe("value 1");
    expect(computed).toBe(2);
    expect(await cache.get("a", compute)).toBe("value 2");
    // Too old to answer: computed while the caller waits.
    advance(200);
    expect(await cache.get("a", compute)).toBe("value 3");
  });

  it("computes once for concurrent misses of one key", async () => {
    const cache = createExpiringCache<number>({ ttlMs: 100, maxSize: 10, sizeOf: () => 1 });
    let computed = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      computed += 1;
      await gate;
      return 42;
    };
    const answers = Promise.all([cache.get("a", compute), cache.get("a", compute)]);
    release();
    expect(await answers).toEqual([42, 42]);
    expect(computed).toBe(1);
  });

  it("keeps no failure and no value that `keep` refuses", async () => {
    const cache = createExpiringCache<number>({
      ttlMs: 100,
      maxSize: 10,
      sizeOf: () => 1,
      keep: (value) => value > 0,
    });
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", async () => 1)).toBe(1);
    expect(await cache.get("b", async () => 0)).toBe(0);
    expect(await cache.get("b", async () => 2)).toBe(2);
  });

  it("drops the oldest entries beyond its size", async () => {
    const cache = createExpiringCache<string>({ ttlMs: 100, maxSize: 5, sizeOf: (v) => v.length });
    await cache.get("a", async () => "aaa");
    await cache.get("b", async () => "bb");
    await cache.get("c", async () => "c");
    expect(await cache.get("a", async () => "new")).toBe("new");
    expect(await cache.get("c", async () => "new")).toBe("c");
  });

  it("forgets the keys under a prefix", async () => {
    const cache = createExpiringCache<string>({ ttlMs: 100, maxSize: 10, sizeOf: () => 1 });
    await cache.get("1:x", async () => "one");
    await cache.get("2:x", async () => "two");
    cache.deletePrefix("1:");
    expect(await cache.get("1:x", async () => "fresh")).toBe("fresh");
    expect(await cache.get("2:x", async () => "fresh")).toBe("two");
  });

  describe("outdated by a change (decision 0110)", () => {
    function outdatingCache() {
      const { now, advance } = clock();
      const cache = createExpiringCache<string>({
        ttlMs: 1_000,
        maxSize: 10,
        sizeOf: () => 1,
        outdatedForMs: 50,
        now,
      });
      let computed = 0;
      const compute = async () => `value ${++computed}`;
      return { cache, compute, advance, computed: () => computed };
    }

    it("answers the change's maker a new value at once, others the old one for a moment", async () => {
      const { cache, compute, advance, computed } = outdatingCache();
      await cache.get("1:x", compute);
      await cache.get("2:x", compute);
      const since = cache.outdatePrefix("1:");

      expect(await cache.get("1:x", compute)).toBe("value 1");
      expect(await cache.get("1:x", compute, since)).toBe("value 3");
      // The maker's new value serves everyone from then on.
      expect(await cache.get("1:x", compute)).toBe("value 3");
      expect(await cache.get("2:x", compute)).toBe("value 2");
      expect(computed()).toBe(3);

      // Another change: others still get what was read before it for 50 ms, then a new value.
      cache.outdatePrefix("1:");
      advance(49);
      expect(await cache.get("1:x", compute)).toBe("value 3");
      advance(1);
      expect(await cache.get("1:x", compute)).toBe("value 4");
      expect(await cache.get("1:x", compute)).toBe("value 4");
    });

    it("reads once for many changes in a moment", async () => {
      const { cache, compute, advance, computed } = outdatingCache();
      await cache.get("1:x", compute);
      for (let change = 0; change < 10; change += 1) {
        cache.outdatePrefix("1:");
        advance(10);
        await cache.get("1:x", compute);
      }
      // 100 ms of changes every 10 ms: read again once each 50 ms, not after each change.
      expect(computed()).toBe(3);
    });

    it("never answers the maker what was computing when they changed", async () => {
      const { cache, computed } = outdatingCache();
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow = async () => {
        await gate;
        return "read before the change";
      };
      const before = cache.get("1:x", slow);
      const since = cache.outdatePrefix("1:");
      const makers = Promise.all([
        cache.get("1:x", async () => "read after the change", since),
        cache.get("1:x", async () => "a second read", since),
      ]);
      release();
      expect(await before).toBe("read before the change");
      // Both of the change's readers share the one read that started after it.
      expect(await makers).toEqual(["read after the change", "read after the change"]);
      expect(computed()).toBe(0);
    });

    it("leaves what `spare` keeps and what is under another prefix", async () => {
      const { cache, compute } = outdatingCache();
      await cache.get("1:staff", compute);
      await cache.get("1:x", compute);
      const since = cache.outdatePrefix("1:", (key) => key === "1:staff");
      expect(await cache.get("1:staff", compute, since)).toBe("value 1");
      expect(await cache.get("1:x", compute, since)).toBe("value 3");
    });
  });
});

describe("public cache", () => {
  const page =
    (body: string, status = 200) =>
    async () =>
      cachedAnswer(status, {}, body);
  const text = (answer: Parameters<typeof answerBody>[0]) => answerBody(answer).toString();

  it("keeps 200 answers only", async () => {
    const cache = createPublicCache({ ttlMs: 1_000 });
    await cache.get(1, "k", page("missing", 404));
    expect(text(await cache.get(1, "k", page("found")))).toBe("found");
    expect(text(await cache.get(1, "k", page("other")))).toBe("found");
  });

  it("does not keep what was computing when the organiser changed", async () => {
    const cache = createPublicCache({ ttlMs: 1_000 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = cache.get(1, "k", async () => {
      await gate;
      return cachedAnswer(200, {}, "before the change");
    });
    cache.invalidate(1);
    release();
    await before;
    expect(text(await cache.get(1, "k", page("after the change")))).toBe("after the change");
  });

  it("shows a customer's change to them at once, to others within a moment, and keeps the organiser's own values", async () => {
    let time = 1_000;
    const cache = createPublicCache({ ttlMs: 60_000, now: () => time });
    let settings = 0;
    let places = 0;
    const readSettings = async () => ++settings;
    const readPlaces = async () => ++places;
    await cache.shared(1, `${ORGANISER_SCOPE}storefront`, readSettings);
    await cache.shared(1, "read availability x", readPlaces);
    await cache.get(1, "api /dates", page("before"));

    cache.customerChanged(1, "ana's session");
    // The customer who made it: their next reads include it.
    expect(await cache.shared(1, "read availability x", readPlaces, "ana's session")).toBe(2);
    expect(text(await cache.get(1, "api /dates", page("after"), "ana's session"))).toBe("after");
    // Everyone else meanwhile gets the newest value there is, or what was read before it.
    expect(await cache.shared(1, "read availability x", readPlaces, "ben's session")).toBe(2);
    cache.customerChanged(1, "ana's session");
    expect(await cache.shared(1, "read availability x", readPlaces, "ben's session")).toBe(2);
    expect(await cache.shared(1, "read availability x", readPlaces)).toBe(2);
    // ... for a moment only.
    time += CUSTOMER_CHANGE_SHOWN_WITHIN_MS;
    expect(await cache.shared(1, "read availability x", readPlaces, "ben's session")).toBe(3);
    // The organiser's own values are not outdated by a customer.
    expect(await cache.shared(1, `${ORGANISER_SCOPE}storefront`, readSettings)).toBe(1);

    // A change without a session drops them all at once, the organiser's own values excepted.
    cache.customerChanged(1, null);
    expect(await cache.shared(1, "read availability x", readPlaces)).toBe(4);
    expect(await cache.shared(1, `${ORGANISER_SCOPE}storefront`, readSettings)).toBe(1);

    // A change made by its staff: everything of the organiser is read again.
    cache.invalidate(1);
    expect(await cache.shared(1, `${ORGANISER_SCOPE}storefront`, readSettings)).toBe(2);
  });

  it("keeps the answers under the organiser's scope through a customer's change, not a staff one", async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    const key = `${ORGANISER_SCOPE}page /checkout.data`;
    await cache.get(1, key, page("methods"));
    cache.customerChanged(1, "ana's session");
    expect(text(await cache.get(1, key, page("read again"), "ana's session"))).toBe("methods");
    cache.customerChanged(1, null);
    expect(text(await cache.get(1, key, page("read again")))).toBe("methods");
    cache.invalidate(1);
    expect(text(await cache.get(1, key, page("new methods")))).toBe("new methods");
  });

  it("gives each reader of a page its own nonce", () => {
    const answer = cachedAnswer(200, {}, '<script nonce="N1">a</script><script nonce="N1">', "N1");
    expect(answerBody(answer, "N2").toString()).toBe(
      '<script nonce="N2">a</script><script nonce="N2">',
    );
  });
});

describe("catalogue answers through the cache (API)", () => {
  let t: TestApp;
  let demoId: number;
  const TTL = 400;

  beforeAll(async () => {
    t = await createTestApp({ publicCacheTtlMs: TTL });
    demoId = await organiserIdOf(t, "demo");
  });
  afterAll(() => t.close());

  async function datesOf(search: string, client = new Client(t.app, DEMO_HOST)) {
    const response = await client.get(`/api/availabilities/dates?search=${search}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    return response.json().availabilities_dates.data as Array<{
      status: string;
      availability: { id: number; activity: { title: string } };
    }>;
  }

  it("sends a cached answer whole when it is compressed", async () => {
    // A cached answer used to reach a client accepting gzip or Brotli empty (Content-Length 0).
    for (const encoding of ["br", "gzip", "br"]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/activities?limit=50",
        headers: { host: DEMO_HOST, "accept-encoding": encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      const body =
        encoding === "br"
          ? brotliDecompressSync(response.rawPayload)
          : gunzipSync(response.rawPayload);
      expect(JSON.parse(body.toString()).data.length).toBeGreaterThan(0);
    }
  });

  it("answers from the cache, drops it on a change made here, and expires it", async () => {
    const { activity, availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Cachetest",
      capacity: 1,
      price: 1_000,
      deposit: 0,
      dateHours: 2,
      dates: [{ capacity: 1 }],
    });
    const rename = (title: string) =>
      t.db.update(activities).set({ title }).where(eq(activities.id, activity.id));
    const first = await datesOf("Cachetest");
    expect(first).toMatchObject([
      { status: "OPEN", availability: { activity: { title: "Cachetest" } } },
    ]);

    // Written behind the server's back (as another process would): the cached answer stays.
    await rename("Cachetest renamed");
    expect(await datesOf("Cachetest")).toEqual(first);

    // A change on another organiser's host leaves this organiser's answers alone.
    const other = await sessionCustomer(t, {
      organiserId: await organiserIdOf(t, "demo-en"),
      host: DEMO_EN_HOST,
      customer: { firstname: "Ann", lastname: "Other", email: "ann.cache@example.org" },
      participant: { firstname: "Tom", lastname: "Other" },
    });
    expect((await other.client.post("/api/auth/logout")).statusCode).toBeLessThan(400);
    expect(await datesOf("Cachetest")).toEqual(first);

    // A place held through this server shows at once to who held it, within a moment to others
    // (decision 0110): the date is full.
    const customer = await sessionCustomer(t, {
      organiserId: demoId,
      host: DEMO_HOST,
      customer: { firstname: "Eva", lastname: "Cache", email: "eva.cache@example.org" },
      participant: { firstname: "Léa", lastname: "Cache" },
    });
    const added = await customer.client.post(
      "/api/carts/items",
      registrationBody(availability.id, customer.participantId, [dates[0]!.id]),
    );
    expect(added.statusCode).toBe(201);
    const full = [{ status: "FULL", availability: { activity: { title: "Cachetest renamed" } } }];
    expect(await datesOf("Cachetest", customer.client)).toMatchObject(full);
    await new Promise((resolve) => setTimeout(resolve, CUSTOMER_CHANGE_SHOWN_WITHIN_MS));
    expect(await datesOf("Cachetest")).toMatchObject(full);

    // Other processes' changes show once the entry is too old to be answered.
    await rename("Cachetest again");
    expect((await datesOf("Cachetest"))[0]!.availability.activity.title).toBe("Cachetest renamed");
    await new Promise((resolve) => setTimeout(resolve, 2 * TTL + 50));
    expect((await datesOf("Cachetest"))[0]!.availability.activity.title).toBe("Cachetest again");
  });

  it("shows each of many parents adding at once their own place at once (decision 0110)", async () => {
    const PARENTS = 12;
    // One answer lists every parent's own availability of a single place.
    const targets = await Promise.all(
      Array.from({ length: PARENTS }, (_, i) =>
        availabilityWithDates(t, {
          organiserId: demoId,
          title: `Ruée cachée ${i}`,
          capacity: 1,
          price: 1_000,
          deposit: 0,
          dateHours: 2 + i,
          dates: [{ capacity: 1 }],
        }),
      ),
    );
    const parents = await Promise.all(
      targets.map((_, i) =>
        sessionCustomer(t, {
          organiserId: demoId,
          host: DEMO_HOST,
          customer: { firstname: `P${i}`, lastname: "Rush", email: `p${i}.rush.cache@example.org` },
          participant: { firstname: `K${i}`, lastname: "Rush" },
        }),
      ),
    );
    const statusOf = async (i: number) => {
      const dates = await datesOf("Ruée", parents[i]!.client);
      expect(dates).toHaveLength(PARENTS);
      return dates.find((date) => date.availability.id === targets[i]!.availability.id)!.status;
    };
    // The answer is cached with every place free.
    expect(await statusOf(0)).toBe("OPEN");
    // Each adds, then at once reads the list again: their own date is full, whoever else's add
    // outdated the answer meanwhile.
    const seen = await Promise.all(
      parents.map(async (parent, i) => {
        const { availability, dates } = targets[i]!;
        const added = await parent.client.post(
          "/api/carts/items",
          registrationBody(availability.id, parent.participantId, [dates[0]!.id]),
        );
        expect(added.statusCode, added.body).toBe(201);
        return statusOf(i);
      }),
    );
    expect(seen).toEqual(Array(PARENTS).fill("FULL"));
  });

  it("caches nothing that failed validation", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const bad = await client.get("/api/availabilities/dates?limit=1000");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "VALIDATION_ERROR" });
  });
});

describe("a navigation's data that is the organiser's alone (decision 0109)", () => {
  let t: TestApp;
  let demoId: number;
  const WEB_BUILD = path.join(import.meta.dirname, "fixtures/web-build");
  const DATA = "/organiser-data.data?_routes=routes/organiser-data";

  beforeAll(async () => {
    t = await createTestApp({ publicCacheTtlMs: 60_000, webBuildDir: WEB_BUILD });
    demoId = await organiserIdOf(t, "demo");
  });
  afterAll(() => t.close());

  /** What the fixture's loader said: how many times it ran, and for whom. */
  async function read(client: Client, url = DATA) {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    const reads = /"reads",(\d+)/.exec(response.body)?.[1];
    const customer = /"customer","([^"]+)"/.exec(response.body)?.[1];
    return { reads: Number(reads), customer, body: response.body };
  }

  it("is read once as a visitor, for every customer, through their adds; other data is theirs", async () => {
    const parents = await Promise.all(
      ["ana", "ben", "cleo"].map((name) =>
        sessionCustomer(t, {
          organiserId: demoId,
          host: DEMO_HOST,
          customer: { firstname: name, lastname: "Data", email: `${name}.data@example.org` },
          participant: { firstname: "Kid", lastname: name },
        }),
      ),
    );
    const answers = await Promise.all(parents.map((parent) => read(parent.client)));
    const anonymous = await read(new Client(t.app, DEMO_HOST));
    // Computed once, as a visitor: nobody's session is in it, and everyone gets the same bytes.
    expect(new Set([...answers, anonymous].map((answer) => answer.body)).size).toBe(1);
    expect(anonymous.customer).toBe("none");
    const reads = anonymous.reads;

    // A customer's change (an add) leaves it: only the organiser's staff change what it reads.
    const { availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Données de l'organisateur",
      capacity: 5,
      price: 1_000,
      deposit: 0,
      dateHours: 2,
      dates: [{ capacity: 5 }],
    });
    const added = await parents[0]!.client.post(
      "/api/carts/items",
      registrationBody(availability.id, parents[0]!.participantId, [dates[0]!.id]),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await read(parents[1]!.client)).reads).toBe(reads);

    // Data that asks another route's loader too, or every loader, is the customer's own.
    const own = await read(
      parents[2]!.client,
      "/organiser-data.data?_routes=root,routes/organiser-data",
    );
    expect(own).toMatchObject({ customer: "cleo.data@example.org", reads: reads + 1 });
    const all = await read(parents[2]!.client, "/organiser-data.data");
    expect(all).toMatchObject({ customer: "cleo.data@example.org", reads: reads + 2 });
  });
});

describe("a customer's own change on their next page (decision 0110)", () => {
  let t: TestApp;
  let demoId: number;

  beforeAll(async () => {
    t = await createTestApp({
      publicCacheTtlMs: 60_000,
      webBuildDir: path.join(import.meta.dirname, "fixtures/web-build"),
    });
    demoId = await organiserIdOf(t, "demo");
  });
  afterAll(() => t.close());

  it("shows the place they just held on their next page", async () => {
    const { availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Page partagée",
      capacity: 1,
      price: 1_000,
      deposit: 0,
      dateHours: 2,
      dates: [{ capacity: 1 }],
    });
    const parent = await sessionCustomer(t, {
      organiserId: demoId,
      host: DEMO_HOST,
      customer: { firstname: "Iris", lastname: "Page", email: "iris.page@example.org" },
      participant: { firstname: "Noé", lastname: "Page" },
    });
    const stateOnPage = async () => {
      const response = await parent.client.get(`/fr/availability-read?cuid=${availability.cuid}`);
      expect(response.statusCode, response.body).toBe(200);
      return /<meta name="forwarded" content="([^"]*)">/.exec(response.body)?.[1];
    };
    expect(await stateOnPage()).toBe("OPEN");
    const added = await parent.client.post(
      "/api/carts/items",
      registrationBody(availability.id, parent.participantId, [dates[0]!.id]),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(await stateOnPage()).toBe("FULL");
  });
});
