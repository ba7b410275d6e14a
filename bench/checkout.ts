import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
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
import { buildApp } from "../apps/server/src/http/app.ts";
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
/** Which parts run: the statements of one add and one checkout, the steady load, the rush. */
const SCENARIOS = new Set(
  (process.env.BENCH_SCENARIOS ?? "statements,steady,rush").split(",").map((name) => name.trim()),
);
/** Past orders of the organiser (processed carts with a registration each) written first. */
const HISTORY = process.env.BENCH_HISTORY === "0" ? 0 : positiveNumber("BENCH_HISTORY", 20_000);
/** `false` skips the EXPLAIN (ANALYZE, BUFFERS) of the statements. */
const EXPLAIN = process.env.BENCH_EXPLAIN !== "false";
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

/**
 * The organiser's past orders: `count` processed carts of `buyers` (in turn), each with one
 * registration item converted into a registration on `target`'s date, in bulk statements of
 * 5,000. A running platform has them; without them the cart tables are nearly empty, and the
 * plans PostgreSQL keeps for the prepared statements (generic plans, made after five runs) are
 * those of tables of a few rows: sequential scans that a live database, whose tables have grown
 * and been analysed, would not use (modules/carts/queries.ts). `registered` is left alone: the
 * target only serves as the orders' availability.
 */
async function createOrderHistory(
  database: ReturnType<typeof createDatabase>,
  organiserId: number,
  target: Target,
  buyers: Customer[],
  count: number,
): Promise<void> {
  for (let offset = 0; offset < count; offset += 5000) {
    const size = Math.min(5000, count - offset);
    const chosen = Array.from({ length: size }, (_, i) => buyers[(offset + i) % buyers.length]!);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
      await tx.execute(sql`
        with cart as (
          insert into carts (cuid, organiser_id, customer_id, reference, processed_at,
                             terms_accepted_at, payment_strategy, total_amount, deposit_amount,
                             created_at)
          select md5(random()::text || buyer.n), ${organiserId}, buyer.customer_id,
                 '+++000/0000/00097+++', now() - interval '30 days', now() - interval '30 days',
                 'DELAYED', 12000, 3000, now() - interval '30 days'
            from unnest(${sql.param(chosen.map((who) => who.customerId))}::int[])
                 with ordinality as buyer(customer_id, n)
          returning id, customer_id, cuid
        ), item as (
          -- Each customer of the fixtures has one participant.
          insert into cart_items (cuid, organiser_id, cart_id, type, participant_id,
                                  availability_id, price, deposit, expires_at, created_at)
          select md5('item' || cart.cuid), ${organiserId}, cart.id, 'REGISTRATION', p.id,
                 ${target.availabilityId}, 12000, 3000, now() - interval '30 days',
                 now() - interval '30 days'
            from cart
            join participants p on p.organiser_id = ${organiserId} and p.customer_id = cart.customer_id
          returning id, cart_id, participant_id
        ), registration as (
          insert into registrations (cuid, organiser_id, reference, cart_id, cart_item_id,
                                     customer_id, participant_id, availability_id,
                                     total_amount, deposit_amount)
          select md5('registration' || item.id), ${organiserId}, '+++000/0000/00097+++',
                 item.cart_id, item.id, cart.customer_id, item.participant_id,
                 ${target.availabilityId}, 12000, 3000
            from item join cart on cart.id = item.cart_id
          returning id
        )
        insert into registration_dates (organiser_id, registration_id, availability_date_id)
        select ${organiserId}, registration.id, ${target.dateId} from registration`);
    });
  }
}

// --- CPU by role ---------------------------------------------------------------------------------

/** CPU time (ms) of the load generator (this process), the server child and the database. */
type RoleCpu = { generator: number; server: number; database: number | null };

/**
 * CPU time used so far, from /proc (null elsewhere), by this process (the load generator), the
 * server child and its descendants, and the rest of this process tree: the embedded PostgreSQL
 * and its backends (null with BENCH_DATABASE_URL, whose server is not ours). Per checkout, it
 * tells where the time goes whatever else the machine is doing.
 */
function roleCpu(serverPid: number | undefined): RoleCpu | null {
  const tick = 10; // ms per clock tick (USER_HZ 100)
  try {
    const parents = new Map<number, number>();
    const used = new Map<number, number>();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        parents.set(Number(entry), Number(fields[1]));
        // utime, stime, and cutime, cstime: the CPU of children that exited and were waited
        // for (PostgreSQL's backends and autovacuum workers come and go under the postmaster).
        used.set(
          Number(entry),
          [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) * tick,
        );
      } catch {
        // the process ended meanwhile
      }
    }
    const cpu = { generator: used.get(process.pid) ?? 0, server: 0, database: 0 };
    for (const [pid, ms] of used) {
      let role: "server" | "database" | null = null;
      for (let cursor: number | undefined = pid, depth = 0; cursor && depth < 20; depth++) {
        if (cursor === serverPid) {
          role = "server";
          break;
        }
        if (cursor === process.pid) {
          role = pid === process.pid ? null : "database";
          break;
        }
        cursor = parents.get(cursor);
      }
      if (role) cpu[role] += ms;
    }
    return { ...cpu, database: process.env.BENCH_DATABASE_URL ? null : cpu.database };
  } catch {
    return null;
  }
}

/** The CPU used between two readings, per unit of work (a checkout, a request). */
function cpuPer(before: RoleCpu | null, after: RoleCpu | null, units: number): string {
  if (!before || !after || units === 0) return "-";
  const per = (a: number, b: number) => ((b - a) / units).toFixed(2);
  const database =
    before.database === null || after.database === null
      ? "- (not ours)"
      : per(before.database, after.database);
  return `server ${per(before.server, after.server)} ms, database ${database} ms, load generator ${per(before.generator, after.generator)} ms`;
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
  const rolesBefore = roleCpu(serverPid);
  measureEnd = warmEnd + DURATION * 1000;
  await Promise.all(loops);
  result.otherCpu = otherCpu(cpuBefore, cpuSnapshot());
  result.cpu = cpuPer(rolesBefore, roleCpu(serverPid), result.checkouts);
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
  const rolesBefore = roleCpu(serverPid);
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
  result.cpu = cpuPer(rolesBefore, roleCpu(serverPid), result.all.count);
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
/** p50, p99 and max of a histogram, formatted. */
const spread = (h: RecordableHistogram) => [50, 99, 100].map((q) => ms(quantile(h, q)));

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
    const probes = SCENARIOS.has("statements")
      ? await createCustomers(
          database,
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
      `${steadyCrowd.length + rushCrowd.length + probes.length} customers with a participant and a session, three availabilities and ${HISTORY} past orders on ${organiser.slug}, in ${((performance.now() - t) / 1000).toFixed(1)} s (then VACUUM, ANALYZE, CHECKPOINT)`,
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

    if (SCENARIOS.has("statements")) {
      await statements(databaseUrl, pool, host, steadyTarget, probes);
    }
    if (!SCENARIOS.has("steady") && !SCENARIOS.has("rush")) return 0;

    const { child, port } = await startServer(databaseUrl, {
      BENCH_SECRET: SECRET,
      BENCH_WEB: "false",
    });
    cleanups.push(() => stopServer(child));
    out();
    out("measuring steady add-to-cart + checkout ...");
    const steadyResult = SCENARIOS.has("steady")
      ? await steady(port, child.pid, host, steadyTarget, steadyCrowd)
      : null;
    out("measuring the opening rush ...");
    const rushResult = SCENARIOS.has("rush")
      ? await rush(port, child.pid, host, rushTarget, rushCrowd)
      : null;
    await stopServer(child);

    const { rows: rushDate } = await pool.query<{ registrations: number; registered: number }>(
      `SELECT
         (SELECT count(*)::int FROM registration_dates rd
            JOIN registrations r ON r.organiser_id = rd.organiser_id AND r.id = rd.registration_id
           WHERE rd.organiser_id = $1 AND rd.availability_date_id = $2 AND NOT r.cancelled)
           AS registrations,
         (SELECT registered FROM availability_dates WHERE organiser_id = $1 AND id = $2)
           AS registered`,
      [organiser.id, rushTarget.dateId],
    );
    const placesSold = rushDate[0]?.registrations ?? -1;
    const registered = rushDate[0]?.registered ?? -1;

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
        `rush: places sold (registrations on the date) ${placesSold}, registered on the date ${registered}, capacity ${RUSH_PLACES}`,
      );
    }

    const verdict = (ok: boolean | null) => (ok === null ? "not measured" : ok ? "met" : "NOT met");
    const rushP99 = rushResult ? quantile(rushResult.all, 99) : null;
    const fivexx = (steadyResult?.tally.fivexx ?? 0) + (rushResult?.tally.fivexx ?? 0);
    const sold = rushResult ? placesSold === RUSH_PLACES && registered === RUSH_PLACES : null;
    out("targets:");
    out(
      `- steady >= 200 checkouts/s at ${CONCURRENCY} customers: ${steadyResult?.perSecond.toFixed(0) ?? "-"}/s: ${verdict(steadyResult ? steadyResult.perSecond >= 200 : null)}`,
    );
    out(
      `- rush p99 <= 500 ms (per request): ${ms(rushP99)} ms: ${verdict(rushP99 === null ? null : rushP99 <= 500)}`,
    );
    out(`- no 5xx: ${fivexx}: ${verdict(fivexx === 0)}`);
    out(
      `- places sold = ${RUSH_PLACES}: ${rushResult ? placesSold : "-"} (registered ${rushResult ? registered : "-"}): ${verdict(sold)}`,
    );
    return sold !== false && fivexx === 0 ? 0 : 1;
  } finally {
    await runCleanups(cleanups);
  }
}

process.exitCode = await main();
