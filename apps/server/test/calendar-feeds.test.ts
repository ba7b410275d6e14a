import { availabilities, availabilityAutomaticCancellations } from "@booking/db";
import { eq } from "@booking/db/orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditOf } from "./console-fixtures.ts";
import { Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

/**
 * Availabilities' calendar feeds (decision 0093), read with a real iCalendar parser: stable UIDs,
 * SEQUENCE bumped once when a date moves or goes, removed dates kept as cancelled, secret
 * addresses that staff regenerate.
 */

let t: TestApp;
let owner: Client;
let visitor: Client;
let activity: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  visitor = new Client(t.app, DEMO_HOST);
  const session = (await owner.get("/api/admin/session")).json();
  if (session.organiser.slug !== "demo") {
    const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
    await owner.put("/api/admin/session/organiser", { organiser: demo.cuid });
  }
  activity = (await owner.get("/api/admin/activities?page_size=1")).json().data[0].cuid;
});
afterAll(() => t.close());

/** Summer (+02:00) in Brussels: 14:00 local is 12:00 UTC. */
const summerDay = (day: string, from = "14:00", to = "16:00") => ({
  start_at: `${day}T${from}:00+02:00`,
  end_at: `${day}T${to}:00+02:00`,
});

async function newAvailability(days: string[]) {
  const response = await owner.post("/api/admin/availabilities", {
    activity,
    location: null,
    capacity: 10,
    price: 5_000,
    deposit: 0,
    registrations_start_at: null,
    registrations_end_at: null,
    age_minimum: null,
    age_maximum: null,
    categories: [],
    dates: days.map((day) => summerDay(day)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    cuid: string;
    dates: Array<{ cuid: string; start_at: string; end_at: string }>;
  };
}

type FeedEvent = { uid: string; sequence: number; status: string; start: Date; end: Date };

/** The feed at `url` (the console's https address), parsed by ical.js. */
async function readFeed(url: string): Promise<{ name: string; events: FeedEvent[] }> {
  const response = await visitor.get(new URL(url).pathname);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(component.getFirstPropertyValue("status")),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
    };
  });
  return { name: String(calendar.getFirstPropertyValue("x-wr-calname")), events };
}

const links = async (cuid: string) => {
  const response = await owner.get(`/api/admin/availabilities/${cuid}/calendar-feed`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; webcal_url: string };
};

describe("an availability's calendar feed", () => {
  it("publishes every date at its instant with a stable UID, webcal and https addresses", async () => {
    const availability = await newAvailability(["2027-07-05", "2027-07-06", "2027-07-07"]);
    const feed = await links(availability.cuid);
    expect(feed.url).toMatch(/^https?:\/\/demo\.[^/]+\/api\/calendars\/[a-z0-9]+\.[\w-]{43}\.ics$/);
    expect(feed.webcal_url).toBe(feed.url.replace(/^https?:/, "webcal:"));
    const { name, events } = await readFeed(feed.url);
    expect(name).not.toBe("null");
    expect(events.map((event) => event.uid)).toEqual(
      availability.dates.map((date) => `${date.cuid}@booking`),
    );
    // 14:00 in Brussels in July is 12:00 UTC.
    expect(events[0]!.start.toISOString()).toBe("2027-07-05T12:00:00.000Z");
    expect(events[0]!.end.toISOString()).toBe("2027-07-05T14:00:00.000Z");
    expect(events.every((event) => event.sequence === 0 && event.status === "CONFIRMED")).toBe(
      true,
    );
  });

  it("bumps SEQUENCE once when a date moves, and keeps a removed date as cancelled", async () => {
    const availability = await newAvailability(["2027-08-02", "2027-08-03", "2027-08-04"]);
    const { url } = await links(availability.cuid);
    await readFeed(url);
    const [first, second] = availability.dates;
    const moved = await owner.put(
      `/api/admin/availabilities/${availability.cuid}/dates/${first!.cuid}`,
      { ...summerDay("2027-08-02", "09:00", "11:00"), capacity: 10, status: "OPEN" },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const removed = await owner.delete(
      `/api/admin/availabilities/${availability.cuid}/dates/${second!.cuid}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);

    // Calendars poll at once from everywhere: the change is counted once.
    await Promise.all(Array.from({ length: 8 }, () => readFeed(url)));
    const { events } = await readFeed(url);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect(events).toHaveLength(3);
    expect(byUid.get(`${first!.cuid}@booking`)).toMatchObject({
      sequence: 1,
      status: "CONFIRMED",
      start: new Date("2027-08-02T07:00:00Z"),
    });
    expect(byUid.get(`${second!.cuid}@booking`)).toMatchObject({
      sequence: 1,
      status: "CANCELLED",
    });
    expect(byUid.get(`${availability.dates[2]!.cuid}@booking`)).toMatchObject({
      sequence: 0,
      status: "CONFIRMED",
    });
  });

  it("cancels every date of an availability its automatic cancellation cancelled", async () => {
    const availability = await newAvailability(["2027-09-06", "2027-09-07"]);
    const { url } = await links(availability.cuid);
    expect((await readFeed(url)).events.map((event) => event.status)).toEqual([
      "CONFIRMED",
      "CONFIRMED",
    ]);
    // What the job leaves: the rule executed, the availability closed.
    const [row] = await t.db
      .select({ id: availabilities.id, organiserId: availabilities.organiserId })
      .from(availabilities)
      .where(eq(availabilities.cuid, availability.cuid));
    await t.db.insert(availabilityAutomaticCancellations).values({
      organiserId: row!.organiserId,
      availabilityId: row!.id,
      minimumParticipants: 4,
      daysBefore: 7,
      refund: "NONE",
      executedAt: new Date(),
      cancelledCount: 0,
    });
    const closed = await owner.post(`/api/admin/availabilities/${availability.cuid}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const { events } = await readFeed(url);
    expect(events.map((event) => [event.status, event.sequence])).toEqual([
      ["CANCELLED", 1],
      ["CANCELLED", 1],
    ]);
  });

  it("answers 404 to a forged or regenerated address; staff regenerate it, audited", async () => {
    const availability = await newAvailability(["2027-10-04"]);
    const before = await links(availability.cuid);
    const path = new URL(before.url).pathname;
    const forged = path.replace(/\.[\w-]{43}\.ics$/, `.${"A".repeat(43)}.ics`);
    expect((await visitor.get(forged)).statusCode).toBe(404);
    expect((await visitor.get("/api/calendars/nonsense.ics")).statusCode).toBe(404);
    // Another organiser's site does not serve it.
    const elsewhere = await t.app.inject({
      method: "GET",
      url: path,
      headers: { host: DEMO_HOST.replace(/^demo\./, "demo-en.") },
    });
    expect(elsewhere.statusCode).toBe(404);

    const regenerated = await owner.post(
      `/api/admin/availabilities/${availability.cuid}/calendar-feed`,
      {},
    );
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const after = regenerated.json();
    expect(after.url).not.toBe(before.url);
    expect((await visitor.get(path)).statusCode).toBe(404);
    expect((await readFeed(after.url)).events).toHaveLength(1);
    expect(await links(availability.cuid)).toEqual(after);
    expect((await lastAuditOf(t.db, availability.cuid))?.action).toBe(
      "availability.calendar_feed_regenerated",
    );
    expect(
      (await owner.get("/api/admin/availabilities/nosuchavailability/calendar-feed")).statusCode,
    ).toBe(404);
  });
});
