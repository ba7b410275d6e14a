import {
  activities,
  availabilities,
  availabilityDates,
  cartItemDates,
  carts,
  registrationRequestAvailabilities,
  registrationRequests,
} from "@booking/db";
import { eq, inArray, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  availabilityWithDates,
  organiserIdOf,
  registrationBody,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditByAction } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { type Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Registration requests from the storefront (issue 15 §1, docs/decisions/0060): an activity's
// request tiers edited in the console, GET /api/activities/{cuid}/registrations-requests-
// configuration, `registrations_requests` in POST /api/carts/items (a direct registration on such
// an activity refused) and checkout turning request items into PENDING requests.

let t: TestApp;
let owner: Client;
let demoId: number;
let demoEnId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
});
afterAll(() => t.close());

let sequence = 0;

/** A customer of `organiserId` with a participant born in 2016, logged in on its storefront. */
async function family(organiserId = demoId) {
  sequence += 1;
  const made = await sessionCustomer(t, {
    organiserId,
    host: organiserId === demoId ? DEMO_HOST : DEMO_EN_HOST,
    customer: {
      firstname: "Parent",
      lastname: `Requête${sequence}`,
      email: `request-items-${sequence}-${Date.now()}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Requête${sequence}` },
  });
  await t.db.execute(
    sql`update participants set birthdate = '2016-03-01' where id = ${made.participantId}`,
  );
  return made;
}

/**
 * A REQUEST activity of `organiserId` with `sessions` weekly availabilities (three dates each,
 * `places` places), 60.00 each.
 */
async function requestActivity(sessions: number, places: number | null = 10, organiserId = demoId) {
  sequence += 1;
  const first = await availabilityWithDates(t, {
    organiserId,
    title: `Natation ${sequence}`,
    capacity: places ?? 0,
    price: 6_000,
    deposit: 0,
    dateHours: 1,
    dates: [{ capacity: places }, { capacity: places }, { capacity: places }],
  });
  await t.db
    .update(activities)
    .set({ registrationFlow: "REQUEST" })
    .where(eq(activities.id, first.activity.id));
  const all = [first];
  for (let index = 1; index < sessions; index += 1) {
    const more = await availabilityWithDates(t, {
      organiserId,
      title: "scratch",
      capacity: places ?? 0,
      price: 6_000,
      deposit: 0,
      startsInDays: 30 + index,
      dateHours: 1,
      dates: [{ capacity: places }, { capacity: places }, { capacity: places }],
    });
    await t.db
      .update(availabilities)
      .set({ activityId: first.activity.id })
      .where(eq(availabilities.id, more.availability.id));
    await t.db.delete(activities).where(eq(activities.id, more.activity.id));
    all.push(more);
  }
  return {
    activity: first.activity,
    sessions: all.map(({ availability, dates }) => ({ availability, dates })),
  };
}

const tiersPath = (cuid: string) => `/api/admin/activities/${cuid}/request-tiers`;

async function tier(
  activityCuid: string,
  body: {
    name: string;
    registrations: number;
    minimum_availabilities: number;
    maximum_availabilities: number;
  },
) {
  const response = await owner.post(tiersPath(activityCuid), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; cuid: string; name: string };
}

type Session = Awaited<ReturnType<typeof requestActivity>>["sessions"][number];
const requestEntry = (participantId: number, sessions: Session[], extra = {}) => ({
  participant_id: participantId,
  availabilities: sessions.map((session) => ({ id: session.availability.id })),
  ...extra,
});

describe("request tiers in the console", () => {
  it("creates, edits, orders and deletes an activity's tiers, audited", async () => {
    const { activity } = await requestActivity(1);
    const one = await tier(activity.cuid, {
      name: "1 séance par semaine",
      registrations: 1,
      minimum_availabilities: 1,
      maximum_availabilities: 1,
    });
    const two = await tier(activity.cuid, {
      name: "2 séances",
      registrations: 2,
      minimum_availabilities: 2,
      maximum_availabilities: 3,
    });
    expect((await lastAuditByAction(t.db, demoId, "activity_request_tier.created"))?.entityId).toBe(
      two.cuid,
    );
    const edited = await owner.put(`${tiersPath(activity.cuid)}/${two.cuid}`, {
      name: "2 séances par semaine",
      registrations: 2,
      minimum_availabilities: 2,
      maximum_availabilities: 4,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: "2 séances par semaine",
      maximum_availabilities: 4,
    });
    const reordered = await owner.put(`${tiersPath(activity.cuid)}/order`, {
      cuids: [two.cuid, one.cuid],
    });
    expect(reordered.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([
      two.cuid,
      one.cuid,
    ]);
    const removed = await owner.delete(`${tiersPath(activity.cuid)}/${one.cuid}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await owner.get(tiersPath(activity.cuid))).json().data).toHaveLength(1);
    expect((await lastAuditByAction(t.db, demoId, "activity_request_tier.deleted"))?.entityId).toBe(
      one.cuid,
    );
  });

  it("refuses a maximum below the minimum, a count of 0 and an unknown tier, changing nothing", async () => {
    const { activity } = await requestActivity(1);
    const before = await databaseDigest(t.db);
    const inverted = await owner.post(tiersPath(activity.cuid), {
      name: "Mauvais",
      registrations: 1,
      minimum_availabilities: 3,
      maximum_availabilities: 2,
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().fields).toMatchObject({ maximum_availabilities: "TOO_SMALL" });
    const zero = await owner.post(tiersPath(activity.cuid), {
      name: "Zéro",
      registrations: 0,
      minimum_availabilities: 1,
      maximum_availabilities: 1,
    });
    expect(zero.statusCode).toBe(400);
    const unknown = await owner.delete(`${tiersPath(activity.cuid)}/unknowntier`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("REQUEST_TIER_NOT_FOUND");
    expect(await databaseDigest(t.db)).toBe(before);
  });
});

describe("GET /api/activities/{cuid}/registrations-requests-configuration", () => {
  it("answers the tiers of a REQUEST activity in their order, to anyone", async () => {
    const { activity } = await requestActivity(1);
    const first = await tier(activity.cuid, {
      name: "1 séance par semaine",
      registrations: 1,
      minimum_availabilities: 1,
      maximum_availabilities: 2,
    });
    const second = await tier(activity.cuid, {
      name: "2 séances par semaine",
      registrations: 2,
      minimum_availabilities: 2,
      maximum_availabilities: 2,
    });
    const response = await t.app.inject({
      method: "GET",
      url: `/api/activities/${activity.cuid}/registrations-requests-configuration`,
      headers: { host: DEMO_HOST },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      tiers: [
        {
          id: first.id,
          cuid: first.cuid,
          name: "1 séance par semaine",
          registrations: 1,
          minimum_availabilities: 1,
          maximum_availabilities: 2,
        },
        {
          id: second.id,
          cuid: second.cuid,
          name: "2 séances par semaine",
          registrations: 2,
          minimum_availabilities: 2,
          maximum_availabilities: 2,
        },
      ],
    });
  });

  it("is 404 for a DIRECT activity, an unknown one and another organiser's", async () => {
    const { activity } = await requestActivity(1);
    const direct = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Direct",
      capacity: 5,
      price: 1_000,
      deposit: 0,
      dateHours: 1,
      dates: [{ capacity: 5 }],
    });
    const read = (cuid: string, host = DEMO_HOST) =>
      t.app.inject({
        method: "GET",
        url: `/api/activities/${cuid}/registrations-requests-configuration`,
        headers: { host },
      });
    for (const response of [
      await read(direct.activity.cuid),
      await read("unknownactivity"),
      await read(activity.cuid, DEMO_EN_HOST),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error).toBe("ACTIVITY_NOT_FOUND");
    }
  });
});

describe("registrations_requests in POST /api/carts/items", () => {
  it("adds a request through a tier: one item per registration, no place held, price 0", async () => {
    const { activity, sessions } = await requestActivity(3, 1);
    const twoPerWeek = await tier(activity.cuid, {
      name: "2 séances par semaine",
      registrations: 2,
      minimum_availabilities: 2,
      maximum_availabilities: 3,
    });
    const parent = await family();
    const entry = requestEntry(parent.participantId, sessions.slice(0, 2));
    const response = await parent.client.post("/api/carts/items", {
      registrations_requests: [entry, entry],
    });
    expect(response.statusCode, response.body).toBe(201);
    const cart = response.json().cart;
    expect(cart.items).toHaveLength(2);
    expect(cart.items[0]).toMatchObject({
      type: "REGISTRATION_REQUEST",
      price: 0,
      deposit: 0,
      participant: { id: parent.participantId },
      availability_dates: [],
      request: {
        tier: { cuid: twoPerWeek.cuid, name: "2 séances par semaine", registrations: 2 },
        availabilities: sessions
          .slice(0, 2)
          .map((session) => ({ id: session.availability.id, cuid: session.availability.cuid })),
      },
    });
    expect(cart.totals.payable).toBe(0);
    // No place held: the items hold no date, though each date has one place only.
    const held = await t.db
      .select()
      .from(cartItemDates)
      .where(
        inArray(
          cartItemDates.cartItemId,
          cart.items.map((item: { id: number }) => item.id),
        ),
      );
    expect(held).toEqual([]);
  });

  it("refuses a direct registration on a REQUEST activity (409), changing nothing", async () => {
    const { sessions } = await requestActivity(1);
    const parent = await family();
    const before = await databaseDigest(t.db);
    const response = await parent.client.post(
      "/api/carts/items",
      registrationBody(
        sessions[0]!.availability.id,
        parent.participantId,
        sessions[0]!.dates.map((date) => date.id),
      ),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toBe("REGISTRATION_FLOW_REQUEST");
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it("refuses requests no tier fits, duplicates, mixed or DIRECT activities and bad dates", async () => {
    const { activity, sessions } = await requestActivity(3);
    await tier(activity.cuid, {
      name: "2 séances par semaine",
      registrations: 2,
      minimum_availabilities: 2,
      maximum_availabilities: 2,
    });
    const other = await requestActivity(1);
    const direct = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Direct",
      capacity: 5,
      price: 1_000,
      deposit: 0,
      dateHours: 1,
      dates: [{ capacity: 5 }],
    });
    const parent = await family();
    const pair = sessions.slice(0, 2);
    const cases: Array<[unknown, number, string]> = [
      // the tier asks for two sessions and two registrations
      [[requestEntry(parent.participantId, pair)], 409, "REQUEST_TIER_MISMATCH"],
      [
        [
          requestEntry(parent.participantId, sessions),
          requestEntry(parent.participantId, sessions),
        ],
        409,
        "REQUEST_TIER_MISMATCH",
      ],
      [
        [
          requestEntry(parent.participantId, [pair[0]!, pair[0]!]),
          requestEntry(parent.participantId, [pair[0]!, pair[0]!]),
        ],
        400,
        "VALIDATION_ERROR",
      ],
      [
        [
          requestEntry(parent.participantId, [pair[0]!, other.sessions[0]!]),
          requestEntry(parent.participantId, [pair[0]!, other.sessions[0]!]),
        ],
        409,
        "REQUEST_ACTIVITIES_MIXED",
      ],
      [
        [
          {
            participant_id: parent.participantId,
            availabilities: [{ id: direct.availability.id }],
          },
        ],
        409,
        "REGISTRATION_FLOW_DIRECT",
      ],
      [
        [
          {
            participant_id: parent.participantId,
            availabilities: [
              { id: pair[0]!.availability.id, dates: [{ date_id: direct.dates[0]!.id }] },
              { id: pair[1]!.availability.id },
            ],
          },
          requestEntry(parent.participantId, pair),
        ],
        409,
        "DATE_NOT_SELECTABLE",
      ],
      [[{ participant_id: parent.participantId, availabilities: [] }], 400, "VALIDATION_ERROR"],
      [[{ participant_id: parent.participantId }], 400, "VALIDATION_ERROR"],
      [[{ participant_id: "x", availabilities: [{ id: 1 }] }], 400, "VALIDATION_ERROR"],
    ];
    const before = await databaseDigest(t.db);
    for (const [requests, status, error] of cases) {
      const response = await parent.client.post("/api/carts/items", {
        registrations_requests: requests,
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error, response.body).toBe(error);
    }
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it("answers 404 for another customer's participant and another organiser's sessions", async () => {
    const { sessions } = await requestActivity(1);
    const elsewhere = await requestActivity(1, 10, demoEnId);
    const parent = await family();
    const stranger = await family();
    const before = await databaseDigest(t.db);
    const theirs = await parent.client.post("/api/carts/items", {
      registrations_requests: [requestEntry(stranger.participantId, sessions)],
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe("PARTICIPANT_NOT_FOUND");
    const foreign = await parent.client.post("/api/carts/items", {
      registrations_requests: [requestEntry(parent.participantId, elsewhere.sessions)],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("AVAILABILITY_NOT_FOUND");
    expect(await databaseDigest(t.db)).toBe(before);
  });
});

describe("checkout of request items", () => {
  it("creates PENDING requests with the tier, the sessions and their dates, holding no place", async () => {
    const { activity, sessions } = await requestActivity(2, 5);
    const twoPerWeek = await tier(activity.cuid, {
      name: "2 séances par semaine",
      registrations: 2,
      minimum_availabilities: 2,
      maximum_availabilities: 2,
    });
    const parent = await family();
    const chosenDate = sessions[0]!.dates[1]!.id;
    const entry = {
      participant_id: parent.participantId,
      availabilities: [
        { id: sessions[0]!.availability.id, dates: [{ date_id: chosenDate }] },
        { id: sessions[1]!.availability.id },
      ],
    };
    const added = await parent.client.post("/api/carts/items", {
      registrations_requests: [entry, entry],
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = added.json().cart;
    const done = await parent.client.post("/api/carts/checkout", {
      cart_id: cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(done.statusCode, done.body).toBe(200);

    const rows = await t.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.customerId, parent.customerId));
    expect(rows).toHaveLength(2);
    const references = new Set(rows.map((row) => row.reference));
    expect(references.size).toBe(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "PENDING",
        tierId: twoPerWeek.id,
        activityId: activity.id,
        participantId: parent.participantId,
        totalAmount: 0,
      });
      expect(row.reference).not.toBe("");
    }
    const asked = await t.db
      .select()
      .from(registrationRequestAvailabilities)
      .where(eq(registrationRequestAvailabilities.registrationRequestId, rows[0]!.id))
      .orderBy(registrationRequestAvailabilities.position);
    expect(asked.map((row) => [row.availabilityId, row.availabilityDateIds])).toEqual([
      [sessions[0]!.availability.id, [chosenDate]],
      [sessions[1]!.availability.id, sessions[1]!.dates.map((date) => date.id)],
    ]);
    // A PENDING request holds no place.
    const dates = await t.db
      .select({ registered: availabilityDates.registered })
      .from(availabilityDates)
      .where(
        inArray(
          availabilityDates.availabilityId,
          sessions.map((session) => session.availability.id),
        ),
      );
    expect(dates.every((date) => date.registered === 0)).toBe(true);

    // The success page's order shows the request items; the account lists the requests.
    const order = await parent.client.get(`/api/carts/${cart.cuid}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(
      order
        .json()
        .cart.items.filter((item: { type: string }) => item.type === "REGISTRATION_REQUEST"),
    ).toHaveLength(2);
    const listed = await parent.client.get("/api/registrations/requests");
    expect(listed.json().count).toBe(2);
    expect(listed.json().data[0]).toMatchObject({ status: "PENDING", amount_due: 0 });
  });
});

describe("concurrent checkouts of request items", () => {
  it("gives every request and every order its own payment reference", async () => {
    const { sessions } = await requestActivity(2, 1);
    const families = await Promise.all(Array.from({ length: 8 }, () => family()));
    for (const parent of families) {
      const added = await parent.client.post("/api/carts/items", {
        registrations_requests: [requestEntry(parent.participantId, sessions)],
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const answers = await Promise.all(
      families.map(async (parent) => {
        const cart = (await parent.client.get("/api/carts/current")).json().cart;
        return parent.client.post("/api/carts/checkout", {
          cart_id: cart.id,
          payment_strategy: "DELAYED",
          terms: true,
        });
      }),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await t.db
      .select({ reference: registrationRequests.reference, status: registrationRequests.status })
      .from(registrationRequests)
      .where(
        inArray(
          registrationRequests.customerId,
          families.map((parent) => parent.customerId),
        ),
      );
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.status === "PENDING")).toBe(true);
    const orders = await t.db
      .select({ reference: carts.reference })
      .from(carts)
      .where(
        inArray(
          carts.customerId,
          families.map((parent) => parent.customerId),
        ),
      );
    const references = [...rows.map((row) => row.reference), ...orders.map((row) => row.reference)];
    expect(new Set(references).size).toBe(16);
  });
});
