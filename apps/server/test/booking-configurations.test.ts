import {
  bookingConfigurationMemberships,
  bookingConfigurations,
  customerMemberships,
  customers,
  participants,
  resourceSlots,
  resources,
} from "@booking/db";
import { and, eq, gt, lte, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organiserIdOf, sessionCustomer, sessionOf } from "./cart-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Booking configurations enforced (docs/decisions/0071-booking-configurations.md): who may book,
// how far ahead, the weekly maximum (under concurrency) at the add and at checkout, and the
// customer's own cancellation until the deadline with the refund to the wallet.

let t: TestApp;
let demoId: number;
let counter = 0;
const HOUR = 3600;
const PRICES = [{ duration: HOUR, amount: 2_000 }];

/** Tomorrow (or `days` ahead) at `hour`:00 UTC. */
function at(hour: number, days = 1): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
}

type Rules = Partial<typeof bookingConfigurations.$inferInsert>;

/** A resource with slots tomorrow 08:00–17:00 UTC, in 3 and 8 days, following a new configuration. */
async function configuredResource(rules: Rules, membershipIds: number[] = []) {
  const [configuration] = await t.db
    .insert(bookingConfigurations)
    .values({ organiserId: demoId, name: `Règles ${++counter}`, ...rules })
    .returning({ id: bookingConfigurations.id });
  if (membershipIds.length > 0) {
    await t.db.insert(bookingConfigurationMemberships).values(
      membershipIds.map((membershipId) => ({
        organiserId: demoId,
        configurationId: configuration!.id,
        membershipId,
      })),
    );
  }
  const [resource] = await t.db
    .insert(resources)
    .values({
      organiserId: demoId,
      name: `Padel ${counter}`,
      bookingDaysAhead: 30,
      bookingConfigurationId: configuration!.id,
    })
    .returning({ id: resources.id });
  const starts = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((hour) => at(hour));
  await t.db.insert(resourceSlots).values(
    [...starts, at(10, 3), at(10, 8)].map((startAt) => ({
      organiserId: demoId,
      resourceId: resource!.id,
      startAt,
      prices: PRICES,
    })),
  );
  return { resourceId: resource!.id, configurationId: configuration!.id };
}

async function customer(walletAmount = 0) {
  counter += 1;
  return sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `Padel${counter}`,
      email: `padel-${counter}@example.org`,
      walletAmount,
    },
    participant: { firstname: "Joueur", lastname: `Padel${counter}` },
  });
}

function booking(resourceId: number, start: Date, participantId: number) {
  return {
    participant_id: participantId,
    bookings: [
      {
        resource_id: resourceId,
        dates: [
          {
            start_at: start.toISOString(),
            end_at: new Date(start.getTime() + HOUR * 1000).toISOString(),
          },
        ],
      },
    ],
  };
}

type Person = Awaited<ReturnType<typeof customer>>;

async function bookAndCheckOut(person: Person, resourceId: number, start: Date) {
  const added = await person.client.post(
    "/api/carts/items",
    booking(resourceId, start, person.participantId),
  );
  expect(added.statusCode, added.body).toBe(201);
  const done = await person.client.post("/api/carts/checkout", {
    payment_strategy: "DELAYED",
    terms: true,
    cart_id: added.json().cart.id,
  });
  expect(done.statusCode, done.body).toBe(200);
  const list = await person.client.get("/api/bookings");
  return list.json().data.find((one: { start_at: string }) => one.start_at === start.toISOString())
    .cuid as string;
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
});
afterAll(async () => {
  await t?.close();
});

describe("who may book", () => {
  it("lets only holders of an active membership of the configuration's products book", async () => {
    const now = new Date();
    const [held] = await t.db
      .select({
        membershipId: customerMemberships.membershipId,
        customerId: customerMemberships.customerId,
      })
      .from(customerMemberships)
      .where(
        and(
          eq(customerMemberships.organiserId, demoId),
          eq(customerMemberships.cancelled, false),
          lte(customerMemberships.startAt, now),
          gt(customerMemberships.endAt, now),
        ),
      )
      .limit(1);
    const { resourceId } = await configuredResource({ audience: "MEMBERS" }, [held!.membershipId]);

    const stranger = await customer();
    const before = await databaseDigest(t.db);
    const refused = await stranger.client.post(
      "/api/carts/items",
      booking(resourceId, at(9), stranger.participantId),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("BOOKING_MEMBERS_ONLY");
    expect(await databaseDigest(t.db)).toEqual(before);

    const member = await sessionOf(t, demoId, DEMO_HOST, held!.customerId);
    const [participant] = await t.db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.customerId, held!.customerId))
      .limit(1);
    const accepted = await member.post(
      "/api/carts/items",
      booking(resourceId, at(9), participant!.id),
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it("keeps to the nearer of the resource's and the configuration's horizons", async () => {
    const { resourceId } = await configuredResource({ daysAhead: 2 });
    const person = await customer();
    const tooFar = await person.client.post(
      "/api/carts/items",
      booking(resourceId, at(10, 3), person.participantId),
    );
    expect(tooFar.json().error).toBe("BOOKING_TOO_FAR_AHEAD");
    const near = await person.client.post(
      "/api/carts/items",
      booking(resourceId, at(10), person.participantId),
    );
    expect(near.statusCode).toBe(201);
  });
});

describe("maximum bookings a week", () => {
  it("gives a customer racing 10 adds of one week exactly the maximum", async () => {
    const { resourceId } = await configuredResource({ maxPerWeek: 2 });
    const person = await customer();
    const answers = await Promise.all(
      [8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((hour) =>
        person.client.post("/api/carts/items", booking(resourceId, at(hour), person.participantId)),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(8);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().error).toBe("BOOKING_WEEKLY_LIMIT_REACHED");
    }
    const held = await t.db.execute(
      sql`select count(*)::int as n from cart_items i join carts c on c.id = i.cart_id
           where c.customer_id = ${person.customerId} and i.type = 'BOOKING'`,
    );
    expect(held.rows[0]).toEqual({ n: 2 });
    // Another week is another count.
    const nextWeek = await person.client.post(
      "/api/carts/items",
      booking(resourceId, at(10, 8), person.participantId),
    );
    expect(nextWeek.statusCode).toBe(201);
  });

  it("counts confirmed bookings and checks again at checkout", async () => {
    const { resourceId, configurationId } = await configuredResource({ maxPerWeek: 1 });
    const person = await customer();
    await bookAndCheckOut(person, resourceId, at(8));
    const again = await person.client.post(
      "/api/carts/items",
      booking(resourceId, at(12), person.participantId),
    );
    expect(again.json().error).toBe("BOOKING_WEEKLY_LIMIT_REACHED");

    // Held in the cart, then the configuration turns members-only before the checkout.
    const other = await customer();
    const added = await other.client.post(
      "/api/carts/items",
      booking(resourceId, at(13), other.participantId),
    );
    expect(added.statusCode).toBe(201);
    await t.db
      .update(bookingConfigurations)
      .set({ audience: "MEMBERS" })
      .where(eq(bookingConfigurations.id, configurationId));
    const refused = await other.client.post("/api/carts/checkout", {
      payment_strategy: "DELAYED",
      terms: true,
      cart_id: added.json().cart.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("BOOKING_MEMBERS_ONLY");
  });
});

describe("the customer's own cancellation", () => {
  async function walletOf(customerId: number) {
    const [row] = await t.db
      .select({ amount: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row!.amount;
  }

  it("cancels until the deadline with what was paid back in the wallet", async () => {
    const { resourceId } = await configuredResource({ cancellationHours: 24 });
    const person = await customer(5_000);
    const cuid = await bookAndCheckOut(person, resourceId, at(10, 3));
    expect(await walletOf(person.customerId)).toBe(3_000);
    const open = await person.client.get(`/api/bookings/${cuid}/cancellation`);
    expect(open.json()).toEqual({
      allowed: true,
      reason: null,
      deadline: new Date(at(10, 3).getTime() - 24 * HOUR * 1000).toISOString(),
      refund_amount: 2_000,
    });
    const canceled = await person.client.post(`/api/bookings/${cuid}/cancel`, {});
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      reason: "BOOKING_ALREADY_CANCELED",
      refund_amount: 2_000,
    });
    expect(await walletOf(person.customerId)).toBe(5_000);
    // The slot is free again; a second cancel refunds nothing more.
    const again = await person.client.post(`/api/bookings/${cuid}/cancel`, {});
    expect(again.json().error).toBe("BOOKING_ALREADY_CANCELED");
    expect(await walletOf(person.customerId)).toBe(5_000);
    const free = await person.client.get(
      `/api/resources/availabilities?resources=${resourceId}&after=${at(0, 3).toISOString()}&before=${at(23, 3).toISOString()}`,
    );
    expect(free.json().data.map((slot: { start_at: string }) => slot.start_at)).toContain(
      at(10, 3).toISOString(),
    );
  });

  it("says why not after the deadline, without a deadline, to a partner or a stranger", async () => {
    const late = await configuredResource({ cancellationHours: 48 });
    const person = await customer();
    const lateCuid = await bookAndCheckOut(person, late.resourceId, at(9));
    const closed = (await person.client.get(`/api/bookings/${lateCuid}/cancellation`)).json();
    expect(closed).toMatchObject({
      allowed: false,
      reason: "BOOKING_CANCELLATION_CLOSED",
      deadline: new Date(at(9).getTime() - 48 * HOUR * 1000).toISOString(),
    });
    const before = await databaseDigest(t.db);
    const refused = await person.client.post(`/api/bookings/${lateCuid}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("BOOKING_CANCELLATION_CLOSED");
    expect(await databaseDigest(t.db)).toEqual(before);

    const staffOnly = await configuredResource({});
    const cuid = await bookAndCheckOut(person, staffOnly.resourceId, at(10, 3));
    const notOffered = await person.client.post(`/api/bookings/${cuid}/cancel`, {});
    expect(notOffered.json().error).toBe("BOOKING_CANCELLATION_NOT_OFFERED");

    // A partner of a booking shares it but does not cancel it.
    const open = await configuredResource({ cancellationHours: 1 });
    const partner = await customer();
    const shared = await person.client.post("/api/carts/items", {
      participant_id: person.participantId,
      bookings: [
        {
          ...booking(open.resourceId, at(10, 3), person.participantId).bookings[0],
          participants: [{ id: partner.participantId }],
          payment_split: true,
        },
      ],
    });
    expect(shared.statusCode).toBe(201);
    await person.client.post("/api/carts/checkout", {
      payment_strategy: "DELAYED",
      terms: true,
      cart_id: shared.json().cart.id,
    });
    const partnerList = (await partner.client.get("/api/bookings")).json();
    const sharedCuid = partnerList.data[0].cuid;
    expect(
      (await person.client.get(`/api/bookings/${sharedCuid}/cancellation`)).json(),
    ).toMatchObject({ allowed: true });
    expect(
      (await partner.client.get(`/api/bookings/${sharedCuid}/cancellation`)).json(),
    ).toMatchObject({ allowed: false, reason: "BOOKING_CANCELLATION_NOT_OFFERED" });

    const stranger = await customer();
    const untouched = await databaseDigest(t.db);
    const hidden = await stranger.client.post(`/api/bookings/${lateCuid}/cancel`, {});
    expect(hidden.statusCode).toBe(404);
    expect((await stranger.client.get(`/api/bookings/${lateCuid}/cancellation`)).statusCode).toBe(
      404,
    );
    expect(await databaseDigest(t.db)).toEqual(untouched);
    const count = await t.db.execute(
      sql`select count(*)::int as n from bookings where cuid = ${lateCuid} and canceled_at is null`,
    );
    expect(count.rows[0]).toEqual({ n: 1 });
  });
});
