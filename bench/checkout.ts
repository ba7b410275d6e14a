import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { performance, type RecordableHistogram } from "node:perf_hooks";
import { createDatabase, defaultPoolSize } from "@booking/db";
import { sql } from "@booking/db/orm";
import pg from "pg";
import { buildApp } from "../apps/server/src/http/app.ts";
import {
  type Customer,
  createCustomers,
  createOrderHistory,
  createTarget,
  placesSold,
  prepareCheckoutOrganiser,
  type Target,
} from "./checkout-fixtures.ts";
import {
  type Answer,
  addBody,
  checkoutBody,
  cpuPer,
  histogram,
  ms,
  post,
  printTable,
  quantile,
  record,
  roleCpu,
  spread,
  Tally,
} from "./load-client.ts";
import { runPageScenarios } from "./page-report.ts";
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
  startWorker,
  stopServer,
  waitForQuietMachine,
} from "./setup.ts";
import { startSmtpSink } from "./smtp-sink.ts";

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
/** Which parts run: the statements of one add and one checkout, the steady load, the rush. */
const SCENARIOS = new Set(
  (process.env.BENCH_SCENARIOS ?? "statements,steady,rush,pages,browser-rush")
    .split(",")
    .map((name) => name.trim()),
);
/** Past orders of the organiser (processed carts with a registration each) written first. */
const HISTORY = process.env.BENCH_HISTORY === "0" ? 0 : positiveNumber("BENCH_HISTORY", 20_000);
/**
 * BENCH_NOTIFICATIONS=on: a queue worker process beside the server (bench/setup.ts startWorker,
 * at a low OS priority) runs the background work a checkout sets off (events relay and consumer,
 * the default rule writing the confirmation, its delivery to a local SMTP sink); off (the
 * default): none of it runs, the events stay unpublished. Compare both runs (the target: within
 * 10 %).
 */
const NOTIFICATIONS = process.env.BENCH_NOTIFICATIONS === "on";
/** Seconds to wait after the rush for the confirmations to be delivered (notifications on). */
const DRAIN_SECONDS = 180;
/** `false` skips the EXPLAIN (ANALYZE, BUFFERS) of the statements. */
const EXPLAIN = process.env.BENCH_EXPLAIN !== "false";
const SECRET = randomBytes(32).toString("base64url");
/** The queue worker child with BENCH_NOTIFICATIONS=on (its CPU is reported on its own). */
let workerPid: number | undefined;

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
  /** CPU per checkout in the measured window, by role */
  cpu: string;
};

async function steady(
  port: number,
  serverPid: number | undefined,
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
    cpu: "-",
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
  const rolesBefore = roleCpu(serverPid, workerPid);
  measureEnd = warmEnd + DURATION * 1000;
  await Promise.all(loops);
  result.otherCpu = otherCpu(cpuBefore, cpuSnapshot());
  result.cpu = cpuPer(rolesBefore, roleCpu(serverPid, workerPid), result.checkouts);
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
  /** CPU per request, by role */
  cpu: string;
};

async function rush(
  port: number,
  serverPid: number | undefined,
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
    cpu: "-",
  };
  const cpuBefore = cpuSnapshot();
  const rolesBefore = roleCpu(serverPid, workerPid);
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
  result.cpu = cpuPer(rolesBefore, roleCpu(serverPid, workerPid), result.all.count);
  agent.destroy();
  return result;
}

// --- Statements of one add and one checkout ---------------------------------------------------

type Statement = {
  text: string;
  values: unknown[];
  /** performance.now() when it was handed to the connection, and how long its answer took */
  startedAt: number;
  ms: number;
  /** EXPLAIN (ANALYZE, BUFFERS) taken in place, just before the statement ran */
  plan: string[] | null;
  /** the name of a prepared statement, whose generic plan PostgreSQL keeps after five runs */
  name: string | null;
  /** EXPLAIN (GENERIC_PLAN) of a prepared statement, taken in place too */
  genericPlan: string[] | null;
};

type Capture = { statements: Statement[]; explain: boolean; chain: Promise<unknown> };

let capturing: Capture | null = null;

/** Statements EXPLAIN can analyse (not BEGIN, COMMIT, SET …). */
const EXPLAINABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The rows every concurrent add or checkout of one date (or organiser) queues on: how long a
 * request keeps them locked bounds the throughput on that date, whatever the number of cores.
 */
const SHARED_LOCKS: Array<{ name: string; test: RegExp }> = [
  {
    name: "the date row",
    test: /"availability_dates"[\s\S]*\bfor (no key )?update\b|\bupdate "?availability_dates"?\s/i,
  },
  { name: "the organiser's payment-reference row", test: /\bpayment_reference_sequences\b/i },
];

/**
 * Records every statement node-postgres sends while `capturing` is set (the in-process app
 * shares this `pg` module), with its duration; with `explain`, each SELECT / INSERT / UPDATE /
 * DELETE / WITH is first run as `EXPLAIN (ANALYZE, BUFFERS)` on the same connection, inside a
 * savepoint rolled back at once when it may write or lock, so the plan is that of the real
 * statement on the real rows, at that point of the request. The statements of a capture run one
 * after the other, in the order they were sent.
 */
function installStatementCapture(): void {
  const prototype = pg.Client.prototype as unknown as {
    query: (this: pg.Client, ...args: unknown[]) => unknown;
  };
  const original = prototype.query;
  const send = (client: pg.Client, text: string, values: unknown[] = []) =>
    original.call(client, { text, values }) as Promise<pg.QueryResult>;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const capture = capturing;
    const [first, second] = args;
    const text =
      typeof first === "string" ? first : (first as { text?: unknown } | undefined)?.text;
    if (!capture || typeof text !== "string") return original.apply(this, args);
    const values = Array.isArray(second)
      ? second
      : ((first as { values?: unknown[] } | undefined)?.values ?? []);
    const name = (first as { name?: unknown } | undefined)?.name;
    const statement: Statement = {
      text,
      values,
      startedAt: 0,
      ms: 0,
      plan: null,
      name: typeof name === "string" ? name : null,
      genericPlan: null,
    };
    capture.statements.push(statement);
    const callback = args.at(-1);
    if (typeof callback === "function") {
      // pg.Pool#query (the organiser lookup outside the transaction) calls back: timed only.
      statement.startedAt = performance.now();
      args[args.length - 1] = (...results: unknown[]) => {
        statement.ms = performance.now() - statement.startedAt;
        callback(...results);
      };
      return original.apply(this, args);
    }
    const run = async () => {
      if (capture.explain && EXPLAINABLE.test(text)) {
        const writes = !/^\s*select\b/i.test(text) || /\bfor (no key )?update\b/i.test(text);
        if (writes) await send(this, "SAVEPOINT bench_explain");
        try {
          const result = await send(this, `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
          statement.plan = result.rows.map((row) => String(row["QUERY PLAN"]));
        } catch (error) {
          statement.plan = [`EXPLAIN failed: ${String(error)}`];
        } finally {
          if (writes) await send(this, "ROLLBACK TO SAVEPOINT bench_explain");
        }
        if (statement.name) {
          // The plan kept for every later run, whatever the values (a failed EXPLAIN must not
          // abort the request's transaction: hence the savepoint).
          await send(this, "SAVEPOINT bench_explain");
          try {
            const result = await send(this, `EXPLAIN (GENERIC_PLAN) ${text}`);
            statement.genericPlan = result.rows.map((row) => String(row["QUERY PLAN"]));
          } catch (error) {
            statement.genericPlan = [`EXPLAIN failed: ${String(error)}`];
          } finally {
            await send(this, "ROLLBACK TO SAVEPOINT bench_explain");
          }
        }
      }
      statement.startedAt = performance.now();
      try {
        return await (original.apply(this, args) as Promise<unknown>);
      } finally {
        statement.ms = performance.now() - statement.startedAt;
      }
    };
    const result = capture.chain.then(run);
    capture.chain = result.catch(() => {});
    return result;
  };
}

type Captured = { status: number; ms: number; statements: Statement[] };

/** Unmeasured visits before the measured one: one connection of the in-process app serves them. */
const STATEMENT_WARMUP = 6;
/** Visits whose CPU time is measured after the statements (`BENCH_CPU_VISITS`). */
const CPU_VISITS = positiveNumber("BENCH_CPU_VISITS", 100);

/** CPU time (ms) a process of this machine used so far, from /proc; null when it is not here. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * One add then one checkout of `who` on `target`, answered by an in-process app (the server's
 * code and settings, no web app) while the statements are captured.
 */
async function captureVisit(
  app: Awaited<ReturnType<typeof buildApp>>,
  host: string,
  target: Target,
  who: Customer,
  explain: boolean,
  record = true,
): Promise<{ add: Captured; checkout: Captured }> {
  const send = async (path: string, payload: unknown): Promise<Captured & { body: string }> => {
    capturing = record ? { statements: [], explain, chain: Promise.resolve() } : null;
    const started = performance.now();
    try {
      const response = await app.inject({
        method: "POST",
        url: path,
        headers: {
          host,
          accept: "application/json",
          "content-type": "application/json",
          cookie: who.cookie,
          "x-xsrf-token": who.xsrf,
        },
        payload: JSON.stringify(payload),
      });
      return {
        status: response.statusCode,
        ms: performance.now() - started,
        statements: capturing?.statements ?? [],
        body: response.body,
      };
    } finally {
      capturing = null;
    }
  };
  const add = await send("/api/carts/items", addBody(target, who));
  if (add.status !== 201) throw new Error(`statements: the add answered ${add.status} ${add.body}`);
  const cartId = (JSON.parse(add.body) as { cart: { id: number } }).cart.id;
  const checkout = await send("/api/carts/checkout", checkoutBody(cartId));
  if (checkout.status !== 200) {
    throw new Error(`statements: the checkout answered ${checkout.status} ${checkout.body}`);
  }
  return { add, checkout };
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
};

/**
 * How long each shared lock was held: from the statement that takes it to the end of the COMMIT
 * of its transaction (a request may run more than one: checkout takes its payment reference in
 * a transaction of its own first).
 */
function lockWindows(captured: Captured): string[] {
  const { statements } = captured;
  return SHARED_LOCKS.flatMap((lock) => {
    const first = statements.findIndex((statement) => lock.test.test(statement.text));
    if (first < 0) return [];
    const last = statements.findIndex(
      (statement, i) => i > first && /^\s*commit\b/i.test(statement.text),
    );
    if (last < 0) return [];
    const commit = statements[last]!;
    const held = commit.startedAt + commit.ms - statements[first]!.startedAt;
    return [
      `${lock.name} locked for ${formatMs(held)} ms (statements ${first + 1} to ${last + 1}: ${last - first + 1} round trips)`,
    ];
  });
}

function printCaptured(name: string, captured: Captured): void {
  const database = captured.statements.reduce((sum, statement) => sum + statement.ms, 0);
  out(
    `${name}: ${captured.status}, ${captured.statements.length} round trips to PostgreSQL, ` +
      `${formatMs(captured.ms)} ms in all (${formatMs(database)} ms waiting for PostgreSQL)`,
  );
  const windows = lockWindows(captured);
  if (windows.length === 0)
    out("  no statement locks a shared row (date, payment reference) before COMMIT");
  for (const line of windows) out(`  ${line}`);
  captured.statements.forEach((statement, i) => {
    out(
      `  ${String(i + 1).padStart(2)}. ${formatMs(statement.ms).padStart(6)} ms  ${oneLine(statement.text, 150)}`,
    );
  });
}

/** The plans of a captured request; `!!` marks a sequential scan of a table of 5,000+ rows. */
function printPlans(name: string, captured: Captured, largeTables: Set<string>): void {
  captured.statements.forEach((statement, i) => {
    if (!statement.plan) return;
    out();
    out(`-- ${name} statement ${i + 1}: ${oneLine(statement.text, 2000)}`);
    for (const line of statement.plan) out(line);
    for (const match of statement.plan.join("\n").matchAll(/Seq Scan on (\w+)/g)) {
      if (largeTables.has(match[1]!)) out(`!! Seq Scan on large table ${match[1]}`);
    }
    if (!statement.genericPlan) return;
    out(`-- generic plan of the prepared statement ${statement.name}:`);
    for (const line of statement.genericPlan) out(line);
    // Kept until the statistics of its tables change: a scan of a table small today is not.
    for (const match of statement.genericPlan.join("\n").matchAll(/Seq Scan on (\w+)/g)) {
      out(`!! generic plan: Seq Scan on ${match[1]}`);
    }
  });
}

/**
 * Notifications on: waits (at most DRAIN_SECONDS) until `expected` messages queued since `since`
 * (one confirmation per checkout, queued by the default rule once the events are consumed) are
 * delivered, and says how many went out and how long after the load it took.
 */
async function drainMessages(
  pool: pg.Pool,
  organiserId: number,
  since: Date,
  expected: number,
  received: () => number,
): Promise<{ sent: number; pending: number; received: number; seconds: number }> {
  const started = performance.now();
  for (;;) {
    const { rows } = await pool.query<{ sent: number; pending: number }>(
      `select count(*) filter (where status = 'SENT')::int as sent,
              count(*) filter (where status in ('QUEUED', 'SENDING'))::int as pending
         from messages where organiser_id = $1 and created_at >= $2`,
      [organiserId, since],
    );
    const seconds = (performance.now() - started) / 1000;
    if ((rows[0]!.sent >= expected && rows[0]!.pending === 0) || seconds > DRAIN_SECONDS) {
      return { ...rows[0]!, received: received(), seconds };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function statements(
  databaseUrl: string,
  pool: pg.Pool,
  host: string,
  target: Target,
  probes: Customer[],
): Promise<void> {
  installStatementCapture();
  // One connection: the visits' statements all run on one PostgreSQL backend, whose CPU time is
  // then the database's share of them.
  const database = createDatabase(databaseUrl, { max: 1 });
  const app = await buildApp({
    config: {
      platformDomain: PLATFORM_DOMAIN,
      secret: SECRET,
      authRateLimitMax: 10,
      logLevel: "error",
      smtpUrl: undefined,
      // As bench/server.ts (and production) run it.
      publicCacheTtlMs: Number(process.env.PUBLIC_CACHE_TTL_MS ?? 2000),
    },
    db: database.db,
    dispatchEmail: async () => {},
    web: false,
  });
  try {
    // The first visits warm the code paths, the connection and any prepared statement
    // (PostgreSQL plans one on each of its first five runs); the next is measured; the last is
    // explained (EXPLAIN ANALYZE runs each statement once more, so it is not timed).
    for (const who of probes.slice(0, STATEMENT_WARMUP)) {
      await captureVisit(app, host, target, who, false);
    }
    const measured = await captureVisit(app, host, target, probes[STATEMENT_WARMUP]!, false);
    out();
    out("## Statements of one add and one checkout (in-process, one request at a time)");
    out();
    printCaptured("POST /api/carts/items", measured.add);
    printCaptured("POST /api/carts/checkout", measured.checkout);
    if (EXPLAIN) {
      const explained = await captureVisit(app, host, target, probes[STATEMENT_WARMUP + 1]!, true);
      const { rows: sizes } = await pool.query<{ relname: string }>(
        `SELECT relname FROM pg_class
          WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples > 5000`,
      );
      const large = new Set(sizes.map((size) => size.relname));
      out();
      out("## EXPLAIN (ANALYZE, BUFFERS) of those statements, in place");
      printPlans("add", explained.add, large);
      printPlans("checkout", explained.checkout, large);
    }
    const visitors = probes.slice(STATEMENT_WARMUP + 2);
    if (visitors.length > 0) {
      const [{ pid }] = (
        await database.db.$client.query<{ pid: number }>("select pg_backend_pid() as pid")
      ).rows as [{ pid: number }];
      const backendBefore = processCpuMs(pid);
      const serverBefore = process.cpuUsage();
      const started = performance.now();
      for (const who of visitors) await captureVisit(app, host, target, who, false, false);
      const wall = (performance.now() - started) / visitors.length;
      const server = process.cpuUsage(serverBefore);
      const backendAfter = processCpuMs(pid);
      const backend =
        backendBefore === null || backendAfter === null
          ? "- (its backend is not on this machine)"
          : formatMs((backendAfter - backendBefore) / visitors.length);
      out();
      out(
        `${visitors.length} add + checkout visits one after the other (in-process, no HTTP sockets): ` +
          `${formatMs(wall)} ms each; CPU per visit: server ${formatMs((server.user + server.system) / 1000 / visitors.length)} ms, ` +
          `database ${backend} ms`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

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
    await prepareCheckoutOrganiser(database, organiser);
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
      SECRET,
      organiser.id,
      `steady-${stamp}`,
      CONCURRENCY,
    );
    const rushCrowd = await createCustomers(
      database,
      SECRET,
      organiser.id,
      `rush-${stamp}`,
      RUSH_CUSTOMERS,
    );
    const browserRushTarget = await createTarget(
      database,
      organiser.id,
      `Bench browser rush ${stamp}`,
      RUSH_PLACES,
    );
    const journeyTarget = SCENARIOS.has("journey")
      ? await createTarget(database, organiser.id, `Bench journey ${stamp}`, RUSH_PLACES)
      : null;
    const browserCrowd =
      SCENARIOS.has("browser-rush") || SCENARIOS.has("journey")
        ? await createCustomers(database, SECRET, organiser.id, `browser-${stamp}`, RUSH_CUSTOMERS)
        : [];
    const probes = SCENARIOS.has("statements")
      ? await createCustomers(
          database,
          SECRET,
          organiser.id,
          `probe-${stamp}`,
          STATEMENT_WARMUP + 2 + CPU_VISITS,
        )
      : [];
    const historyTarget = await createTarget(
      database,
      organiser.id,
      `Bench checkout history ${stamp}`,
      1_000_000,
    );
    await createOrderHistory(
      database,
      organiser.id,
      historyTarget,
      [...steadyCrowd, ...rushCrowd],
      HISTORY,
    );
    // The fixtures were bulk-inserted after the data set's ANALYZE: without fresh statistics the
    // planner would take the organiser's thousands of customers for one (a live database's
    // autovacuum has long analysed its tables) and plan joins accordingly. VACUUM and CHECKPOINT
    // too, so that autovacuum and the checkpointer do not spend the measured seconds (counted
    // as the database's CPU) on the bulk inserts.
    await database.db.execute(
      sql`VACUUM (ANALYZE) customers, participants, customer_sessions, availabilities,
                  availability_dates, carts, cart_items, cart_item_dates, registrations,
                  registration_dates`,
    );
    await database.db.execute(sql`CHECKPOINT`);
    out(
      `${steadyCrowd.length + rushCrowd.length + browserCrowd.length + probes.length} customers with a participant and a session, four availabilities and ${HISTORY} past orders on ${organiser.slug}, in ${((performance.now() - t) / 1000).toFixed(1)} s (then VACUUM, ANALYZE, CHECKPOINT)`,
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
        `at most ${RUSH_CONNECTIONS} sockets; host ${host}; server pool ${process.env.BENCH_POOL_MAX ?? `the app's (${defaultPoolSize()})`}; notifications ${NOTIFICATIONS ? "on" : "off"}`,
    );

    if (SCENARIOS.has("statements")) {
      await statements(databaseUrl, pool, host, steadyTarget, probes);
    }
    const pagesOk =
      !(SCENARIOS.has("pages") || SCENARIOS.has("browser-rush") || SCENARIOS.has("journey")) ||
      (await runPageScenarios({
        databaseUrl,
        pool,
        organiserId: organiser.id,
        host,
        secret: SECRET,
        scenarios: SCENARIOS,
        crowd: steadyCrowd,
        connections: CONCURRENCY,
        warmup: WARMUP,
        duration: DURATION,
        rush: {
          target: browserRushTarget,
          crowd: browserCrowd,
          seconds: RUSH_SECONDS,
          places: RUSH_PLACES,
          connections: RUSH_CONNECTIONS,
        },
        journeyTarget,
      }));
    if (!SCENARIOS.has("steady") && !SCENARIOS.has("rush")) return pagesOk ? 0 : 1;

    const sink = NOTIFICATIONS ? await startSmtpSink() : null;
    if (sink) cleanups.push(() => sink.close());
    const { child, port } = await startServer(databaseUrl, {
      BENCH_SECRET: SECRET,
      BENCH_WEB: "false",
      ...(sink ? { BENCH_SMTP_URL: sink.url } : {}),
    });
    cleanups.push(() => stopServer(child));
    // Notifications on: the queue workers in a process of their own at a low OS priority, as
    // `npm run worker` beside servers with WORKERS=off (decision 0059).
    const worker = sink ? await startWorker(databaseUrl, sink.url, { APP_SECRET: SECRET }) : null;
    if (worker) cleanups.push(() => stopServer(worker));
    workerPid = worker?.pid;
    const runStart = new Date();
    out();
    out("measuring steady add-to-cart + checkout ...");
    const steadyResult = SCENARIOS.has("steady")
      ? await steady(port, child.pid, host, steadyTarget, steadyCrowd)
      : null;
    out("measuring the opening rush ...");
    const rushResult = SCENARIOS.has("rush")
      ? await rush(port, child.pid, host, rushTarget, rushCrowd)
      : null;
    const rolesAfterRush = roleCpu(child.pid, workerPid);
    const drained =
      sink && rushResult
        ? await drainMessages(pool, organiser.id, runStart, rushResult.checkouts, sink.received)
        : null;
    const drainCpu = drained ? cpuPer(rolesAfterRush, roleCpu(child.pid, workerPid), 1) : null;
    await stopServer(child);

    const rushDate = await placesSold(pool, organiser.id, rushTarget);

    const steadyRows = steadyResult
      ? [
          [
            `steady: add + checkout pair, ${CONCURRENCY} customers`,
            steadyResult.perSecond.toFixed(0),
            String(steadyResult.checkouts),
            ...spread(steadyResult.pair),
            String(steadyResult.tally.fivexx),
            String(steadyResult.tally.errors),
            percent(steadyResult.otherCpu),
          ],
          ["steady: POST /api/carts/items", "", "", ...spread(steadyResult.add), "", "", ""],
          [
            "steady: POST /api/carts/checkout",
            "",
            "",
            ...spread(steadyResult.checkout),
            "",
            "",
            "",
          ],
        ]
      : [];
    const rushRows = rushResult
      ? [
          [
            `rush: every request, ${RUSH_CUSTOMERS} customers`,
            (rushResult.checkouts / rushResult.seconds).toFixed(0),
            String(rushResult.checkouts),
            ...spread(rushResult.all),
            String(rushResult.tally.fivexx),
            String(rushResult.tally.errors),
            percent(rushResult.otherCpu),
          ],
          ["rush: POST /api/carts/items", "", "", ...spread(rushResult.add), "", "", ""],
          ["rush: POST /api/carts/checkout", "", "", ...spread(rushResult.checkout), "", "", ""],
          [
            "rush: a customer's add (+ checkout)",
            "",
            "",
            ...spread(rushResult.customer),
            "",
            "",
            "",
          ],
        ]
      : [];
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
      [...steadyRows, ...rushRows],
    );
    out();
    if (steadyResult) {
      out(`CPU per steady checkout (add + checkout): ${steadyResult.cpu}`);
      out("answers, steady:");
      for (const line of steadyResult.tally.lines()) out(`  ${line}`);
    }
    if (rushResult) {
      out(`CPU per rush request: ${rushResult.cpu}`);
      out(
        `answers, rush (${rushResult.seconds.toFixed(1)} s from the first arrival to the last answer):`,
      );
      for (const line of rushResult.tally.lines()) out(`  ${line}`);
      out(
        `rush: places sold (registrations on the date) ${rushDate.sold}, registered on the date ${rushDate.registered}, capacity ${RUSH_PLACES}`,
      );
    }
    out(
      drained
        ? `notifications on: ${drained.sent} messages of this run sent to the SMTP sink for ${rushResult?.checkouts} checkouts (${drained.received} received), ${drained.pending} queued and waiting, ${drained.seconds.toFixed(1)} s after the last answer; CPU from the last answer until then (total): ${drainCpu}`
        : "notifications off: no worker runs, the events stay unpublished, no confirmation is written (BENCH_NOTIFICATIONS=on sends them)",
    );

    const verdict = (ok: boolean | null) => (ok === null ? "not measured" : ok ? "met" : "NOT met");
    const rushP99 = rushResult ? quantile(rushResult.all, 99) : null;
    const fivexx = (steadyResult?.tally.fivexx ?? 0) + (rushResult?.tally.fivexx ?? 0);
    const sold = rushResult
      ? rushDate.sold === RUSH_PLACES && rushDate.registered === RUSH_PLACES
      : null;
    out("targets:");
    out(
      `- steady >= 200 checkouts/s at ${CONCURRENCY} customers: ${steadyResult?.perSecond.toFixed(0) ?? "-"}/s: ${verdict(steadyResult ? steadyResult.perSecond >= 200 : null)}`,
    );
    out(
      `- rush p99 <= 500 ms (per request): ${ms(rushP99)} ms: ${verdict(rushP99 === null ? null : rushP99 <= 500)}`,
    );
    out(`- no 5xx: ${fivexx}: ${verdict(fivexx === 0)}`);
    out(
      `- places sold = ${RUSH_PLACES}: ${rushResult ? rushDate.sold : "-"} (registered ${rushResult ? rushDate.registered : "-"}): ${verdict(sold)}`,
    );
    return sold !== false && fivexx === 0 && pagesOk ? 0 : 1;
  } finally {
    await runCleanups(cleanups);
  }
}

process.exitCode = await main();
