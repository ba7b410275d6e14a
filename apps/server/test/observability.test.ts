import { PassThrough } from "node:stream";
import { createDatabase, createDatabaseFromTemplate, type Database } from "@booking/db";
import { sql } from "@booking/db/orm";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/http/app.ts";
import { startEmailWorker } from "../src/jobs/email-worker.ts";
import { type JobQueue, startJobQueue } from "../src/jobs/queue.ts";
import { observePool } from "../src/observability/metrics.ts";
import { startMetricsServer } from "../src/observability/metrics-endpoint.ts";
import { observeQueues } from "../src/observability/queue-metrics.ts";
import { Client, DEMO_HOST, TEST_SECRET } from "./harness.ts";
import { freePort } from "./smtp-fixtures.ts";

const TOKEN = "metrics-token-for-the-tests-0123";
/** inject's peer address: the proxy the app trusts */
const PROXY = "127.0.0.1";

let copy: { url: string; drop(): Promise<void> };
let database: { db: Database; pool: import("pg").Pool; close(): Promise<void> };
let queue: JobQueue;
let app: FastifyInstance;
let workerLogs = "";

/** The server as main.ts builds it: requests hand e-mails to the queue, which carries their id. */
async function serverApp(
  db: Database,
  options: { trustProxy: false | string[]; metricsToken?: string },
): Promise<FastifyInstance> {
  return buildApp({
    config: {
      platformDomain: "localhost",
      secret: TEST_SECRET,
      authRateLimitMax: 1000,
      logLevel: "silent",
      smtpUrl: undefined,
      trustProxy: options.trustProxy,
      metricsToken: options.metricsToken,
    },
    db,
    dispatchEmail: (emailId) => queue.send("emails", { email_id: emailId }),
    web: false,
  });
}

beforeAll(async () => {
  copy = await createDatabaseFromTemplate(inject("databaseAdminUrl"), inject("templateDatabase"));
  database = createDatabase(copy.url);
  observePool("requests", database.pool);
  observeQueues(database.pool);
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => {
    workerLogs += chunk.toString("utf8");
  });
  const log = pino({ level: "info" }, stream);
  queue = await startJobQueue(copy.url, log);
  // The worker's side: deliveries to the development outbox, logged with the job's request.
  await startEmailWorker(queue, database.db, { mail: null, sms: null }, log);
  app = await serverApp(database.db, { trustProxy: [PROXY], metricsToken: TOKEN });
});
afterAll(async () => {
  await app.close();
  await queue.stop(1_000);
  await database.close();
  await copy.drop();
});

const askPasswordLink = (target: FastifyInstance, requestId: string) =>
  new Client(target, DEMO_HOST).request("POST", "/api/auth/password/link", {
    headers: { "x-request-id": requestId },
    body: { email: "parent@demo.test" },
  });

async function waitFor(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const jobLines = () =>
  workerLogs
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === "message job done");

describe("request ids", () => {
  it("follow a request into the job it enqueued: the worker logs the proxy's X-Request-Id", async () => {
    const id = "proxy-request-0001-abcdef";
    const answer = await askPasswordLink(app, id);
    expect(answer.statusCode).toBeLessThan(300);
    expect(answer.headers["x-request-id"]).toBe(id);
    await app.afterAnswersSettled();
    await waitFor(() => jobLines().some((line) => line.requestId === id));
    const line = jobLines().find((each) => each.requestId === id)!;
    expect(line).toMatchObject({ queue: "emails", requestId: id });
    expect(typeof line.jobId).toBe("string");
  });

  it("are the server's own when the header does not come from a trusted proxy", async () => {
    const spoofed = "spoofed-by-a-client-0002";
    const untrusting = await serverApp(database.db, { trustProxy: false });
    const fromClient = await askPasswordLink(untrusting, spoofed);
    expect(fromClient.headers["x-request-id"]).not.toBe(spoofed);
    expect(fromClient.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const invalid = await askPasswordLink(app, "bad id\twith spaces");
    expect(invalid.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    await untrusting.afterAnswersSettled();
    await untrusting.close();
    await app.afterAnswersSettled();
    const generated = String(fromClient.headers["x-request-id"]);
    await waitFor(() => jobLines().some((line) => line.requestId === generated));
    expect(workerLogs).not.toContain(spoofed);
  });
});

describe("/api/ready and /api/health", () => {
  it("is ready when the database answers and has every migration; health asks nothing", async () => {
    expect((await app.inject({ url: "/api/ready", headers: { host: "10.1.1.1" } })).json()).toEqual(
      {
        status: "ready",
      },
    );
    const { rows } = await database.pool.query<{ id: number }>(
      "SELECT id FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1",
    );
    const last = rows[0]!.id;
    const saved = await database.pool.query(
      "SELECT * FROM drizzle.__drizzle_migrations WHERE id = $1",
      [last],
    );
    await database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last}`);
    try {
      const behind = await app.inject({ url: "/api/ready", headers: { host: DEMO_HOST } });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: "unavailable", reason: "MIGRATIONS" });
      expect(behind.headers["retry-after"]).toBeDefined();
    } finally {
      const row = saved.rows[0] as { id: number; hash: string; created_at: string };
      await database.pool.query(
        "INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)",
        [row.id, row.hash, row.created_at],
      );
    }
  });

  it("answers on a connection of its own while every connection of the requests' pool is taken", async () => {
    const busy = createDatabase(copy.url, { max: 2, connectionTimeoutMs: 1_000 });
    const crowded = await serverApp(busy.db, { trustProxy: false });
    const taken = [await busy.pool.connect(), await busy.pool.connect()];
    try {
      const ready = await crowded.inject({ url: "/api/ready", headers: { host: DEMO_HOST } });
      expect(ready.json()).toEqual({ status: "ready" });
    } finally {
      for (const client of taken) client.release();
      await crowded.close();
      await busy.close();
    }
  });

  it("is not ready without a database, while the process stays alive", async () => {
    const port = await freePort();
    const unreachable = createDatabase(`postgres://nobody:secret@127.0.0.1:${port}/none`, {
      connectionTimeoutMs: 1_000,
    });
    const alone = await serverApp(unreachable.db, { trustProxy: false });
    try {
      const ready = await alone.inject({ url: "/api/ready", headers: { host: DEMO_HOST } });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "unavailable", reason: "DATABASE" });
      const health = await alone.inject({ url: "/api/health", headers: { host: DEMO_HOST } });
      expect(health.statusCode).toBe(200);
    } finally {
      await alone.close();
      await unreachable.close();
    }
  });
});

describe("/metrics", () => {
  it("answers only with the token, and counts requests by route pattern, pools, queues, deliveries", async () => {
    await app.inject({ url: "/api/carts/abcdefgh123456/payment", headers: { host: DEMO_HOST } });
    await app.inject({ url: "/api/ready", headers: { host: DEMO_HOST } });
    const without = await app.inject({ url: "/metrics", headers: { host: DEMO_HOST } });
    expect(without.statusCode).toBe(401);
    const wrong = await app.inject({
      url: "/metrics",
      headers: { host: DEMO_HOST, authorization: "Bearer not-the-token" },
    });
    expect(wrong.statusCode).toBe(401);
    const scrape = await app.inject({
      url: "/metrics",
      headers: { host: "10.1.1.1", authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers["content-type"]).toContain("text/plain");
    const text = scrape.body;
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/ready",status_code="200"\} \d+/,
    );
    expect(text).toContain('route="/api/carts/:cuid/payment"');
    expect(text).not.toContain("abcdefgh123456");
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/ready"/,
    );
    expect(text).toMatch(/db_pool_connections\{pool="requests",state="total"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{pool="requests",state="waiting"\} 0/);
    expect(text).toMatch(/queue_oldest_job_age_seconds\{queue="[\w-]+"\} [\d.e+-]+/);
    expect(text).toMatch(/messages_delivered_total\{channel="EMAIL",outcome="sent"\} [1-9]/);
    expect(text).toContain("jobs_failed_total");
    expect(text).toContain("checkouts_total");
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("is absent without a token, and served on METRICS_PORT without one", async () => {
    const open = await serverApp(database.db, { trustProxy: false });
    try {
      const answer = await open.inject({ url: "/metrics", headers: { host: DEMO_HOST } });
      expect(answer.statusCode).toBe(404);
    } finally {
      await open.close();
    }
    const port = await freePort();
    const stop = await startMetricsServer(port, "127.0.0.1");
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("db_pool_connections");
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await stop();
    }
  });
});
