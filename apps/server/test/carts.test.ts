import {
  activityOptionPrices,
  activityOptions,
  activityQuestions,
  bundles,
  cartItemDates,
  cartItems,
  customers,
  participants,
  type TenantTx,
} from "@booking/db";
import { and, eq, gt, inArray, isNull, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/http/cookies.ts";
import { openSession } from "../src/modules/accounts/sessions.ts";
import { availabilityWithDates, organiserIdOf, registrationBody } from "./cart-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  DEMO_PASSWORD,
  registeredClient,
  TEST_SECRET,
  type TestApp,
} from "./harness.ts";

let t: TestApp;
let parent: Client;
let demoId: number;
let parentParticipants: number[];

/**
 * A published activity with one OPEN availability starting in `startsInDays` days, and its dates
 * (one per capacity given, a day apart, each with `registered` places already taken).
 */
function availabilityWith(
  organiser: number,
  dates: Array<{ capacity: number | null; registered?: number; status?: "OPEN" | "CLOSED" }>,
  options: { price?: number; deposit?: number; startsInDays?: number } = {},
) {
  return availabilityWithDates(t, {
    organiserId: organiser,
    title: "Stage de voile",
    capacity: Math.max(0, ...dates.map((date) => date.capacity ?? 0)),
    price: options.price ?? 12_000,
    deposit: options.deposit ?? 3_000,
    startsInDays: options.startsInDays,
    dateHours: 3,
    dates,
  });
}

/** Live holds (cart_item_dates of unexpired items) of one date, straight from the database. */
async function liveHolds(dateId: number): Promise<number> {
  const [row] = await t.db
    .select({ value: sql<number>`count(*)::int` })
    .from(cartItemDates)
    .innerJoin(cartItems, eq(cartItems.id, cartItemDates.cartItemId))
    .where(and(eq(cartItemDates.availabilityDateId, dateId), gt(cartItems.expiresAt, new Date())));
  return row!.value;
}

/**
 * `n` customers of the demo organiser with a participant each and an open session, written
 * straight into the database (registering through the API hashes passwords with argon2: slow).
 */
async function quickCustomers(n: number, prefix: string) {
  const rows = await t.db
    .insert(customers)
    .values(
      Array.from({ length: n }, (_, index) => ({
        organiserId: demoId,
        firstname: "Client",
        lastname: `${prefix}${index}`,
        email: `${prefix}-${index}@example.org`,
        phone: "+32 470 00 00 00",
      })),
    )
    .returning({ id: customers.id });
  const people = await t.db
    .insert(participants)
    .values(
      rows.map((row, index) => ({
        organiserId: demoId,
        customerId: row.id,
        firstname: "Enfant",
        lastname: `${prefix}${index}`,
      })),
    )
    .returning({ id: participants.id, customerId: participants.customerId });
  return Promise.all(
    rows.map(async (row) => {
      const session = await openSession(t.db as unknown as TenantTx, TEST_SECRET, {
        organiserId: demoId,
        customerId: row.id,
        userAgent: undefined,
      });
      const client = new Client(t.app, DEMO_HOST);
      client.cookies.set(SESSION_COOKIE, session.token);
      const participant = people.find((person) => person.customerId === row.id)!;
      return { client, customerId: row.id, participantId: participant.id };
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  parent = new Client(t.app, DEMO_HOST);
  const login = await parent.post("/api/auth/login", {
    email: "parent@demo.test",
    password: DEMO_PASSWORD,
  });
  expect(login.statusCode).toBe(200);
  const [me] = await t.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organiserId, demoId), eq(customers.email, "parent@demo.test")));
  const mine = await t.db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.customerId, me!.id), isNull(participants.deletedAt)));
  parentParticipants = mine.map((row) => row.id);
  expect(parentParticipants.length).toBeGreaterThanOrEqual(2);
});
afterAll(() => t.close());

describe("the customer's cart", () => {
  it("adds, lists and removes items; each place of a quantity is one item", async () => {
    const { availability, dates, activity } = await availabilityWith(demoId, [
      { capacity: 10 },
      { capacity: 10 },
    ]);
    const before = await parent.get("/api/carts/current");
    expect(before.statusCode).toBe(200);
    // Answers are checked against the activity's questions (an unknown question id is refused).
    const [question] = await t.db
      .insert(activityQuestions)
      .values({ organiserId: demoId, activityId: activity.id, type: "TEXT", title: "Allergies" })
      .returning();

    const added = await parent.post(
      "/api/carts/items",
      registrationBody(
        availability.id,
        parentParticipants[0]!,
        dates.map((date) => date.id),
        {
          quantity: 2,
          options: [],
          questions: [{ question_id: question!.id, content: "Allergique aux arachides" }],
        },
      ),
    );
    expect(added.statusCode).toBe(201);
    const cart = added.json().cart;
    expect(cart.count).toBe(2);
    expect(cart.total).toBe(24_000);
    expect(cart.deposit).toBe(6_000);
    expect(cart.items[0]).toMatchObject({
      type: "REGISTRATION",
      price: 12_000,
      deposit: 3_000,
      availability: { cuid: availability.cuid, activity: { title: activity.title } },
      bundle: null,
    });
    expect(cart.items[0].participant.fullname).toMatch(/\S+ \S+/);
    expect(
      cart.items[0].availability_dates.map((d: { date: { id: number } }) => d.date.id),
    ).toEqual(dates.map((date) => date.id));
    const expiresIn = Date.parse(cart.items[0].expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(890_000);
    expect(expiresIn).toBeLessThanOrEqual(900_000);
    const [stored] = await t.db.select().from(cartItems).where(eq(cartItems.id, cart.items[0].id));
    expect(stored!.payload).toEqual({
      options: [],
      questions: [{ question_id: question!.id, content: "Allergique aux arachides" }],
      pricing: { price: 12_000, deposit: 3_000, dates: null, partial: null, options: [] },
    });
    expect(await liveHolds(dates[0]!.id)).toBe(2);
    expect(await liveHolds(dates[1]!.id)).toBe(2);

    // A bundle goes first in the list, then the registrations by first date.
    const [bundle] = await t.db
      .select()
      .from(bundles)
      .where(and(eq(bundles.organiserId, demoId), eq(bundles.published, true)))
      .limit(1);
    const withBundle = await parent.post("/api/carts/items", {
      bundles: [{ bundle_id: bundle!.id, participant_id: null }],
    });
    expect(withBundle.statusCode).toBe(201);
    const current = (await parent.get("/api/carts/current")).json().cart;
    expect(current.id).toBe(cart.id);
    expect(current.items.map((item: { type: string }) => item.type)).toEqual([
      "BUNDLE",
      "REGISTRATION",
      "REGISTRATION",
    ]);
    expect(current.items[0].bundle).toMatchObject({ cuid: bundle!.cuid, title: bundle!.title });
    expect(current.total).toBe(24_000 + bundle!.price);

    const removed = await parent.delete(`/api/carts/items?item_id=${cart.items[0].id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().cart.count).toBe(2);
    expect(await liveHolds(dates[0]!.id)).toBe(1);
    for (const item of removed.json().cart.items) {
      expect((await parent.delete(`/api/carts/items?item_id=${item.id}`)).statusCode).toBe(200);
    }
    const empty = (await parent.get("/api/carts/current")).json().cart;
    expect(empty).toMatchObject({ id: cart.id, items: [], count: 0, total: 0 });
  });

  it("shows each registration's chosen options and answers, by their titles", async () => {
    const { availability, dates, activity } = await availabilityWith(demoId, [{ capacity: 5 }]);
    const [option] = await t.db
      .insert(activityOptions)
      .values({ organiserId: demoId, activityId: activity.id, title: "Garderie" })
      .returning();
    const [price] = await t.db
      .insert(activityOptionPrices)
      .values({ organiserId: demoId, optionId: option!.id, label: "Matin", amount: 1_500 })
      .returning();
    const [question] = await t.db
      .insert(activityQuestions)
      .values({ organiserId: demoId, activityId: activity.id, type: "TEXT", title: "Allergies" })
      .returning();
    const added = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [dates[0]!.id], {
        options: [{ price_id: price!.id, content: null }],
        questions: [{ question_id: question!.id, content: "Arachides" }],
      }),
    );
    expect(added.statusCode).toBe(201);
    const item = (await parent.get("/api/carts/current"))
      .json()
      .cart.items.find((entry: { availability: { id: number } | null }) => {
        return entry.availability?.id === availability.id;
      });
    expect(item.options).toEqual([
      {
        price_id: price!.id,
        content: null,
        price: {
          id: price!.id,
          label: "Matin",
          amount: 1_500,
          percentage: null,
          option: { id: option!.id, title: "Garderie" },
        },
      },
    ]);
    expect(item.questions).toEqual([
      {
        question_id: question!.id,
        content: "Arachides",
        question: { id: question!.id, title: "Allergies", type: "TEXT", choices: [] },
      },
    ]);
    expect((await parent.delete(`/api/carts/items?item_id=${item.id}`)).statusCode).toBe(200);
  });

  it("does not show, count or total expired items, and drops them on the next add", async () => {
    const { availability, dates } = await availabilityWith(demoId, [{ capacity: 3 }]);
    const first = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [dates[0]!.id]),
    );
    expect(first.statusCode).toBe(201);
    const itemId = first
      .json()
      .cart.items.find(
        (item: { availability: { id: number } | null }) =>
          item.availability?.id === availability.id,
      ).id;
    await t.db
      .update(cartItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cartItems.id, itemId));
    const current = (await parent.get("/api/carts/current")).json().cart;
    expect(current.items.map((item: { id: number }) => item.id)).not.toContain(itemId);
    expect(await liveHolds(dates[0]!.id)).toBe(0);

    const again = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[1]!, [dates[0]!.id]),
    );
    expect(again.statusCode).toBe(201);
    const rows = await t.db.select().from(cartItems).where(eq(cartItems.id, itemId));
    expect(rows).toEqual([]);
    await t.db.delete(cartItems).where(eq(cartItems.cartId, again.json().cart.id));
  });

  it("needs a customer session", async () => {
    const visitor = new Client(t.app, DEMO_HOST);
    const current = await visitor.get("/api/carts/current");
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ cart: null });
    const add = await visitor.post("/api/carts/items", { registrations: [] });
    expect(add.statusCode).toBe(401);
  });
});

describe("validation and ownership", () => {
  it("requires at least one date, a positive quantity and valid ids", async () => {
    const { availability } = await availabilityWith(demoId, [{ capacity: 5 }]);
    const noDates = await parent.post("/api/carts/items", {
      registrations: [{ availability_id: availability.id, participant_id: parentParticipants[0] }],
    });
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { "registrations.0.availability_dates": "AVAILABILITY_DATES_REQUIRED" },
    });
    const emptyDates = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, []),
    );
    expect(emptyDates.json().fields).toEqual({
      "registrations.0.availability_dates": "AVAILABILITY_DATES_REQUIRED",
    });
    const zero = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [1], { quantity: 0 }),
    );
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toEqual({ "registrations.0.quantity": "TOO_SMALL" });
    const badId = await parent.delete("/api/carts/items?item_id=abc");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toEqual({ item_id: "INVALID_TYPE" });
  });

  it("refuses another customer's participant, another organiser's availability, unknown items", async () => {
    const { availability, dates } = await availabilityWith(demoId, [{ capacity: 5 }]);
    const other = await registeredClient(t.app, DEMO_HOST, "cart-other@example.org");
    const stolen = await other.client.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [dates[0]!.id]),
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: "PARTICIPANT_NOT_FOUND" });

    const english = await availabilityWith(await organiserIdOf(t, "demo-en"), [{ capacity: 5 }]);
    const foreign = await parent.post(
      "/api/carts/items",
      registrationBody(english.availability.id, parentParticipants[0]!, [english.dates[0]!.id]),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "AVAILABILITY_NOT_FOUND" });
    // Nor can a date of another availability be held through this one.
    const wrongDate = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [english.dates[0]!.id]),
    );
    expect(wrongDate.statusCode).toBe(409);
    expect(wrongDate.json()).toEqual({ error: "DATE_NOT_SELECTABLE" });

    const unknown = await parent.delete("/api/carts/items?item_id=2147483647");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "CART_ITEM_NOT_FOUND" });

    // Another customer's item is unknown too.
    const mine = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [dates[0]!.id]),
    );
    const itemId = mine
      .json()
      .cart.items.find(
        (item: { availability: { id: number } | null }) =>
          item.availability?.id === availability.id,
      ).id;
    const theft = await other.client.delete(`/api/carts/items?item_id=${itemId}`);
    expect(theft.statusCode).toBe(404);
    expect(await liveHolds(dates[0]!.id)).toBe(1);
    // ... and on another organiser's host, the customer's session is worth nothing.
    const englishClient = await registeredClient(t.app, DEMO_EN_HOST, "cart-en@example.org");
    expect(
      (await englishClient.client.delete(`/api/carts/items?item_id=${itemId}`)).statusCode,
    ).toBe(404);
    await parent.delete(`/api/carts/items?item_id=${itemId}`);
  });

  it("refuses closed dates and full dates", async () => {
    const { availability, dates } = await availabilityWith(demoId, [
      { capacity: 5, status: "CLOSED" },
      { capacity: 2, registered: 2 },
      { capacity: 2, registered: 1 },
    ]);
    const closed = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [dates[0]!.id]),
    );
    expect(closed.json()).toEqual({ error: "DATE_NOT_SELECTABLE" });
    const full = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [dates[1]!.id]),
    );
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: "AVAILABILITY_FULL" });
    // One place left: a quantity of 2 does not fit, and nothing is held.
    const tooMany = await parent.post(
      "/api/carts/items",
      registrationBody(availability.id, parentParticipants[0]!, [dates[2]!.id], { quantity: 2 }),
    );
    expect(tooMany.json()).toEqual({ error: "AVAILABILITY_FULL" });
    expect(await liveHolds(dates[2]!.id)).toBe(0);
  });
});

describe("capacity under concurrency", () => {
  async function race(round: number) {
    // 5 places left: capacity 8, 3 registered.
    const { availability, dates, activity } = await availabilityWith(demoId, [
      { capacity: 8, registered: 3 },
    ]);
    const date = dates[0]!;
    const crowd = await quickCustomers(50, `race${round}`);
    // Each client gets its XSRF cookie first, so that the adds themselves start together.
    await Promise.all(crowd.map(({ client }) => client.get("/api/session")));
    const answers = await Promise.all(
      crowd.map(({ client, participantId }) =>
        client.post(
          "/api/carts/items",
          registrationBody(availability.id, participantId, [date.id]),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({ error: "AVAILABILITY_FULL" });
    }
    expect(await liveHolds(date.id)).toBe(5);
    return { availability, activity, date, crowd };
  }

  it("50 customers adding at once on 5 remaining places: exactly 5 succeed", async () => {
    const { availability, activity, date } = await race(0);
    // The catalogue shows the date FULL while the holds last; `registered` stays the registrations.
    const shown = async () =>
      (await parent.get(`/api/availabilities?activity=${activity.cuid}`)).json().data[0].dates[0];
    expect(await shown()).toMatchObject({ status: "FULL", capacity: 8, registered: 3 });

    // Once the holds expire, their places are free again.
    const newcomer = (await quickCustomers(1, "late"))[0]!;
    const refused = await newcomer.client.post(
      "/api/carts/items",
      registrationBody(availability.id, newcomer.participantId, [date.id]),
    );
    expect(refused.json()).toEqual({ error: "AVAILABILITY_FULL" });
    const holders = await t.db
      .select({ id: cartItemDates.cartItemId })
      .from(cartItemDates)
      .where(eq(cartItemDates.availabilityDateId, date.id));
    await t.db
      .update(cartItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        inArray(
          cartItems.id,
          holders.map((holder) => holder.id),
        ),
      );
    expect(await liveHolds(date.id)).toBe(0);
    expect(await shown()).toMatchObject({ status: "OPEN", registered: 3 });
    const accepted = await newcomer.client.post(
      "/api/carts/items",
      registrationBody(availability.id, newcomer.participantId, [date.id]),
    );
    expect(accepted.statusCode).toBe(201);
    expect(await liveHolds(date.id)).toBe(1);
  });

  it.each([1, 2, 3])("is stable (run %i)", async (round) => {
    await race(round);
  });
});
