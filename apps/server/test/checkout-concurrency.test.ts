import {
  availabilityDates,
  cartItemDates,
  carts,
  organisers,
  registrationDates,
  registrations,
} from "@booking/db";
import { eq, inArray, sql } from "@booking/db/orm";
import { isValidStructuredCommunication } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Checkouts racing each other and racing adds on the same date (docs/decisions/0008-cart-holds.md,
// 0010-checkout.md): a date's registered + live holds never passes its capacity, a checkout
// turns its holds into registrations counted once, and the dates are locked only by the last
// statement of a conversion (`finishConversion`) and by the capacity check of new holds at commit.

let t: TestApp;
let demoId: number;
let customers = 0;

function customer() {
  customers += 1;
  return sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `Race${customers}`,
      email: `checkout-race-${customers}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Race${customers}` },
  });
}

type Customer = Awaited<ReturnType<typeof customer>>;

async function oneDate(capacity: number) {
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage de voile",
    capacity,
    price: 12_000,
    deposit: 3_000,
    dateHours: 3,
    dates: [{ capacity }],
  });
  return { availabilityId: availability.id, dateId: dates[0]!.id };
}

function add(who: Customer, target: { availabilityId: number; dateId: number }) {
  return who.client.post(
    "/api/carts/items",
    registrationBody(target.availabilityId, who.participantId, [target.dateId]),
  );
}

function checkout(who: Customer, cartId: number) {
  return who.client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: "DELAYED",
    terms: true,
  });
}

/** Customers who each hold one place of the date, with their cart ids. */
async function holders(n: number, target: { availabilityId: number; dateId: number }) {
  const crowd = await Promise.all(Array.from({ length: n }, () => customer()));
  return Promise.all(
    crowd.map(async (who) => {
      const response = await add(who, target);
      expect(response.statusCode, response.body).toBe(201);
      return { who, cartId: response.json().cart.id as number };
    }),
  );
}

/** The date's registered count, its registrations and its holds, from the database. */
async function dateState(dateId: number) {
  const [date] = await t.db
    .select({ registered: availabilityDates.registered, capacity: availabilityDates.capacity })
    .from(availabilityDates)
    .where(eq(availabilityDates.id, dateId));
  const [registrations] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrationDates)
    .where(eq(registrationDates.availabilityDateId, dateId));
  const [holds] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItemDates)
    .where(eq(cartItemDates.availabilityDateId, dateId));
  return { ...date!, registrations: registrations!.n, holds: holds!.n };
}

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, "demo"));
  demoId = row!.id;
  await t.db
    .update(organisers)
    .set({
      settings: sql`${organisers.settings} || '{"bank_transfers_payments_activated": true}'::jsonb`,
    })
    .where(eq(organisers.id, demoId));
});
afterAll(() => t.close());

describe("checkouts under concurrency", () => {
  it("20 holders of the 20 places check out at once: all registered, counted once", async () => {
    const target = await oneDate(20);
    const held = await holders(20, target);
    const answers = await Promise.all(held.map(({ who, cartId }) => checkout(who, cartId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(held.map(() => 200));
    // The holds became registrations: none is left to count twice.
    expect(await dateState(target.dateId)).toEqual({
      registered: 20,
      capacity: 20,
      registrations: 20,
      holds: 0,
    });
    const late = await customer();
    expect((await add(late, target)).json()).toEqual({ error: "AVAILABILITY_FULL" });
  });

  it("after the capacity was lowered, exactly as many checkouts as places left succeed", async () => {
    const target = await oneDate(10);
    const held = await holders(10, target);
    await t.db
      .update(availabilityDates)
      .set({ capacity: 6 })
      .where(eq(availabilityDates.id, target.dateId));
    const answers = await Promise.all(held.map(({ who, cartId }) => checkout(who, cartId)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({ error: "AVAILABILITY_FULL" });
    }
    const state = await dateState(target.dateId);
    expect(state).toMatchObject({ registered: 6, registrations: 6 });
  });

  it("racing checkouts get distinct payment references; a double submit keeps one", async () => {
    // Each number is taken before its checkout's transaction (0010-checkout.md): the replayed
    // submits may burn numbers, never share one or give a cart two.
    const target = await oneDate(10);
    const held = await holders(10, target);
    const answers = await Promise.all(
      held.flatMap(({ who, cartId }) => [checkout(who, cartId), checkout(who, cartId)]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const references = await t.db
      .select({ cart: carts.reference, registration: registrations.reference })
      .from(registrations)
      .innerJoin(carts, eq(carts.id, registrations.cartId))
      .where(
        inArray(
          registrations.cartId,
          held.map(({ cartId }) => cartId),
        ),
      );
    expect(references).toHaveLength(10);
    for (const { cart, registration } of references) {
      expect(registration).toBe(cart);
      expect(isValidStructuredCommunication(cart!)).toBe(true);
    }
    expect(new Set(references.map(({ cart }) => cart)).size).toBe(10);
  });

  it("checkouts and new adds racing on the last places never overbook", async () => {
    // 12 places: 6 holders check out while 30 newcomers try to add.
    const target = await oneDate(12);
    const held = await holders(6, target);
    const newcomers = await Promise.all(Array.from({ length: 30 }, () => customer()));
    const [checkouts, adds] = await Promise.all([
      Promise.all(held.map(({ who, cartId }) => checkout(who, cartId))),
      Promise.all(newcomers.map((who) => add(who, target))),
    ]);
    expect(checkouts.map((answer) => answer.statusCode)).toEqual(held.map(() => 200));
    const statuses = adds.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(24);
    expect(await dateState(target.dateId)).toEqual({
      registered: 6,
      capacity: 12,
      registrations: 6,
      holds: 6,
    });
  });
});
