import {
  carts,
  events,
  messages,
  notificationRules,
  registrations,
  scheduledNotifications,
} from "@booking/db";
import { asc, eq, gt, sql } from "@booking/db/orm";
import pino from "pino";
import { expect } from "vitest";
import { consumeEvent } from "../src/jobs/events-consumer.ts";
import type { PublishedEvent } from "../src/jobs/events-relay.ts";
import { sendDueNotifications } from "../src/jobs/notifications-worker.ts";
import type { EventHandlerDeps } from "../src/modules/notifications/scheduling-deps.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import type { Client, TestApp } from "./harness.ts";
import { DEMO_HOST } from "./harness.ts";

let sequence = 0;

/** The handlers' dependencies with a clock the test sets. */
export function rulesDeps(t: TestApp, clock: { now: Date }): EventHandlerDeps {
  return {
    urls: t.app.publicUrls,
    dispatchEmail: async (id) => {
      t.dispatchedEmails.push(id);
    },
    log: pino({ level: "silent" }),
    now: () => clock.now,
  };
}

/** The highest event id now: what a step emits comes after it. */
export async function lastEventId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: sql<number>`coalesce(max(${events.id}), 0)` }).from(events);
  return Number(row!.id);
}

/** The events written since `after`, as the relay publishes them. */
export async function eventsSince(t: TestApp, after: number): Promise<PublishedEvent[]> {
  const rows = await t.db.select().from(events).where(gt(events.id, after)).orderBy(asc(events.id));
  return rows.map((row) => ({
    cuid: row.cuid,
    organiser_id: row.organiserId,
    type: row.type,
    payload: row.payload,
    occurred_at: row.occurredAt.toISOString(),
  }));
}

/** Hands the events written since `after` to the consumer, as the queue would. */
export async function deliverEvents(t: TestApp, after: number, deps: EventHandlerDeps) {
  const list = await eventsSince(t, after);
  for (const event of list) await consumeEvent(t.db, event, deps);
  return list;
}

/** Runs the poller at `at`. */
export function pollAt(t: TestApp, deps: EventHandlerDeps, clock: { now: Date }, at: Date) {
  clock.now = at;
  return sendDueNotifications(t.db, deps);
}

export async function scheduledOf(t: TestApp, ruleId: number) {
  return t.db
    .select()
    .from(scheduledNotifications)
    .where(eq(scheduledNotifications.ruleId, ruleId))
    .orderBy(asc(scheduledNotifications.id));
}

export async function messagesOf(t: TestApp, ruleId: number) {
  return t.db.select().from(messages).where(eq(messages.ruleId, ruleId)).orderBy(asc(messages.id));
}

/** A rule body with sensible values, changed by `overrides`. */
export function ruleBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Règle ${sequence}`,
    trigger: "registration.created",
    channels: ["EMAIL"],
    delay: { amount: 0, unit: "minutes" },
    delay_type: "AFTER_TRIGGER",
    recipient_type: "CUSTOMER",
    recipient: null,
    spam_avoidance_delay: 0,
    active: true,
    global: true,
    title: "Bonjour {{ customer.firstname }}",
    content: "<p>Votre inscription : {{ registrations[0].activity.title }}</p>",
    ...overrides,
  };
}

/** Creates a rule through the console API; returns its view. */
export async function createRule(owner: Client, overrides: Record<string, unknown> = {}) {
  const response = await owner.post("/api/admin/notification-rules", ruleBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; cuid: string };
}

/** Turns every other rule of the organiser off, so that a test sees only its own. */
export async function onlyRule(t: TestApp, organiserId: number, ruleId: number) {
  await t.db
    .update(notificationRules)
    .set({ active: sql`${notificationRules.id} = ${ruleId}` })
    .where(eq(notificationRules.organiserId, organiserId));
}

export function availability(
  t: TestApp,
  organiserId: number,
  options: { startsInDays?: number; dates?: number; capacity?: number } = {},
) {
  sequence += 1;
  const capacity = options.capacity ?? 10;
  return availabilityWithDates(t, {
    organiserId,
    title: `Stage règles ${sequence}`,
    capacity,
    price: 5_000,
    deposit: 0,
    startsInDays: options.startsInDays ?? 10,
    dateHours: 3,
    dates: Array.from({ length: options.dates ?? 1 }, () => ({ capacity })),
  });
}

export function customer(t: TestApp, organiserId: number) {
  sequence += 1;
  return sessionCustomer(t, {
    organiserId,
    host: DEMO_HOST,
    customer: {
      firstname: `Parent${sequence}`,
      lastname: "Règles",
      email: `rules-${sequence}@example.org`,
    },
    participant: { firstname: `Enfant${sequence}`, lastname: "Règles" },
  });
}

export type Customer = Awaited<ReturnType<typeof customer>>;
export type Availability = Awaited<ReturnType<typeof availability>>;

/** A processed cart of `who` with one registration on every date of `target`. */
export async function register(t: TestApp, who: Customer, target: Availability) {
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(
      target.availability.id,
      who.participantId,
      target.dates.map((date) => date.id),
    ),
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
