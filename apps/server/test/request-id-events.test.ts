import { PassThrough } from "node:stream";
import { events, organisers, withTenant } from "@booking/db";
import { eq, gt, isNull, sql } from "@booking/db/orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEventsConsumer } from "../src/jobs/events-consumer.ts";
import { relayEvents } from "../src/jobs/events-relay.ts";
import { type JobQueue, startJobQueue } from "../src/jobs/queue.ts";
import { emitEvent } from "../src/modules/events/emit.ts";
import { createDirectDispatch } from "../src/modules/messages/direct-dispatch.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Issue 18 item 4, decision 0106: the id of a request follows the events its change wrote, which
// the relay publishes later, into the consumer's jobs and the worker's log lines.

let t: TestApp;
let databaseUrl: string;
let demoId: number;
let queue: JobQueue;
let workerLogs = "";

beforeAll(async () => {
  // inject's peer is 127.0.0.1: the proxy whose X-Request-Id the server takes.
  t = await createTestApp({
    trustProxy: ["127.0.0.1"],
    databaseUrl: (url) => {
      databaseUrl = url;
      return url;
    },
  });
  const [row] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  demoId = row!.id;
  // The worker's side, as apps/server/src/jobs/workers.ts wires it: the consumer, whose rules'
  // messages the direct dispatch delivers (to the development outbox here).
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => {
    workerLogs += chunk.toString("utf8");
  });
  const log = pino({ level: "info" }, stream);
  queue = await startJobQueue(databaseUrl, log);
  const direct = createDirectDispatch(t.db, { mail: null, sms: null }, log);
  await startEventsConsumer(
    queue,
    t.db,
    { urls: t.app.publicUrls, dispatchEmail: direct.dispatch, now: () => new Date() },
    log,
  );
  // The template's own events are not this test's.
  await t.db.update(events).set({ publishedAt: new Date() }).where(isNull(events.publishedAt));
});
afterAll(async () => {
  await queue.stop(1_000);
  await t.close();
});

const logLines = () =>
  workerLogs
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let count = 0;
/** A family's checkout of one place, with `headers`; returns the answer's X-Request-Id. */
async function checkout(headers: Record<string, string>): Promise<string> {
  count += 1;
  const target = await availabilityWithDates(t, {
    organiserId: demoId,
    title: `Stage suivi ${count}`,
    capacity: 5,
    price: 5_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 5 }],
  });
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Suivi",
      lastname: `Req${count}`,
      email: `request-id-${count}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Req${count}` },
  });
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(target.availability.id, who.participantId, [target.dates[0]!.id]),
  );
  expect(added.statusCode, added.body).toBe(201);
  const done = await who.client.request("POST", "/api/carts/checkout", {
    headers,
    body: { cart_id: added.json().cart.id, payment_strategy: "DELAYED", terms: true },
  });
  expect(done.statusCode, done.body).toBe(200);
  await t.app.afterAnswersSettled();
  return String(done.headers["x-request-id"]);
}

async function lastEventId(): Promise<number> {
  const [row] = await t.db.select({ id: sql<number>`coalesce(max(${events.id}), 0)` }).from(events);
  return Number(row!.id);
}

async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a request's id follows the events the relay publishes later", () => {
  it.each([
    ["the proxy's X-Request-Id", { "x-request-id": "proxy-checkout-0001-abcdef" }],
    ["the server's own id", {}],
  ])(
    "%s: kept on the events, carried by their jobs and the worker's log lines",
    async (_, headers) => {
      const before = await lastEventId();
      const requestId = await checkout(headers);
      if ("x-request-id" in headers) expect(requestId).toBe(headers["x-request-id"]);
      else expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

      const written = await t.db.select().from(events).where(gt(events.id, before));
      expect(written.map((event) => event.type).sort()).toEqual([
        "cart.processed",
        "registration.created",
      ]);
      expect(written.every((event) => event.requestId === requestId)).toBe(true);

      while ((await relayEvents(t.db, queue)) > 0);
      const { rows: jobs } = await t.db.execute<{ data: Record<string, unknown> }>(
        sql`select data from pgboss.job where name = 'events' and data->>'cuid' in ${written.map((event) => event.cuid)}`,
      );
      expect(jobs).toHaveLength(2);
      expect(jobs.every((job) => job.data.request_id === requestId)).toBe(true);

      // The consumer's line per event, and the delivery of the demo's confirmation rule it sent.
      const consumed = () =>
        logLines().filter((line) => line.msg === "event consumed" && line.requestId === requestId);
      await waitFor(() => consumed().length === 2);
      expect(
        consumed()
          .map((line) => line.event)
          .sort(),
      ).toEqual(["cart.processed", "registration.created"]);
      expect(
        consumed().every((line) => line.queue === "events" && typeof line.jobId === "string"),
      ).toBe(true);
      await waitFor(() =>
        logLines().some(
          (line) => line.msg === "message delivery done" && line.requestId === requestId,
        ),
      );
    },
    60_000,
  );

  it("an event written outside a request carries no id, and nobody else's", async () => {
    const before = await lastEventId();
    await withTenant(t.db, demoId, (tx) =>
      emitEvent(tx, demoId, "cart.processed", { cart_cuid: "outside-a-request" }),
    );
    const [written] = await t.db.select().from(events).where(gt(events.id, before));
    expect(written).toMatchObject({ type: "cart.processed", requestId: null });
  });
});
