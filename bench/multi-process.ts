import { randomBytes } from "node:crypto";
import { createDatabase, runMigrations } from "@booking/db";
import pg from "pg";
import { findCaddy } from "./caddy-balancer.ts";
import { createCustomers, createTarget, prepareCheckoutOrganiser } from "./checkout-fixtures.ts";
import {
  type Cluster,
  classifyAnswers,
  killWhileInFlight,
  readInvariants,
  reportInvariants,
  retryUnfinishedCheckouts,
  startCluster,
  waitForConfirmations,
} from "./multi-process-cluster.ts";
import { availabilityCuid, browserRush, type RushCall } from "./pages.ts";
import { findPgBouncer, type PgBouncer, startPgBouncer } from "./pgbouncer.ts";
import {
  type Cleanups,
  ensureWebBuild,
  loadAverage,
  out,
  PLATFORM_DOMAIN,
  positiveNumber,
  prepareDatabase,
  runCleanups,
} from "./setup.ts";

/**
 * `npm run bench:multi-process` (issue 18 item 3, decisions 0096 and 0105; not part of npm test,
 * whose short version is apps/server/test/multi-process.test.ts): one embedded PostgreSQL migrated
 * once over a direct connection, PgBouncer in transaction pooling between it and the processes
 * (BENCH_PGBOUNCER=off, or none ≥ 1.21 found: direct), two server processes (WORKERS=off) and
 * one worker behind Caddy with the deploy Caddyfile's balancing (BENCH_BALANCER=node, or no
 * `caddy`: bench/balancer.ts), the checkout benchmark's browser-shaped opening rush
 * (bench/pages.ts browserRush) across both, one server killed with SIGKILL once BENCH_KILL_AFTER
 * seconds have passed and the balancer reports BENCH_KILL_IN_FLIGHT requests in flight to it; the
 * parents whose checkout died with it check out again; then the invariants. Exits 1 when one
 * does not hold.
 */

const RUSH_CUSTOMERS = positiveNumber("BENCH_RUSH_CUSTOMERS", 2000);
const RUSH_SECONDS = positiveNumber("BENCH_RUSH_SECONDS", 10);
const RUSH_PLACES = positiveNumber("BENCH_RUSH_PLACES", 200);
const RUSH_CONNECTIONS = positiveNumber("BENCH_RUSH_CONNECTIONS", 500);
const KILL_AFTER = positiveNumber("BENCH_KILL_AFTER", RUSH_SECONDS / 2);
/** Requests in flight to the victim that the kill waits for. */
const KILL_IN_FLIGHT = positiveNumber("BENCH_KILL_IN_FLIGHT", 3);
/** Seconds after BENCH_KILL_AFTER the kill waits for that at most, then kills all the same. */
const KILL_PATIENCE = positiveNumber("BENCH_KILL_PATIENCE", 120);
/** Checkouts in flight (to either server) that the kill waits for. */
const KILL_CHECKOUTS_IN_FLIGHT = positiveNumber("BENCH_KILL_CHECKOUTS_IN_FLIGHT", 1);
/** Seconds to wait after the rush for the last confirmation. */
const DRAIN_SECONDS = positiveNumber("BENCH_DRAIN_SECONDS", 180);
const SECRET = randomBytes(32).toString("base64url");

async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    ensureWebBuild();
    const { databaseUrl, generated } = await prepareDatabase(cleanups, 1);
    const organiser = generated.organisers[0];
    if (!organiser) throw new Error("no bench organiser found");
    const host = `${organiser.slug}.${PLATFORM_DOMAIN}`;
    const database = createDatabase(databaseUrl);
    cleanups.push(() => database.close());
    await prepareCheckoutOrganiser(database, organiser);
    const stamp = Date.now().toString(36);
    const target = await createTarget(database, organiser.id, `Multi ${stamp}`, RUSH_PLACES);
    const crowd = await createCustomers(
      database,
      SECRET,
      organiser.id,
      `multi-${stamp}`,
      RUSH_CUSTOMERS,
    );
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => pool.end());

    const bouncer = await startPooler(databaseUrl);
    if (bouncer) cleanups.push(() => bouncer.stop());
    const caddy = process.env.BENCH_BALANCER === "node" ? null : findCaddy();
    if (!caddy) out("balancer: bench/balancer.ts (BENCH_BALANCER=node or no `caddy` found)");
    // As the recipe's `migrate` service, over the direct connection, right before the servers
    // start: they are ready only when the database has every migration their code knows.
    await runMigrations(databaseUrl);
    out("starting two servers (WORKERS=off), a worker and the balancer ...");
    const cluster = await startCluster({
      databaseUrl: bouncer?.through(databaseUrl) ?? databaseUrl,
      secret: SECRET,
      ...(caddy ? { caddy } : {}),
    });
    cleanups.push(() => cluster.stop());
    // The kill waits for checkouts in flight: half of them, round robin, on the victim.
    const inFlight = new Map<RushCall, number>();
    let checkoutsAtKill = 0;
    const checkoutsInFlight = () => {
      checkoutsAtKill = inFlight.get("POST /api/carts/checkout") ?? 0;
      return checkoutsAtKill;
    };
    const kill = killWhileInFlight(cluster, {
      victim: 0,
      afterSeconds: KILL_AFTER,
      minimum: KILL_IN_FLIGHT,
      ready: () => checkoutsInFlight() >= KILL_CHECKOUTS_IN_FLIGHT,
      patience: KILL_PATIENCE,
    });
    out(
      `rush: ${RUSH_CUSTOMERS} parents over ${RUSH_SECONDS} s for ${RUSH_PLACES} places through ${cluster.balancer.kind === "caddy" ? "Caddy" : "the Node balancer"}${bouncer ? ` and PgBouncer ${bouncer.version}` : ""}; one server killed (SIGKILL) after ${KILL_AFTER} s once ≥ ${KILL_IN_FLIGHT} requests are in flight to it and ≥ ${KILL_CHECKOUTS_IN_FLIGHT} checkouts in flight; load ${loadAverage()}`,
    );
    const rush = await browserRush({
      port: cluster.port,
      serverPid: undefined,
      host,
      target,
      cuid: await availabilityCuid(pool, target),
      crowd,
      seconds: RUSH_SECONDS,
      connections: RUSH_CONNECTIONS,
      inFlight,
    });
    kill.cancel();
    const killed = await kill.killed;
    const retried = await retryUnfinishedCheckouts(pool, {
      port: cluster.port,
      host,
      organiserId: organiser.id,
      crowd,
    });
    const drained = await waitForConfirmations(pool, organiser.id, crowd, DRAIN_SECONDS);
    const invariants = await readInvariants(pool, {
      organiserId: organiser.id,
      target,
      capacity: RUSH_PLACES,
      crowd,
      messageIds: cluster.sink.messageIds,
    });
    for (const [key, n] of retried.counts) rush.tally.counts.set(key, n);
    const answers = classifyAnswers(rush.tally);
    const report = reportInvariants(invariants, answers);
    out();
    out(`## Multi-process check (${new Date().toISOString()})`);
    out();
    out(
      `${rush.seconds.toFixed(1)} s from the first arrival to the last answer; server killed at ${killed.atSeconds.toFixed(1)} s with ${killed.inFlight} requests in flight to it (${checkoutsAtKill} checkouts in flight to both servers); ${rush.checkouts} checkouts answered 200; ${balancerLine(cluster.balancer)}; confirmations delivered ${drained.toFixed(1)} s after the rush; SMTP sink received ${cluster.sink.received()}; load ${loadAverage()}`,
    );
    if (bouncer) out(await poolerLine(bouncer, databaseUrl));
    out("answers:");
    for (const line of rush.tally.lines()) out(`  ${line}`);
    out("invariants:");
    for (const line of report.lines) out(line);
    return report.ok ? 0 : 1;
  } finally {
    await runCleanups(cleanups);
  }
}

/** PgBouncer in front of the database, unless BENCH_PGBOUNCER=off or none ≥ 1.21 is found. */
async function startPooler(databaseUrl: string): Promise<PgBouncer | null> {
  if (process.env.BENCH_PGBOUNCER === "off") return null;
  const binary = findPgBouncer();
  if (binary.bin === null) {
    out(`PgBouncer: none, the processes connect directly (${binary.reason})`);
    return null;
  }
  return startPgBouncer(binary, databaseUrl);
}

function balancerLine(balancer: Cluster["balancer"]): string {
  if (!balancer.counts) return "balancer: Caddy";
  return `balancer: ${balancer.counts.retried} requests sent again to the other server, ${balancer.counts.badGateway} answered 502`;
}

/** What PgBouncer did: transactions and queries pooled, server connections used for them. */
async function poolerLine(bouncer: PgBouncer, databaseUrl: string): Promise<string> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const stats = (await bouncer.show("STATS")).find((row) => row.database === database);
  const pool = (await bouncer.show("POOLS")).find((row) => row.database === database);
  const servers = ["sv_active", "sv_idle", "sv_used", "sv_tested", "sv_login"]
    .map((column) => Number(pool?.[column] ?? 0))
    .reduce((sum, n) => sum + n, 0);
  return `PgBouncer ${bouncer.version}: ${stats?.total_xact_count} transactions and ${stats?.total_query_count} statements of the processes on ${servers} server connections at the end (default_pool_size 40); ${stats?.total_client_parse_count ?? "-"} named statements prepared by clients, ${stats?.total_server_parse_count ?? "-"} prepared on server connections`;
}

process.exitCode = await main();
