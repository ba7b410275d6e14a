import { collaborators, events, messages, organisers, registrations } from "@booking/db";
import { and, asc, eq, like } from "@booking/db/orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicUrls } from "../src/http/public-urls.ts";
import { EVENT_HANDLERS } from "../src/jobs/events-consumer.ts";
import type { PublishedEvent } from "../src/jobs/events-relay.ts";
import { collaboratorsHandler } from "../src/modules/staff-notifications/handler.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let demoId: number;
let owner: Client;
const dispatched: number[] = [];
const deps = {
  urls: createPublicUrls({ platformDomain: "localhost", scheme: "http", port: null }),
  dispatchEmail: async (id: number) => {
    dispatched.push(id);
  },
  log: pino({ level: "silent" }),
  now: () => new Date(),
};

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  demoId = row!.id;
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(() => t.close());

async function cuidOf(collaboratorId: number): Promise<string> {
  const [row] = await t.db
    .select({ cuid: collaborators.cuid })
    .from(collaborators)
    .where(eq(collaborators.id, collaboratorId));
  return row!.cuid;
}

/** A new availability, and how to register a child on it (returning the event it emitted). */
async function registrationOn(title: string) {
  const target = await availabilityWithDates(t, {
    organiserId: demoId,
    title,
    capacity: 10,
    price: 5_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 10 }],
  });
  return { target, register: () => register(target) };
}

async function register(target: Awaited<ReturnType<typeof availabilityWithDates>>) {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: { firstname: "Claire", lastname: "Dupont", email: `staff-${suffix}@example.org` },
    participant: { firstname: "Léo", lastname: "Dupont" },
  });
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
  const [registration] = await t.db
    .select()
    .from(registrations)
    .where(eq(registrations.cartId, cartId));
  const [row] = await t.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.type, "registration.created"),
        eq(events.payload, { registration_cuid: registration!.cuid }),
      ),
    );
  expect(row, "registration.created emitted").toBeDefined();
  const event: PublishedEvent = {
    cuid: row!.cuid,
    organiser_id: demoId,
    type: row!.type,
    payload: row!.payload as Record<string, string>,
    occurred_at: row!.occurredAt.toISOString(),
  };
  return { registration: registration!, event };
}

async function staffMessagesOf(eventCuid: string) {
  return t.db
    .select()
    .from(messages)
    .where(like(messages.idempotencyKey, `staff:${eventCuid}:%`))
    .orderBy(asc(messages.id));
}

async function assign(availabilityCuid: string, collaboratorIds: number[]) {
  const staff = await Promise.all(
    collaboratorIds.map(async (id) => ({
      collaborator: await cuidOf(id),
      role: "Moniteur principal",
    })),
  );
  const response = await owner.put(`/api/admin/availabilities/${availabilityCuid}/staff`, {
    staff,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("staff told of new registrations", () => {
  it("is one of the events consumer's handlers", () => {
    expect(EVENT_HANDLERS).toContain(collaboratorsHandler);
  });

  it("e-mails the assigned collaborators who opted in, in their language, and the owners, once", async () => {
    const { target, register: registerOne } = await registrationOn("Stage poney");
    const english = await collaboratorWith(t, []);
    const optedOut = await collaboratorWith(t, []);
    const unassigned = await collaboratorWith(t, []);
    await english.client.put("/api/admin/profile/notifications", {
      language: "en",
      options: ["reservation.created"],
    });
    await optedOut.client.put("/api/admin/profile/notifications", { language: null, options: [] });
    await assign(target.availability.cuid, [english.collaboratorId, optedOut.collaboratorId]);

    const { registration, event } = await registerOne();
    await collaboratorsHandler(t.db, event, deps);
    const sent = await staffMessagesOf(event.cuid);
    const to = sent.map((message) => message.toAddress);
    expect(to).toContain(english.email);
    expect(to).toContain(DEMO_OWNER_EMAIL);
    expect(to).not.toContain(optedOut.email);
    expect(to).not.toContain(unassigned.email);
    const link = `http://admin.localhost/admin/registrations/${registration.cuid}`;

    const mine = sent.find((message) => message.toAddress === english.email)!;
    expect(mine).toMatchObject({
      source: "STAFF",
      collaboratorId: english.collaboratorId,
      idempotencyKey: `staff:${event.cuid}:${english.collaboratorId}`,
      subject: "New registration: Léo Dupont – Stage poney",
    });
    expect(mine.text).toContain("Hello Staff,");
    expect(mine.text).toContain("Claire Dupont registered Léo Dupont for Stage poney");
    expect(mine.text).toContain(link);
    expect(mine.html).toContain(`href="${link}"`);

    const owners = sent.find((message) => message.toAddress === DEMO_OWNER_EMAIL)!;
    expect(owners.subject).toBe("Nouvelle inscription : Léo Dupont – Stage poney");
    expect(owners.text).toContain("Claire Dupont a inscrit Léo Dupont à Stage poney");
    expect(dispatched).toEqual(expect.arrayContaining(sent.map((message) => message.id)));

    // The queue delivers at least once: a replay sends nothing twice.
    const dispatchedBefore = dispatched.length;
    await collaboratorsHandler(t.db, event, deps);
    expect(await staffMessagesOf(event.cuid)).toHaveLength(sent.length);
    expect(dispatched).toHaveLength(dispatchedBefore);
  });

  it("tells of the other events only those who chose them, and of nothing else", async () => {
    const { target, register: registerOne } = await registrationOn("Stage escalade");
    const careful = await collaboratorWith(t, []);
    await careful.client.put("/api/admin/profile/notifications", {
      language: "fr",
      options: ["registration.cancellation.created"],
    });
    await assign(target.availability.cuid, [careful.collaboratorId]);
    const { registration, event } = await registerOne();
    await collaboratorsHandler(t.db, event, deps);
    expect((await staffMessagesOf(event.cuid)).map((m) => m.toAddress)).not.toContain(
      careful.email,
    );

    const cancellation: PublishedEvent = {
      ...event,
      cuid: `${event.cuid}-cancel`,
      type: "registration.cancellation.created",
    };
    await collaboratorsHandler(t.db, cancellation, deps);
    const sent = await staffMessagesOf(cancellation.cuid);
    // The owner keeps the default (new registrations only).
    expect(sent.map((message) => message.toAddress)).toEqual([careful.email]);
    expect(sent[0]!.subject).toBe("Inscription annulée : Léo Dupont – Stage escalade");
    expect(sent[0]!.text).toContain(`/admin/registrations/${registration.cuid}`);

    const cart: PublishedEvent = { ...event, cuid: `${event.cuid}-cart`, type: "cart.processed" };
    await collaboratorsHandler(t.db, cart, deps);
    expect(await staffMessagesOf(cart.cuid)).toEqual([]);
    const gone: PublishedEvent = {
      ...event,
      cuid: `${event.cuid}-gone`,
      payload: { registration_cuid: "no-such-registration" },
    };
    await collaboratorsHandler(t.db, gone, deps);
    expect(await staffMessagesOf(gone.cuid)).toEqual([]);
  });

  it("tells of a freed place the assigned staff who chose it, linking to the waiting list", async () => {
    const { target } = await registrationOn("Stage voile");
    const keeper = await collaboratorWith(t, []);
    await keeper.client.put("/api/admin/profile/notifications", {
      language: "en",
      options: ["waiting-list.vacancy"],
    });
    await assign(target.availability.cuid, [keeper.collaboratorId]);
    const vacancy: PublishedEvent = {
      cuid: `vacancy-${Date.now()}`,
      organiser_id: demoId,
      type: "waiting-list.vacancy",
      payload: { availability_cuid: target.availability.cuid },
      occurred_at: new Date().toISOString(),
    };
    await collaboratorsHandler(t.db, vacancy, deps);
    const sent = await staffMessagesOf(vacancy.cuid);
    expect(sent.map((message) => message.toAddress)).toEqual([keeper.email]);
    expect(sent[0]!.subject).toBe("Place freed: Stage voile");
    expect(sent[0]!.text).toContain(
      `http://admin.localhost/admin/availabilities/${target.availability.cuid}/waiting-list`,
    );
  });
});
