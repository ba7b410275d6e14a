import {
  activities,
  availabilities,
  availabilityDates,
  organisers,
  waitingListEntries,
} from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCustomer } from "./cart-fixtures.ts";
import { Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

const DAY = 24 * 3600 * 1000;
const URL = "/api/registrations/waiting-list";

let t: TestApp;
let demoId: number;
let demoEnId: number;

/** An availability in 30 days with one date of `capacity` places, `registered` taken. */
async function availabilityOf(
  organiserId: number,
  options: {
    status?: "OPEN" | "CLOSED" | "FULL";
    capacity?: number | null;
    registered?: number;
    dateStatus?: "OPEN" | "CLOSED" | "FULL";
  } = {},
) {
  const start = Date.now() + 30 * DAY;
  const [activity] = await t.db
    .insert(activities)
    .values({ organiserId, title: "Stage complet", published: true })
    .returning();
  const [availability] = await t.db
    .insert(availabilities)
    .values({
      organiserId,
      activityId: activity!.id,
      startAt: new Date(start),
      endAt: new Date(start + DAY),
      status: options.status ?? "OPEN",
      capacity: options.capacity === undefined ? 2 : options.capacity,
      price: 10_000,
    })
    .returning();
  await t.db.insert(availabilityDates).values({
    organiserId,
    availabilityId: availability!.id,
    startAt: new Date(start),
    endAt: new Date(start + 3 * 3600 * 1000),
    capacity: options.capacity === undefined ? 2 : options.capacity,
    registered: options.registered ?? 0,
    status: options.dateStatus ?? "OPEN",
  });
  return availability!;
}

let customerCount = 0;

async function customer(organiserId = demoId, host = DEMO_HOST) {
  customerCount += 1;
  const { client, participantId } = await sessionCustomer(t, {
    organiserId,
    host,
    customer: {
      firstname: "Client",
      lastname: `Attente${customerCount}`,
      email: `waiting-${customerCount}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Attente${customerCount}` },
  });
  return { client, participantId };
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: organisers.id, slug: organisers.slug }).from(organisers);
  demoId = rows.find((row) => row.slug === "demo")!.id;
  demoEnId = rows.find((row) => row.slug === "demo-en")!.id;
});
afterAll(() => t.close());

describe("POST /api/registrations/waiting-list", () => {
  it("puts the participant on the list of a FULL availability, with its position", async () => {
    const availability = await availabilityOf(demoId, { status: "FULL", registered: 2 });
    const first = await customer();
    const second = await customer();

    const joined = await first.client.post(URL, {
      availability_id: availability.id,
      participant_id: first.participantId,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const entry = joined.json().entry;
    expect(entry).toEqual({
      cuid: expect.any(String),
      availability_id: availability.id,
      participant_id: first.participantId,
      position: 1,
      created_at: expect.any(String),
    });

    const next = await second.client.post(URL, {
      availability_id: availability.id,
      participant_id: second.participantId,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().entry.position).toBe(2);

    const rows = await t.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.availabilityId, availability.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.offeredAt === null)).toBe(true);
  });

  it("refuses a participant already on the list: 409 WAITING_LIST_ALREADY_JOINED", async () => {
    const availability = await availabilityOf(demoId, { status: "CLOSED" });
    const who = await customer();
    const body = { availability_id: availability.id, participant_id: who.participantId };
    const first = await who.client.post(URL, body);
    expect(first.statusCode, first.body).toBe(200);

    const again = await who.client.post(URL, body);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ error: "WAITING_LIST_ALREADY_JOINED" });

    // Still refused once places free up: the entry is there, whatever the availability became.
    await t.db
      .update(availabilities)
      .set({ status: "OPEN" })
      .where(eq(availabilities.id, availability.id));
    const reopened = await who.client.post(URL, body);
    expect(reopened.statusCode, reopened.body).toBe(409);
    expect(reopened.json().error).toBe("WAITING_LIST_ALREADY_JOINED");

    const rows = await t.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.availabilityId, availability.id));
    expect(rows).toHaveLength(1);
  });

  it("lets exactly one of concurrent joins of the same participant in", async () => {
    const availability = await availabilityOf(demoId, { status: "FULL", registered: 2 });
    const who = await customer();
    const body = { availability_id: availability.id, participant_id: who.participantId };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => who.client.post(URL, body)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((entry) => entry.statusCode === 409)) {
      expect(response.json().error).toBe("WAITING_LIST_ALREADY_JOINED");
    }
    const joined = responses.find((response) => response.statusCode === 200)!;
    expect(joined.json().entry.position).toBe(1);
    const rows = await t.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.availabilityId, availability.id));
    expect(rows).toHaveLength(1);
  });

  it("accepts an OPEN availability whose open dates have no free place", async () => {
    const full = await availabilityOf(demoId, { capacity: 2, registered: 2 });
    const closedDates = await availabilityOf(demoId, { dateStatus: "CLOSED" });
    const who = await customer();
    for (const availability of [full, closedDates]) {
      const response = await who.client.post(URL, {
        availability_id: availability.id,
        participant_id: who.participantId,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it("follows the page's booking state: a past session's free place or a closed window still let in", async () => {
    // A weekly course under way: its first session, past, kept a free place; the next is full.
    const course = await availabilityOf(demoId, { capacity: 2, registered: 2 });
    await t.db.insert(availabilityDates).values({
      organiserId: demoId,
      availabilityId: course.id,
      startAt: new Date(Date.now() - 7 * DAY),
      endAt: new Date(Date.now() - 7 * DAY + 3600 * 1000),
      capacity: 2,
      registered: 1,
      status: "OPEN",
    });
    await t.db
      .update(availabilities)
      .set({ startAt: new Date(Date.now() - 7 * DAY) })
      .where(eq(availabilities.id, course.id));
    await t.db
      .update(activities)
      .set({
        settings: {
          allow_registrations_after_start: true,
          partial_registrations: false,
          waiting_list: true,
        },
      })
      .where(eq(activities.id, course.activityId));
    // Places left, but the registration window has ended: the page says closed.
    const windowEnded = await availabilityOf(demoId, { capacity: 2, registered: 0 });
    await t.db
      .update(availabilities)
      .set({ registrationsEndAt: new Date(Date.now() - DAY) })
      .where(eq(availabilities.id, windowEnded.id));

    const who = await customer();
    for (const availability of [course, windowEnded]) {
      const response = await who.client.post(URL, {
        availability_id: availability.id,
        participant_id: who.participantId,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it("refuses an availability with free places: WAITING_LIST_NOT_NEEDED", async () => {
    const open = await availabilityOf(demoId, { capacity: 2, registered: 1 });
    const unlimited = await availabilityOf(demoId, { capacity: null });
    const who = await customer();
    for (const availability of [open, unlimited]) {
      const response = await who.client.post(URL, {
        availability_id: availability.id,
        participant_id: who.participantId,
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error).toBe("WAITING_LIST_NOT_NEEDED");
    }
    const rows = await t.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.availabilityId, open.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses another customer's participant: 404 PARTICIPANT_NOT_FOUND", async () => {
    const availability = await availabilityOf(demoId, { status: "FULL" });
    const who = await customer();
    const other = await customer();
    const response = await who.client.post(URL, {
      availability_id: availability.id,
      participant_id: other.participantId,
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error).toBe("PARTICIPANT_NOT_FOUND");
  });

  it("refuses another organiser's availability: 404 AVAILABILITY_NOT_FOUND", async () => {
    const foreign = await availabilityOf(demoEnId, { status: "FULL" });
    const who = await customer();
    const response = await who.client.post(URL, {
      availability_id: foreign.id,
      participant_id: who.participantId,
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error).toBe("AVAILABILITY_NOT_FOUND");
    const unknown = await who.client.post(URL, {
      availability_id: 2_000_000_000,
      participant_id: who.participantId,
    });
    expect(unknown.json().error).toBe("AVAILABILITY_NOT_FOUND");
  });

  it("answers 401 to a visitor and 400 to a malformed body", async () => {
    const availability = await availabilityOf(demoId, { status: "FULL" });
    const who = await customer();
    const visitor = new Client(t.app, DEMO_HOST);
    const response = await visitor.post(URL, {
      availability_id: availability.id,
      participant_id: who.participantId,
    });
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().error).toBe("UNAUTHENTICATED");
    const malformed = await who.client.post(URL, { availability_id: "x" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("VALIDATION_ERROR");
  });

  it("keeps the lists of organisers apart", async () => {
    const availability = await availabilityOf(demoEnId, { status: "FULL" });
    const who = await customer(demoEnId, DEMO_EN_HOST);
    const response = await who.client.post(URL, {
      availability_id: availability.id,
      participant_id: who.participantId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().entry.position).toBe(1);
  });
});
