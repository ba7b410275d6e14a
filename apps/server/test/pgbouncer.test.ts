import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { carts, customers, registrations } from "@booking/db";
import { and, eq, inArray, isNotNull, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findPgBouncer, type PgBouncer, startPgBouncer } from "../../../bench/pgbouncer.ts";
import { organiserIdOf, registrationBody } from "./cart-fixtures.ts";
import { collaboratorWith } from "./console-fixtures.ts";
import { createTestApp, type TestApp } from "./harness.ts";
import { availability, type Customer, customer } from "./notification-rules-fixtures.ts";
import { startSmtpServer, type TestSmtpServer } from "./smtp-fixtures.ts";

// The app through PgBouncer in transaction pooling with named prepared statements kept
// (deploy/pgbouncer/pgbouncer.ini, decision 0105): the server's pool and a worker process
// (`npm run worker`: pg-boss, the events relay and consumer, e-mail delivery) connect through it;
// two server connections serve them all, so every transaction may land on another one. Runs when
// a PgBouncer ≥ 1.21 is found (PGBOUNCER_BIN, /opt/pgbouncer from
// deploy/pgbouncer/build-from-debian-source.sh, or PATH); skipped with the reason otherwise.

const WORKER = fileURLToPath(new URL("../src/worker.ts", import.meta.url));
const binary = findPgBouncer();
if (binary.bin === null) console.warn(`PgBouncer test skipped: ${binary.reason}`);

/** Server connections PgBouncer keeps for each database: far fewer than its clients. */
const SERVER_CONNECTIONS = 2;

let bouncer: PgBouncer;
let t: TestApp;
let smtp: TestSmtpServer;
let worker: ChildProcess | undefined;
let throughBouncer: string;

beforeAll(async () => {
  if (binary.bin === null) return;
  bouncer = await startPgBouncer(binary, inject("databaseAdminUrl"), {
    default_pool_size: String(SERVER_CONNECTIONS),
    min_pool_size: "0",
    reserve_pool_size: "0",
  });
  smtp = await startSmtpServer();
  t = await createTestApp({
    databaseUrl: (url) => {
      throughBouncer = bouncer.through(url);
      return throughBouncer;
    },
  });
  worker = fork(WORKER, [], {
    env: {
      ...process.env,
      DATABASE_URL: throughBouncer,
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
    worker!.once("exit", (code) => reject(new Error(`the worker exited (${code}) at start`)));
  });
}, 90_000);
afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker!.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
  }
  await t?.close();
  await smtp?.close();
  await bouncer?.stop();
}, 60_000);

async function addAndCheckout(who: Customer, target: Awaited<ReturnType<typeof availability>>) {
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(target.availability.id, who.participantId, [target.dates[0]!.id]),
  );
  if (added.statusCode !== 201) return { added: added.statusCode, checkout: null };
  const done = await who.client.post("/api/carts/checkout", {
    cart_id: added.json().cart.id,
    payment_strategy: "DELAYED",
    terms: true,
  });
  return { added: added.statusCode, checkout: done.statusCode };
}

describe.skipIf(!binary.bin)("the app through PgBouncer (transaction pooling)", () => {
  it("sells a date's capacity exactly to a racing crowd, and the worker confirms each once", async () => {
    const organiserId = await organiserIdOf(t, "demo");
    const capacity = 4;
    const target = await availability(t, organiserId, { capacity });
    const crowd = await Promise.all(Array.from({ length: 12 }, () => customer(t, organiserId)));
    // All at once: the carts' and checkout's named prepared statements (decision 0090) run on
    // whichever of the two server connections each transaction is given.
    const answers = await Promise.all(crowd.map((who) => addAndCheckout(who, target)));
    expect(answers.filter((answer) => answer.checkout === 200)).toHaveLength(capacity);
    for (const answer of answers) {
      expect([201, 409, 422]).toContain(answer.added);
      if (answer.checkout !== null) expect([200, 409, 422]).toContain(answer.checkout);
    }
    const sold = await t.db
      .select({ cartId: registrations.cartId })
      .from(registrations)
      .where(eq(registrations.availabilityId, target.availability.id));
    expect(sold).toHaveLength(capacity);

    // The confirmations: the events relay publishes through pg-boss, the consumer writes each
    // message and the delivery sends it, all in the worker and all through PgBouncer.
    const buyers = await t.db
      .select({ email: customers.email })
      .from(carts)
      .innerJoin(
        customers,
        and(eq(customers.organiserId, carts.organiserId), eq(customers.id, carts.customerId)),
      )
      .where(
        and(
          inArray(
            carts.id,
            sold.map((row) => row.cartId),
          ),
          isNotNull(carts.processedAt),
        ),
      );
    expect(buyers).toHaveLength(capacity);
    const mailsTo = (address: string) =>
      smtp.received.filter((mail) => mail.to.includes(address)).length;
    for (const { email } of buyers) {
      await expect.poll(() => mailsTo(email), { timeout: 30_000, interval: 250 }).toBe(1);
    }
  }, 60_000);

  it("streams exports through a cursor while checkouts go on", async () => {
    const { client } = await collaboratorWith(t, [
      "exports.registrations.read",
      "exports.customers.read",
    ]);
    const organiserId = await organiserIdOf(t, "demo");
    const target = await availability(t, organiserId, { capacity: 10 });
    const crowd = await Promise.all(Array.from({ length: 4 }, () => customer(t, organiserId)));
    // Exports hold a server connection for their transaction; checkouts share the other.
    const [registrationsCsv, customersXlsx, ...checkouts] = await Promise.all([
      client.get("/api/admin/exports/registrations.csv"),
      client.get("/api/admin/exports/customers.xlsx"),
      ...crowd.map((who) => addAndCheckout(who, target)),
    ]);
    expect(registrationsCsv.statusCode).toBe(200);
    expect(registrationsCsv.body.split("\n").length).toBeGreaterThan(5);
    expect(customersXlsx.statusCode).toBe(200);
    expect(customersXlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect(checkouts.map((answer) => answer.checkout)).toEqual([200, 200, 200, 200]);
    const again = await client.get("/api/admin/exports/registrations.csv");
    for (const who of crowd) {
      const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
      expect(again.body).toContain(row!.lastname);
    }
  }, 60_000);

  it("leaves no session state on the shared server connections", async () => {
    // Each tenant transaction dropped its role and set the organiser with SET LOCAL: the next
    // transaction on the same server connection (there are two) sees neither.
    const rows = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.db.execute<{ role: string; organiser: string | null; plans: string }>(
          sql`select current_user as role, current_setting('app.organiser_id', true) as organiser,
                     current_setting('plan_cache_mode') as plans`,
        ),
      ),
    );
    for (const {
      rows: [row],
    } of rows) {
      expect(row).toMatchObject({ role: "postgres", plans: "auto" });
      expect(row!.organiser ?? "").toBe("");
    }
    const [pool] = (await bouncer.show("POOLS")).filter(
      (row) => row.database === new URL(throughBouncer).pathname.slice(1),
    );
    expect(
      Number(pool!.sv_active) + Number(pool!.sv_idle) + Number(pool!.sv_used),
    ).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    const [stats] = (await bouncer.show("STATS")).filter(
      (row) => row.database === new URL(throughBouncer).pathname.slice(1),
    );
    expect(Number(stats!.total_xact_count)).toBeGreaterThan(100);
  });
});
