import { activities } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  availabilityWithDates,
  organiserIdOf,
  registrationBody,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { collaboratorWith } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Orders made by booking and registration-request checkouts (decision 0079): the order shows what
// each item became, a booking share is owed once — on its booking, never on the order too — and a
// cancelled booking leaves nothing to pay anywhere.

let t: TestApp;
let demoId: number;
let staff: Awaited<ReturnType<typeof collaboratorWith>>;
let resource: { id: number; cuid: string; name: string };
let slots: Date[];
let counter = 0;

const HOUR = 3600;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  staff = await collaboratorWith(t, [
    "resources.resources.create",
    "bookings.bookings.delete",
    "bookings.bookings.read",
    "payments.payments.read",
  ]);
  const created = await staff.client.post("/api/admin/resources", {
    name: "Court des commandes",
    booking_days_ahead: 14,
    opening_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: "08:00",
      end: "20:00",
      prices: [{ duration: HOUR, amount: 2_400 }],
    })),
  });
  expect(created.statusCode, created.body).toBe(201);
  resource = created.json();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const planning = await t.db.query.resourceSlots.findMany({
    where: (slot, { and, eq, gt }) =>
      and(eq(slot.resourceId, resource.id), gt(slot.startAt, tomorrow)),
    orderBy: (slot, { asc }) => [asc(slot.startAt)],
  });
  slots = planning.map((slot) => slot.startAt);
});

afterAll(async () => {
  await t?.close();
});

async function customer() {
  counter += 1;
  const email = `orders-${counter}-${Date.now()}@example.org`;
  const made = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: { firstname: "Client", lastname: `Commande${counter}`, email },
    participant: { firstname: "Joueur", lastname: `Commande${counter}` },
  });
  return { ...made, email };
}

function bookingOf(start: Date, participantId: number, extra: Record<string, unknown> = {}) {
  return {
    resource_id: resource.id,
    participant_id: participantId,
    dates: [
      {
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + HOUR * 1000).toISOString(),
      },
    ],
    ...extra,
  };
}

async function checkout(client: Client, body: Record<string, unknown>) {
  const added = await client.post("/api/carts/items", body);
  expect(added.statusCode, added.body).toBe(201);
  const done = await client.post("/api/carts/checkout", {
    payment_strategy: "DELAYED",
    terms: true,
    cart_id: added.json().cart.id,
  });
  expect(done.statusCode, done.body).toBe(200);
  const list = await client.get("/api/carts");
  const order = list.json().data[0];
  const detail = await client.get(`/api/carts/${order.cuid}`);
  expect(detail.statusCode).toBe(200);
  return { order, cart: detail.json().cart };
}

async function outstandingOf(email: string) {
  const response = await staff.client.get(`/api/admin/outstanding?q=${encodeURIComponent(email)}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Array<{ type: string; amount_due: number }>).map((row) => [
    row.type,
    row.amount_due,
  ]);
}

describe("an order of a booking", () => {
  it("shows the booking with the booker's share, owed once on the booking, not on the order", async () => {
    const booker = await customer();
    const partner = await customer();
    const { order, cart } = await checkout(booker.client, {
      bookings: [
        bookingOf(slots[0]!, booker.participantId, {
          participants: [{ id: partner.participantId }],
          payment_split: true,
        }),
      ],
    });
    // The list names the court, and the order owes nothing itself: the share is the booking's.
    expect(order.items).toEqual([
      {
        type: "BOOKING",
        title: "Court des commandes",
        participant: `Joueur Commande${counter - 1}`,
      },
    ]);
    expect(order).toMatchObject({ total_amount: 1_200, outstanding_amount: 0, payment: null });
    const item = cart.items.find((row: { type: string }) => row.type === "BOOKING");
    expect(cart.totals).toMatchObject({ total: 1_200, outstanding: 0, booking_shares: 1_200 });
    expect(cart.bank_transfer).toBeNull();
    expect(cart.bookings).toEqual([
      {
        item_id: item.id,
        cuid: expect.any(String),
        canceled_at: null,
        share: { total_amount: 1_200, paid_amount: 0, amount_due: 1_200 },
      },
    ]);
    // The booking's page and the console's outstanding list owe the booker's share once.
    const booking = await booker.client.get(`/api/bookings/${cart.bookings[0].cuid}`);
    expect(booking.statusCode).toBe(200);
    expect(await outstandingOf(booker.email)).toEqual([["BOOKING_PARTICIPATION", 1_200]]);
    expect(await outstandingOf(partner.email)).toEqual([["BOOKING_PARTICIPATION", 1_200]]);
  });

  it("a registration and a booking in one order: the order owes the registration only", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Stage des commandes",
      capacity: 10,
      price: 5_000,
      deposit: 0,
      dateHours: 2,
      dates: [{ capacity: 10 }],
    });
    const { order, cart } = await checkout(parent.client, {
      ...registrationBody(
        availability.id,
        parent.participantId,
        dates.map((date) => date.id),
      ),
      bookings: [bookingOf(slots[1]!, parent.participantId)],
    });
    expect(order).toMatchObject({
      total_amount: 7_400,
      outstanding_amount: 5_000,
      payment: { kind: "outstanding", outstanding: 5_000 },
    });
    expect(cart.totals).toMatchObject({ total: 7_400, outstanding: 5_000, booking_shares: 2_400 });
    expect(cart.bank_transfer).toMatchObject({ amount: 5_000 });
    expect(await outstandingOf(parent.email)).toEqual(
      expect.arrayContaining([
        ["CART", 5_000],
        ["BOOKING_PARTICIPATION", 2_400],
      ]),
    );
    expect(await outstandingOf(parent.email)).toHaveLength(2);
  });

  it("once staff cancel the unpaid booking, nothing is left to pay on the order, the booking or the list", async () => {
    const booker = await customer();
    const { cart } = await checkout(booker.client, {
      bookings: [bookingOf(slots[2]!, booker.participantId)],
    });
    const cuid = cart.bookings[0].cuid;
    const cancel = await staff.client.post(`/api/admin/bookings/${cuid}/cancel`, { refund: false });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const list = await booker.client.get("/api/carts");
    expect(list.json().data[0]).toMatchObject({ outstanding_amount: 0, payment: null });
    const detail = (await booker.client.get(`/api/carts/${cart.cuid}`)).json().cart;
    expect(detail.totals.outstanding).toBe(0);
    expect(detail.bookings[0]).toMatchObject({
      cuid,
      canceled_at: expect.any(String),
      share: { amount_due: 0 },
    });
    expect(await outstandingOf(booker.email)).toEqual([]);
  });
});

describe("an order of a registration request", () => {
  it("shows each request it made with its status", async () => {
    const parent = await customer();
    const { activity, availability } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Natation des commandes",
      capacity: 10,
      price: 6_000,
      deposit: 0,
      dateHours: 1,
      dates: [{ capacity: 10 }, { capacity: 10 }],
    });
    await t.db
      .update(activities)
      .set({ registrationFlow: "REQUEST" })
      .where(eq(activities.id, activity.id));
    const { order, cart } = await checkout(parent.client, {
      registrations_requests: [
        { participant_id: parent.participantId, availabilities: [{ id: availability.id }] },
      ],
    });
    expect(order.items).toEqual([
      {
        type: "REGISTRATION_REQUEST",
        title: "Natation des commandes",
        participant: `Joueur Commande${counter}`,
      },
    ]);
    expect(order).toMatchObject({ outstanding_amount: 0, payment: null });
    const item = cart.items.find((row: { type: string }) => row.type === "REGISTRATION_REQUEST");
    expect(cart.registration_requests).toEqual([
      {
        item_id: item.id,
        cuid: expect.any(String),
        reference: expect.any(String),
        status: "PENDING",
      },
    ]);
    const request = await parent.client.get(
      `/api/registrations/requests/${cart.registration_requests[0].cuid}`,
    );
    expect(request.statusCode).toBe(200);
  });
});
