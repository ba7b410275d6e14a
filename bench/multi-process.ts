import { randomBytes } from "node:crypto";
import { createDatabase } from "@booking/db";
import pg from "pg";
import { createCustomers, createTarget, prepareCheckoutOrganiser } from "./checkout-fixtures.ts";
import {
  classifyAnswers,
  readInvariants,
  reportInvariants,
  retryUnfinishedCheckouts,
  startCluster,
  waitForConfirmations,
} from "./multi-process-cluster.ts";
import { availabilityCuid, browserRush } from "./pages.ts";
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
 * `npm run bench:multi-process` (issue 18 item 3, decision 0096; not part of npm test, whose
 * short version is apps/server/test/multi-process.test.ts): one embedded PostgreSQL migrated
 * once, two server processes (WORKERS=off) and one worker behind bench/balancer.ts, the
 * checkout benchmark's browser-shaped opening rush (bench/pages.ts browserRush) across both, one
 * server killed with SIGKILL after BENCH_KILL_AFTER seconds; the parents whose checkout died with
 * it check out again; then the invariants. Exits 1 when one does not hold.
 */

const RUSH_CUSTOMERS = positiveNumber("BENCH_RUSH_CUSTOMERS", 2000);
const RUSH_SECONDS = positiveNumber("BENCH_RUSH_SECONDS", 10);
const RUSH_PLACES = positiveNumber("BENCH_RUSH_PLACES", 200);
const RUSH_CONNECTIONS = positiveNumber("BENCH_RUSH_CONNECTIONS", 500);
const KILL_AFTER = positiveNumber("BENCH_KILL_AFTER", RUSH_SECONDS / 2);
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

    out("starting two servers (WORKERS=off), a worker and the balancer ...");
    const cluster = await startCluster({ databaseUrl, secret: SECRET });
    cleanups.push(() => cluster.stop());
    const victim = cluster.servers[0]!;
    let killedAt = 0;
    const started = Date.now();
    const kill = setTimeout(() => {
      killedAt = (Date.now() - started) / 1000;
      victim.kill("SIGKILL");
    }, KILL_AFTER * 1000);
    out(
      `rush: ${RUSH_CUSTOMERS} parents over ${RUSH_SECONDS} s for ${RUSH_PLACES} places through the balancer; one server killed (SIGKILL) after ${KILL_AFTER} s; load ${loadAverage()}`,
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
    });
    clearTimeout(kill);
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
      `${rush.seconds.toFixed(1)} s from the first arrival to the last answer; server killed at ${killedAt.toFixed(1)} s; ${rush.checkouts} checkouts answered 200; balancer: ${cluster.balancer.counts.retried} requests sent again to the other server, ${cluster.balancer.counts.badGateway} answered 502; confirmations delivered ${drained.toFixed(1)} s after the rush; SMTP sink received ${cluster.sink.received()}; load ${loadAverage()}`,
    );
    out("answers:");
    for (const line of rush.tally.lines()) out(`  ${line}`);
    out("invariants:");
    for (const line of report.lines) out(line);
    return report.ok ? 0 : 1;
  } finally {
    await runCleanups(cleanups);
  }
}

process.exitCode = await main();
