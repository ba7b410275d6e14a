import { randomBytes } from "node:crypto";
import http from "node:http";
import { createHistogram, performance, type RecordableHistogram } from "node:perf_hooks";
import {
  activities,
  availabilities,
  availabilityDates,
  createDatabase,
  customerSessions,
  customers,
  participants,
} from "@booking/db";
import { sql } from "@booking/db/orm";
import pg from "pg";
import { SESSION_TTL_MS } from "../apps/server/src/modules/accounts/sessions.ts";
import { hashToken, newToken } from "../apps/server/src/modules/accounts/tokens.ts";
import {
  type Cleanups,
  cpuSnapshot,
  formatMs,
  machineLine,
  otherCpu,
  out,
  PLATFORM_DOMAIN,
  percent,
  positiveNumber,
  prepareDatabase,
  runCleanups,
  startServer,
  stopServer,
  waitForQuietMachine,
} from "./setup.ts";

/**
 * Checkout benchmark (see bench/README.md). Same setup as the catalogue benchmark (bench/setup.ts:
 * embedded PostgreSQL unless BENCH_DATABASE_URL is set, migrations, demo seed, generated data
 * set, the server in a child process), then, on the first bench organiser:
 *   (a) steady: BENCH_CONCURRENCY virtual customers (50) each looping POST /api/carts/items then
 *       POST /api/carts/checkout on one availability of large capacity for BENCH_DURATION seconds;
 *   (b) rush: BENCH_RUSH_CUSTOMERS distinct customers (2,000) arriving uniformly over
 *       BENCH_RUSH_SECONDS (10) for one availability with one date of BENCH_RUSH_PLACES places
 *       (200), each adding to the cart then checking out.
 * Customers, participants and sessions are written straight into the database (no argon2 log-in);
 * session tokens are hashed with the server's secret exactly as openSession stores them.
 * Exits 1 when the rush sells a number of places other than BENCH_RUSH_PLACES or any answer is 5xx.
 */

const DURATION = positiveNumber("BENCH_DURATION", 10);
const WARMUP = process.env.BENCH_WARMUP === "0" ? 0 : positiveNumber("BENCH_WARMUP", 2);
const CONCURRENCY = positiveNumber("BENCH_CONCURRENCY", 50);
const RUSH_CUSTOMERS = positiveNumber("BENCH_RUSH_CUSTOMERS", 2000);
const RUSH_SECONDS = positiveNumber("BENCH_RUSH_SECONDS", 10);
const RUSH_PLACES = positiveNumber("BENCH_RUSH_PLACES", 200);
/** Sockets the rush may open at once (each arriving customer otherwise waits for one). */
const RUSH_CONNECTIONS = positiveNumber("BENCH_RUSH_CONNECTIONS", 500);
const ORGANISERS = positiveNumber("BENCH_ORGANISERS", 50);
const WAIT_IDLE = process.env.BENCH_WAIT_IDLE ? positiveNumber("BENCH_WAIT_IDLE", 0) : 0;
const DAY_MS = 86_400_000;
const SECRET = randomBytes(32).toString("base64url");

// --- Fixtures -----------------------------------------------------------------------------------

type Customer = { customerId: number; participantId: number; cookie: string; xsrf: string };

type Target = { availabilityId: number; dateId: number };

/**
 * A published activity with one OPEN availability starting in 30 days and one date of
 * `capacity` places, price 120.00 with a 30.00 deposit.
 */
async function createTarget(
  database: ReturnType<typeof createDatabase>,
  organiserId: number,
  title: string,
  capacity: number,
): Promise<Target> {
  const start = Date.now() + 30 * DAY_MS;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
    const [activity] = await tx
      .insert(activities)
      .values({ organiserId, title, published: true })
      .returning({ id: activities.id });
    const [availability] = await tx
      .insert(availabilities)
      .values({
        organiserId,
        activityId: activity!.id,
        startAt: new Date(start),
        endAt: new Date(start + DAY_MS),
        capacity,
        price: 12_000,
        deposit: 3_000,
      })
      .returning({ id: availabilities.id });
    const [date] = await tx
      .insert(availabilityDates)
      .values({
        organiserId,
        availabilityId: availability!.id,
        startAt: new Date(start),
        endAt: new Date(start + 3 * 3600 * 1000),
        capacity,
      })
      .returning({ id: availabilityDates.id });
    return { availabilityId: availability!.id, dateId: date!.id };
  });
}

/**
 * `count` customers, each with one participant and an open session, in bulk inserts of 1,000.
 * The session rows are what openSession writes: the token hashed with the server's secret by
 * the same helper, a 30-day expiry.
 */
async function createCustomers(
  database: ReturnType<typeof createDatabase>,
  organiserId: number,
  prefix: string,
  count: number,
): Promise<Customer[]> {
  const created: Customer[] = [];
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  for (let offset = 0; offset < count; offset += 1000) {
    const size = Math.min(1000, count - offset);
    const numbers = Array.from({ length: size }, (_, i) => offset + i + 1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
      const customerRows = await tx
        .insert(customers)
        .values(
          numbers.map((n) => ({
            organiserId,
            firstname: "Client",
            lastname: `${prefix} ${n}`,
            email: `${prefix}-${n}-${now.getTime()}@bench.example.org`,
            phone: "+32 470 00 00 00",
          })),
        )
        .returning({ id: customers.id });
      const participantRows = await tx
        .insert(participants)
        .values(
          customerRows.map((row, i) => ({
            organiserId,
            customerId: row.id,
            firstname: "Enfant",
            lastname: `${prefix} ${numbers[i]}`,
          })),
        )
        .returning({ id: participants.id, customerId: participants.customerId });
      const tokens = customerRows.map(() => newToken());
      await tx.insert(customerSessions).values(
        customerRows.map((row, i) => ({
          organiserId,
          customerId: row.id,
          tokenHash: hashToken(SECRET, tokens[i]!),
          expiresAt,
          lastSeenAt: now,
          userAgent: "bench/checkout.ts",
        })),
      );
      customerRows.forEach((row, i) => {
        const xsrf = randomBytes(24).toString("base64url");
        created.push({
          customerId: row.id,
          participantId: participantRows.find((p) => p.customerId === row.id)!.id,
          cookie: `session=${tokens[i]}; XSRF-TOKEN=${xsrf}`,
          xsrf,
        });
      });
    });
  }
  return created;
}

// --- HTTP ---------------------------------------------------------------------------------------

type Answer = { status: number; body: string; ms: number };

function post(
  agent: http.Agent,
  port: number,
  host: string,
  who: Customer,
  path: string,
  payload: unknown,
): Promise<Answer> {
  const body = JSON.stringify(payload);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent,
        headers: {
          host,
          accept: "application/json",
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          cookie: who.cookie,
          "x-xsrf-token": who.xsrf,
        },
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        response.on("error", () => resolve({ status: 0, body: "response error", ms: 0 }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) =>
      resolve({ status: 0, body: String(error), ms: performance.now() - started }),
    );
    request.end(body);
  });
}

/** Statuses by endpoint and error code ("409 AVAILABILITY_FULL"), with one body per unexpected. */
class Tally {
  readonly counts = new Map<string, number>();
  readonly samples = new Map<string, string>();
  fivexx = 0;
  errors = 0;
  add(endpoint: string, answer: Answer): void {
    let code = "";
    if (answer.status >= 400) {
      try {
        code = ` ${(JSON.parse(answer.body) as { error?: string }).error ?? ""}`;
      } catch {
        code = "";
      }
    }
    const key = `${endpoint} ${answer.status === 0 ? "connection error" : answer.status}${code}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (answer.status >= 500) this.fivexx += 1;
    if (answer.status === 0) this.errors += 1;
    if (answer.status >= 500 || answer.status === 0) {
      if (!this.samples.has(key)) this.samples.set(key, answer.body.slice(0, 300));
    }
  }
  lines(): string[] {
    return [...this.counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([key, n]) => `${key}: ${n}${this.samples.has(key) ? ` (${this.samples.get(key)})` : ""}`,
      );
  }
}

const histogram = () => createHistogram({ lowest: 1, highest: 600_000_000, figures: 3 });
/** Milliseconds into a histogram of microseconds. */
const record = (h: RecordableHistogram, ms: number) => h.record(Math.max(1, Math.round(ms * 1000)));
const quantile = (h: RecordableHistogram, q: number) =>
  h.count === 0 ? null : h.percentile(q) / 1000;

const addBody = (target: Target, who: Customer) => ({
  registrations: [
    {
      availability_id: target.availabilityId,
      participant_id: who.participantId,
      availability_dates: [{ date_id: target.dateId }],
    },
  ],
});

const checkoutBody = (cartId: number) => ({
  cart_id: cartId,
  payment_strategy: "DELAYED",
  terms: true,
});

/** add then checkout; the checkout answer is null when the add failed. */
async function addAndCheckout(
  agent: http.Agent,
  port: number,
  host: string,
  target: Target,
  who: Customer,
): Promise<{ add: Answer; checkout: Answer | null }> {
  const add = await post(agent, port, host, who, "/api/carts/items", addBody(target, who));
  if (add.status !== 201) return { add, checkout: null };
  const cartId = (JSON.parse(add.body) as { cart: { id: number } }).cart.id;
  const checkout = await post(agent, port, host, who, "/api/carts/checkout", checkoutBody(cartId));
  return { add, checkout };
}

// --- Scenarios ----------------------------------------------------------------------------------

type SteadyResult = {
  checkouts: number;
  perSecond: number;
  pair: RecordableHistogram;
  add: RecordableHistogram;
  checkout: RecordableHistogram;
  tally: Tally;
  otherCpu: number | null;
};

async function steady(
  port: number,
  host: string,
  target: Target,
  crowd: Customer[],
): Promise<SteadyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: crowd.length });
  const result: SteadyResult = {
    checkouts: 0,
    perSecond: 0,
    pair: histogram(),
    add: histogram(),
    checkout: histogram(),
    tally: new Tally(),
    otherCpu: null,
  };
  const warmEnd = performance.now() + WARMUP * 1000;
  let measureEnd = Number.POSITIVE_INFINITY;
  const loop = async (who: Customer) => {
    for (;;) {
      if (performance.now() >= measureEnd) return;
      const started = performance.now();
      const { add, checkout } = await addAndCheckout(agent, port, host, target, who);
      const ended = performance.now();
      // Every answer is counted (warm-up included: a 5xx is a failure whenever it happens);
      // throughput and latency are those of the pairs that end inside the measured window.
      result.tally.add("add", add);
      if (checkout) result.tally.add("checkout", checkout);
      if (ended >= warmEnd && ended <= measureEnd) {
        record(result.add, add.ms);
        if (checkout) record(result.checkout, checkout.ms);
        if (checkout?.status === 200) {
          result.checkouts += 1;
          record(result.pair, ended - started);
        }
      }
      if (add.status === 0 || checkout?.status === 0) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const loops = crowd.map((who) => loop(who));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, warmEnd - performance.now())));
  const cpuBefore = cpuSnapshot();
  measureEnd = warmEnd + DURATION * 1000;
  await Promise.all(loops);
  result.otherCpu = otherCpu(cpuBefore, cpuSnapshot());
  result.perSecond = result.checkouts / DURATION;
  agent.destroy();
  return result;
}

type RushResult = {
  seconds: number;
  checkouts: number;
  add: RecordableHistogram;
  checkout: RecordableHistogram;
  all: RecordableHistogram;
  customer: RecordableHistogram;
  tally: Tally;
  otherCpu: number | null;
};

async function rush(
  port: number,
  host: string,
  target: Target,
  crowd: Customer[],
): Promise<RushResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: RUSH_CONNECTIONS });
  const result: RushResult = {
    seconds: 0,
    checkouts: 0,
    add: histogram(),
    checkout: histogram(),
    all: histogram(),
    customer: histogram(),
    tally: new Tally(),
    otherCpu: null,
  };
  const cpuBefore = cpuSnapshot();
  const started = performance.now();
  const interval = (RUSH_SECONDS * 1000) / crowd.length;
  await Promise.all(
    crowd.map(async (who, i) => {
      const at = started + i * interval;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const arrived = performance.now();
      const { add, checkout } = await addAndCheckout(agent, port, host, target, who);
      result.tally.add("add", add);
      record(result.add, add.ms);
      record(result.all, add.ms);
      if (checkout) {
        result.tally.add("checkout", checkout);
        record(result.checkout, checkout.ms);
        record(result.all, checkout.ms);
        if (checkout.status === 200) result.checkouts += 1;
      }
      record(result.customer, performance.now() - arrived);
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  result.otherCpu = otherCpu(cpuBefore, cpuSnapshot());
  agent.destroy();
  return result;
}

// --- Output -------------------------------------------------------------------------------------

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  out(line(header));
  out(
    `|${widths.map((w, i) => (i === 0 ? `${"-".repeat(w + 1)}-` : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const row of rows) out(line(row));
}

const ms = (value: number | null) => formatMs(value);

// --- Main ---------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    const { databaseUrl, generated } = await prepareDatabase(cleanups, ORGANISERS);
    const organiser = generated.organisers[0];
    if (!organiser) throw new Error("no bench organiser found");
    const host = `${organiser.slug}.${PLATFORM_DOMAIN}`;

    const database = createDatabase(databaseUrl);
    cleanups.push(() => database.close());
    // DELAYED checkout of something to pay needs bank transfers (409 PAYMENT_METHOD_UNAVAILABLE).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiser.id)}, true)`);
      await tx.execute(
        sql`UPDATE organisers SET settings = settings || '{"bank_transfers_payments_activated": true}'::jsonb WHERE id = ${organiser.id}`,
      );
    });
    const t = performance.now();
    const stamp = Date.now().toString(36);
    const steadyTarget = await createTarget(
      database,
      organiser.id,
      `Bench checkout steady ${stamp}`,
      1_000_000,
    );
    const rushTarget = await createTarget(
      database,
      organiser.id,
      `Bench checkout rush ${stamp}`,
      RUSH_PLACES,
    );
    const steadyCrowd = await createCustomers(
      database,
      organiser.id,
      `steady-${stamp}`,
      CONCURRENCY,
    );
    const rushCrowd = await createCustomers(
      database,
      organiser.id,
      `rush-${stamp}`,
      RUSH_CUSTOMERS,
    );
    out(
      `${steadyCrowd.length + rushCrowd.length} customers with a participant and a session, two availabilities on ${organiser.slug}, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on("error", () => {});
    cleanups.push(() => pool.end());
    const { rows: versions } = await pool.query<{ server_version: string }>("SHOW server_version");
    const busyBefore = await waitForQuietMachine(WAIT_IDLE);
    out();
    out(machineLine(versions[0]?.server_version ?? "?", busyBefore));
    if (busyBefore !== null && busyBefore > 0.2) {
      out("warning: other processes are using the CPUs: the figures will be low");
    }
    out(
      `steady: ${CONCURRENCY} customers, ${DURATION} s after ${WARMUP} s of warm-up; ` +
        `rush: ${RUSH_CUSTOMERS} customers over ${RUSH_SECONDS} s for ${RUSH_PLACES} places, ` +
        `at most ${RUSH_CONNECTIONS} sockets; host ${host}; server pool ${process.env.BENCH_POOL_MAX ?? "the app's (10)"}`,
    );

    const { child, port } = await startServer(databaseUrl, {
      BENCH_SECRET: SECRET,
      BENCH_WEB: "false",
    });
    cleanups.push(() => stopServer(child));
    out("measuring steady add-to-cart + checkout ...");
    const steadyResult = await steady(port, host, steadyTarget, steadyCrowd);
    out("measuring the opening rush ...");
    const rushResult = await rush(port, host, rushTarget, rushCrowd);
    await stopServer(child);

    const { rows: sold } = await pool.query<{ registrations: number; registered: number }>(
      `SELECT
         (SELECT count(*)::int FROM registration_dates rd
            JOIN registrations r ON r.organiser_id = rd.organiser_id AND r.id = rd.registration_id
           WHERE rd.organiser_id = $1 AND rd.availability_date_id = $2 AND NOT r.cancelled)
           AS registrations,
         (SELECT registered FROM availability_dates WHERE organiser_id = $1 AND id = $2)
           AS registered`,
      [organiser.id, rushTarget.dateId],
    );
    const placesSold = sold[0]?.registrations ?? -1;
    const registered = sold[0]?.registered ?? -1;

    out();
    out(`## Results (${new Date().toISOString()})`);
    out();
    printTable(
      [
        "scenario",
        "checkouts/s",
        "checkouts",
        "p50 ms",
        "p99 ms",
        "max ms",
        "5xx",
        "errors",
        "other CPU",
      ],
      [
        [
          `steady: add + checkout pair, ${CONCURRENCY} customers`,
          steadyResult.perSecond.toFixed(0),
          String(steadyResult.checkouts),
          ms(quantile(steadyResult.pair, 50)),
          ms(quantile(steadyResult.pair, 99)),
          ms(quantile(steadyResult.pair, 100)),
          String(steadyResult.tally.fivexx),
          String(steadyResult.tally.errors),
          percent(steadyResult.otherCpu),
        ],
        [
          "steady: POST /api/carts/items",
          "",
          "",
          ms(quantile(steadyResult.add, 50)),
          ms(quantile(steadyResult.add, 99)),
          ms(quantile(steadyResult.add, 100)),
          "",
          "",
          "",
        ],
        [
          "steady: POST /api/carts/checkout",
          "",
          "",
          ms(quantile(steadyResult.checkout, 50)),
          ms(quantile(steadyResult.checkout, 99)),
          ms(quantile(steadyResult.checkout, 100)),
          "",
          "",
          "",
        ],
        [
          `rush: every request, ${RUSH_CUSTOMERS} customers`,
          (rushResult.checkouts / rushResult.seconds).toFixed(0),
          String(rushResult.checkouts),
          ms(quantile(rushResult.all, 50)),
          ms(quantile(rushResult.all, 99)),
          ms(quantile(rushResult.all, 100)),
          String(rushResult.tally.fivexx),
          String(rushResult.tally.errors),
          percent(rushResult.otherCpu),
        ],
        [
          "rush: POST /api/carts/items",
          "",
          "",
          ms(quantile(rushResult.add, 50)),
          ms(quantile(rushResult.add, 99)),
          ms(quantile(rushResult.add, 100)),
          "",
          "",
          "",
        ],
        [
          "rush: POST /api/carts/checkout",
          "",
          "",
          ms(quantile(rushResult.checkout, 50)),
          ms(quantile(rushResult.checkout, 99)),
          ms(quantile(rushResult.checkout, 100)),
          "",
          "",
          "",
        ],
        [
          "rush: a customer's add (+ checkout)",
          "",
          "",
          ms(quantile(rushResult.customer, 50)),
          ms(quantile(rushResult.customer, 99)),
          ms(quantile(rushResult.customer, 100)),
          "",
          "",
          "",
        ],
      ],
    );
    out();
    out("answers, steady:");
    for (const line of steadyResult.tally.lines()) out(`  ${line}`);
    out(
      `answers, rush (${rushResult.seconds.toFixed(1)} s from the first arrival to the last answer):`,
    );
    for (const line of rushResult.tally.lines()) out(`  ${line}`);
    out(
      `rush: places sold (registrations on the date) ${placesSold}, registered on the date ${registered}, capacity ${RUSH_PLACES}`,
    );

    const verdict = (ok: boolean | null) => (ok === null ? "not measured" : ok ? "met" : "NOT met");
    const rushP99 = quantile(rushResult.all, 99);
    const fivexx = steadyResult.tally.fivexx + rushResult.tally.fivexx;
    out("targets:");
    out(
      `- steady >= 200 checkouts/s at ${CONCURRENCY} customers: ${steadyResult.perSecond.toFixed(0)}/s: ${verdict(steadyResult.perSecond >= 200)}`,
    );
    out(
      `- rush p99 <= 500 ms (per request): ${ms(rushP99)} ms: ${verdict(rushP99 === null ? null : rushP99 <= 500)}`,
    );
    out(`- no 5xx: ${fivexx}: ${verdict(fivexx === 0)}`);
    out(
      `- places sold = ${RUSH_PLACES}: ${placesSold} (registered ${registered}): ${verdict(placesSold === RUSH_PLACES && registered === RUSH_PLACES)}`,
    );
    return placesSold === RUSH_PLACES && registered === RUSH_PLACES && fivexx === 0 ? 0 : 1;
  } finally {
    await runCleanups(cleanups);
  }
}

process.exitCode = await main();
