import {
  availabilityDates,
  carts,
  customerMemberships,
  events,
  memberships,
  organisers,
  registrations,
  waitingListEntries,
  withTenant,
} from "@booking/db";
import { and, asc, eq, gt, sql } from "@booking/db/orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobIdOf, relayEvents } from "../src/jobs/events-relay.ts";
import { type JobQueue, startJobQueue } from "../src/jobs/queue.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let databaseUrl: string;
let demoId: number;
let count = 0;

beforeAll(async () => {
  t = await createTestApp({
    databaseUrl: (url) => {
      databaseUrl = url;
      return url;
    },
  });
  const [row] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  demoId = row!.id;
});
afterAll(() => t.close());

/** The highest event id now: what a step emits comes after it. */
async function lastEventId(): Promise<number> {
  const [row] = await t.db.select({ id: sql<number>`coalesce(max(${events.id}), 0)` }).from(events);
  return Number(row!.id);
}

async function eventsAfter(id: number) {
  return t.db
    .select({ type: events.type, payload: events.payload, organiserId: events.organiserId })
    .from(events)
    .where(gt(events.id, id))
    .orderBy(asc(events.id));
}

function availability(capacity = 10) {
  count += 1;
  return availabilityWithDates(t, {
    organiserId: demoId,
    title: `Stage événements ${count}`,
    capacity,
    price: 5_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity }],
  });
}

function customer() {
  count += 1;
  return sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: { firstname: "Ev", lastname: `Ent${count}`, email: `events-${count}@example.org` },
    participant: { firstname: "Enfant", lastname: `Ent${count}` },
  });
}

type Customer = Awaited<ReturnType<typeof customer>>;

/** A processed cart of `who` with one registration on `target`; returns cart and registration. */
async function register(who: Customer, target: Awaited<ReturnType<typeof availability>>) {
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(target.availability.id, who.participantId, [target.dates[0]!.id]),
  );
  expect(added.statusCode, added.body).toBe(201);
  const cartId: number = added.json().cart.id;
  const done = await who.client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId));
  const [registration] = await t.db
    .select()
    .from(registrations)
    .where(eq(registrations.cartId, cartId));
  return { cart: cart!, registration: registration! };
}

describe("events of the changes that cause them", () => {
  it("a checkout emits cart.processed and registration.created once each", async () => {
    const target = await availability();
    const who = await customer();
    const before = await lastEventId();
    const { cart, registration } = await register(who, target);
    expect(await eventsAfter(before)).toEqual([
      { type: "cart.processed", payload: { cart_cuid: cart.cuid }, organiserId: demoId },
      {
        type: "registration.created",
        payload: { registration_cuid: registration.cuid },
        organiserId: demoId,
      },
    ]);
  });

  it("a checkout refused with 409 emits nothing", async () => {
    const target = await availability(1);
    const who = await customer();
    const added = await who.client.post(
      "/api/carts/items",
      registrationBody(target.availability.id, who.participantId, [target.dates[0]!.id]),
    );
    expect(added.statusCode).toBe(201);
    // The place is taken by someone else meanwhile.
    await t.db
      .update(availabilityDates)
      .set({ registered: 1 })
      .where(eq(availabilityDates.id, target.dates[0]!.id));
    const before = await lastEventId();
    const refused = await who.client.post("/api/carts/checkout", {
      cart_id: added.json().cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(await eventsAfter(before)).toEqual([]);
  });

  it("a membership checkout emits membership.created", async () => {
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.organiserId, demoId))
      .limit(1);
    const who = await customer();
    const added = await who.client.post("/api/carts/items", {
      memberships: [{ membership_id: membership!.id, participant_id: who.participantId }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const before = await lastEventId();
    const done = await who.client.post("/api/carts/checkout", {
      cart_id: added.json().cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.db
      .select({ cuid: customerMemberships.cuid })
      .from(customerMemberships)
      .where(eq(customerMemberships.customerId, who.customerId));
    expect((await eventsAfter(before)).map(({ type, payload }) => ({ type, payload }))).toEqual([
      { type: "cart.processed", payload: { cart_cuid: expect.any(String) } },
      { type: "membership.created", payload: { customer_membership_cuid: row!.cuid } },
    ]);
  });

  it("a cancellation emits its event, and waiting-list.vacancy only when someone waits", async () => {
    const target = await availability();
    const first = await customer();
    const second = await customer();
    const one = await register(first, target);
    const two = await register(second, target);

    let before = await lastEventId();
    const cancelled = await first.client.post("/api/registrations/cancel", {
      registration_id: one.registration.id,
      message: "Malade",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await eventsAfter(before)).toEqual([
      {
        type: "registration.cancellation.created",
        payload: { registration_cuid: one.registration.cuid },
        organiserId: demoId,
      },
    ]);

    const waiting = await customer();
    await t.db.insert(waitingListEntries).values({
      organiserId: demoId,
      availabilityId: target.availability.id,
      participantId: waiting.participantId,
      customerId: waiting.customerId,
    });
    before = await lastEventId();
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const byOrganiser = await owner.post(
      `/api/admin/registrations/${two.registration.cuid}/cancel`,
      {},
    );
    expect(byOrganiser.statusCode, byOrganiser.body).toBe(200);
    expect(await eventsAfter(before)).toEqual([
      {
        type: "registration.cancellation.created",
        payload: { registration_cuid: two.registration.cuid },
        organiserId: demoId,
      },
      {
        type: "waiting-list.vacancy",
        payload: { availability_cuid: target.availability.cuid },
        organiserId: demoId,
      },
    ]);
  });

  it("a transfer emits registration.transfer.created", async () => {
    const source = await availability();
    const target = await availability();
    const { registration } = await register(await customer(), source);
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const before = await lastEventId();
    const moved = await owner.post(`/api/admin/registrations/${registration.cuid}/transfer`, {
      availability: target.availability.cuid,
      availability_dates: [{ date_id: target.dates[0]!.id }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await eventsAfter(before)).toEqual([
      {
        type: "registration.transfer.created",
        payload: {
          registration_cuid: registration.cuid,
          availability_cuid: target.availability.cuid,
        },
        organiserId: demoId,
      },
    ]);
  });

  it("a bank transfer credited to a cart emits payment.received and bank_statement.transfer.reconciled", async () => {
    const { cart } = await register(await customer(), await availability());
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const before = await lastEventId();
    const received = await owner.post(`/api/admin/carts/${cart.cuid}/bank-transfers`, {
      amount: 1_000,
      received_on: "2026-11-20",
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(await eventsAfter(before)).toEqual([
      // What invoicing reacts to, however the money came (decision 0083).
      { type: "payment.received", payload: { destination_cuid: cart.cuid }, organiserId: demoId },
      {
        type: "bank_statement.transfer.reconciled",
        payload: { transfer_cuid: received.json().cuid },
        organiserId: demoId,
      },
    ]);
  });

  it("another organiser's tenant transaction sees none of them", async () => {
    const [other] = await t.db
      .select({ id: organisers.id })
      .from(organisers)
      .where(sql`${organisers.id} <> ${demoId}`)
      .limit(1);
    const seen = await withTenant(t.db, other!.id, (tx) =>
      tx.select().from(events).where(eq(events.organiserId, demoId)),
    );
    expect(seen).toEqual([]);
    const own = await withTenant(t.db, demoId, (tx) => tx.select().from(events));
    expect(own.length).toBeGreaterThan(0);
  });
});

describe("the relay", () => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = await startJobQueue(databaseUrl, pino({ level: "silent" }));
  });
  afterAll(() => queue.stop());

  async function jobsOf(cuids: string[]) {
    const result = await t.db.execute<{ id: string; data: { cuid: string } }>(
      sql`select id::text as id, data from pgboss.job where name = 'events' and data->>'cuid' = any(${sql.param(cuids)}::text[])`,
    );
    return result.rows;
  }

  it("publishes each event once, even with two relays at once", async () => {
    // Everything so far is published first.
    while ((await relayEvents(t.db, queue)) > 0);
    const before = await lastEventId();
    for (let index = 0; index < 5; index += 1)
      await register(await customer(), await availability());
    const emitted = await t.db
      .select({ cuid: events.cuid })
      .from(events)
      .where(gt(events.id, before));
    expect(emitted).toHaveLength(10);
    const counts = await Promise.all([relayEvents(t.db, queue, 4), relayEvents(t.db, queue, 4)]);
    while ((await relayEvents(t.db, queue, 4)) > 0);
    expect(counts[0]! + counts[1]!).toBeLessThanOrEqual(8);
    const cuids = emitted.map((row) => row.cuid);
    const jobs = await jobsOf(cuids);
    expect(jobs.map((job) => job.data.cuid).sort()).toEqual([...cuids].sort());
    expect(jobs.every((job) => job.id === jobIdOf(job.data.cuid))).toBe(true);
    const unpublished = await t.db
      .select()
      .from(events)
      .where(and(gt(events.id, before), sql`${events.publishedAt} is null`));
    expect(unpublished).toEqual([]);
  });

  it("sends an event again under the same job id after a crash between send and mark", async () => {
    while ((await relayEvents(t.db, queue)) > 0);
    const before = await lastEventId();
    await register(await customer(), await availability());
    // The relay dies right after the queue accepted the jobs: its mark is rolled back.
    const crashing = {
      boss: {
        insert: async (...args: Parameters<JobQueue["boss"]["insert"]>) => {
          await queue.boss.insert(...args);
          throw new Error("killed");
        },
      },
    } as unknown as JobQueue;
    await expect(relayEvents(t.db, crashing)).rejects.toThrow("killed");
    const emitted = await t.db.select().from(events).where(gt(events.id, before));
    expect(emitted.every((row) => row.publishedAt === null)).toBe(true);
    const cuids = emitted.map((row) => row.cuid);
    const first = await jobsOf(cuids);
    expect(first).toHaveLength(2);

    expect(await relayEvents(t.db, queue)).toBe(2);
    const again = await jobsOf(cuids);
    expect(again.map((job) => job.id).sort()).toEqual(first.map((job) => job.id).sort());
    expect(again.map((job) => job.id).sort()).toEqual(cuids.map(jobIdOf).sort());
  });
});
