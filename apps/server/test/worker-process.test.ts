import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { customers } from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { activeStatements, waitForQuietDatabase } from "../src/jobs/pacing.ts";
import { organiserIdOf } from "./cart-fixtures.ts";
import { createTestApp, type TestApp } from "./harness.ts";
import { availability, customer, register } from "./notification-rules-fixtures.ts";
import { startSmtpServer, type TestSmtpServer } from "./smtp-fixtures.ts";

// `npm run worker` (decision 0059, issue 18 item 1): the queue workers in a process of their own,
// beside a server that runs none (WORKERS=off), deliver what the server's requests set off.

const WORKER = fileURLToPath(new URL("../src/worker.ts", import.meta.url));

let t: TestApp;
let databaseUrl: string;
let smtp: TestSmtpServer;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    databaseUrl: (url) => {
      databaseUrl = url;
      return url;
    },
  });
});
afterAll(async () => {
  if (worker?.exitCode === null) worker.kill("SIGKILL");
  await t?.close();
  await smtp?.close();
});

describe("WORKERS", () => {
  it("is on by default (one process) and off when set so", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/workers-config" }).workers).toBe(true);
    expect(loadConfig({ DATA_DIR: "/tmp/workers-config", WORKERS: "off" }).workers).toBe(false);
    expect(() => loadConfig({ DATA_DIR: "/tmp/workers-config", WORKERS: "maybe" })).toThrow(
      /WORKERS/,
    );
  });
});

describe("pacing while requests are in flight", () => {
  it("waits while more than two other statements run, and not when the database is quiet", async () => {
    expect(await waitForQuietDatabase(t.db)).toBeLessThan(250);
    // Started at once (drizzle's queries run when awaited).
    const requests = Promise.all(
      Array.from({ length: 3 }, () => t.db.execute(sql`select pg_sleep(1.5)`)),
    );
    await expect.poll(() => activeStatements(t.db)).toBeGreaterThanOrEqual(3);
    const waited = await waitForQuietDatabase(t.db);
    await requests;
    expect(waited).toBeGreaterThan(500);
    expect(waited).toBeLessThan(3_000);
    // Never starved: at most its limit while the database stays busy.
    const long = Promise.all(
      Array.from({ length: 3 }, () => t.db.execute(sql`select pg_sleep(2)`)),
    );
    await expect.poll(() => activeStatements(t.db)).toBeGreaterThanOrEqual(3);
    const bounded = await waitForQuietDatabase(t.db, { maxWaitMs: 600 });
    await long;
    expect(bounded).toBeGreaterThanOrEqual(600);
    expect(bounded).toBeLessThan(1_500);
  });
});

describe("npm run worker", () => {
  it("delivers a checkout's confirmation once, then stops on SIGTERM", async () => {
    worker = fork(WORKER, [], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtp.url,
        APP_SECRET: "a-test-secret-of-at-least-32-characters",
        PLATFORM_DOMAIN: "localhost",
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
      },
      execPath: process.execPath,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    await new Promise((resolve, reject) => {
      worker!.once("message", resolve);
      worker!.once("exit", (code) => reject(new Error(`the worker exited (${code})`)));
    });

    const organiserId = await organiserIdOf(t, "demo");
    const who = await customer(t, organiserId);
    const { cart } = await register(t, who, await availability(t, organiserId));
    const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    const address = row!.email;
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(address)).length, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(1);
    const [mail] = smtp.received.filter((one) => one.to.includes(address));
    expect(mail!.parsed.text).toContain(cart.reference!);

    const exited = new Promise<number | null>((resolve) => worker!.once("exit", resolve));
    worker.kill("SIGTERM");
    expect(await exited).toBe(0);
    // Nothing more went out meanwhile (the confirmation is sent once).
    expect(smtp.received.filter((one) => one.to.includes(address))).toHaveLength(1);
  }, 40_000);
});
