import { type ChildProcess, fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import { type Balancer, startBalancer } from "./balancer.ts";
import { startCaddyBalancer } from "./caddy-balancer.ts";
import type { Customer, Target } from "./checkout-fixtures.ts";
import { placesSold } from "./checkout-fixtures.ts";
import { checkoutBody, post, Tally } from "./load-client.ts";
import { PLATFORM_DOMAIN, ROOT, stopServer } from "./setup.ts";
import { startSmtpSink } from "./smtp-sink.ts";

/**
 * The multi-process check (issue 18 item 3, decision 0096), shared by bench/multi-process.ts
 * and the short version under npm test (apps/server/test/multi-process.test.ts): two server
 * processes (apps/server/src/main.ts, WORKERS=off, no migration on start) and one worker
 * (`npm run worker`'s entry) on one database, behind bench/balancer.ts or Caddy
 * (bench/caddy-balancer.ts), delivering to an SMTP sink; one server is killed with SIGKILL during
 * a rush; then the invariants are read.
 */

export interface Cluster {
  /** the balancer's port: where the clients go */
  port: number;
  balancer: Balancer;
  servers: ChildProcess[];
  /** the servers' ports, in the order of `servers` */
  serverPorts: number[];
  worker: ChildProcess;
  sink: Awaited<ReturnType<typeof startSmtpSink>>;
  stop(): Promise<void>;
}

/** Free ports for the servers: main.ts listens on PORT, which must be known before. */
async function freePorts(count: number): Promise<number[]> {
  const net = await import("node:net");
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<import("node:net").Server>((resolve) => {
          const server = net.createServer();
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** `npm start`'s or `npm run worker`'s entry, with the environment of a deployment. */
function startProcess(entry: "main.ts" | "worker.ts", env: Record<string, string>): ChildProcess {
  return fork(path.join(ROOT, "apps/server/src", entry), [], {
    env: { ...process.env, ...env },
    execPath: process.execPath,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
}

async function waitUntilReady(port: number, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`a server exited (${child.exitCode}) at start`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server on port ${port} was not ready within ${seconds} s`);
}

export async function startCluster(options: {
  /** the servers' and the worker's database (through PgBouncer in the bench) */
  databaseUrl: string;
  secret: string;
  /** Caddy's binary: Caddy balances instead of bench/balancer.ts */
  caddy?: string;
  /** a web build other than apps/web/build (the tests' small one) */
  webBuildDir?: string;
  logLevel?: string;
}): Promise<Cluster> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "booking-multi-"));
  const sink = await startSmtpSink();
  const ports = await freePorts(2);
  const env = {
    DATABASE_URL: options.databaseUrl,
    APP_SECRET: options.secret,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PLATFORM_DOMAIN,
    WORKERS: "off",
    MIGRATE_ON_START: "false",
    SEED_DEMO: "false",
    // The balancer's address: its X-Forwarded-For and X-Request-Id are believed.
    TRUST_PROXY: "127.0.0.1",
    SMTP_URL: sink.url,
    LOG_LEVEL: options.logLevel ?? "error",
    SHUTDOWN_TIMEOUT_MS: "5000",
    ...(options.webBuildDir ? { WEB_BUILD_DIR: options.webBuildDir } : {}),
  };
  const servers = ports.map((port) => startProcess("main.ts", { ...env, PORT: String(port) }));
  const worker = startProcess("worker.ts", env);
  const workerReady = new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("exit", (code) => reject(new Error(`the worker exited (${code}) at start`)));
  });
  const stopAll = async () => {
    await Promise.all([...servers, worker].map((child) => stopServer(child)));
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all([
      ...ports.map((port, i) => waitUntilReady(port, servers[i]!, 120)),
      workerReady,
    ]);
    const balancer = options.caddy
      ? await startCaddyBalancer(options.caddy, ports)
      : await startBalancer(ports);
    return {
      port: balancer.port,
      balancer,
      servers,
      serverPorts: ports,
      worker,
      sink,
      async stop() {
        await balancer.close();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * SIGKILLs `cluster.servers[victim]` once `afterSeconds` have passed, the balancer reports at
 * least `minimum` requests in flight to it and `ready()` agrees (the bench: checkouts are in
 * flight), polled every few milliseconds, so that the kill interrupts requests rather than landing
 * between them; after `afterSeconds + patience` it kills whatever is in flight. Resolves with when
 * it killed and how many requests were in flight to the victim.
 */
export function killWhileInFlight(
  cluster: Cluster,
  options: {
    victim: number;
    afterSeconds: number;
    minimum: number;
    ready?: () => boolean;
    patience?: number;
  },
): { killed: Promise<{ atSeconds: number; inFlight: number }>; cancel(): void } {
  const started = Date.now();
  const victim = cluster.servers[options.victim]!;
  const port = cluster.serverPorts[options.victim]!;
  let cancelled = false;
  const killed = (async () => {
    await new Promise((resolve) => setTimeout(resolve, options.afterSeconds * 1000));
    const giveUp = Date.now() + (options.patience ?? 3) * 1000;
    for (;;) {
      if (cancelled) return { atSeconds: Number.NaN, inFlight: 0 };
      const inFlight = await cluster.balancer.inFlight(port).catch(() => 0);
      // Asked after the balancer answered, right before the kill.
      const ready = (options.ready?.() ?? true) && inFlight >= options.minimum;
      if (ready || Date.now() > giveUp) {
        victim.kill("SIGKILL");
        return { atSeconds: (Date.now() - started) / 1000, inFlight };
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    killed,
    cancel() {
      cancelled = true;
    },
  };
}

/** Answers a client may retry: the connection reset or refused, 502 and 503. */
const RETRYABLE = new Set([0, 502, 503]);

/** How the clients' answers went (a Tally's counts): no 500, every failure one a client retries. */
export function classifyAnswers(tally: Tally): {
  total: number;
  retryable: number;
  serverErrors: number;
  byStatus: Map<number, number>;
} {
  const byStatus = new Map<number, number>();
  for (const [key, n] of tally.counts) {
    const status = /\s(connection error|\d{3})(?: [A-Z_]*)?$/.exec(key)?.[1];
    const code = status === undefined || status === "connection error" ? 0 : Number(status);
    byStatus.set(code, (byStatus.get(code) ?? 0) + n);
  }
  const count = (test: (status: number) => boolean) =>
    [...byStatus].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
  return {
    total: count(() => true),
    retryable: count((status) => RETRYABLE.has(status)),
    serverErrors: count((status) => status >= 500 && !RETRYABLE.has(status)),
    byStatus,
  };
}

/**
 * What a parent whose checkout got a reset, a 502 or a 503 does: tries again. The crowd's carts
 * that hold items but were not processed (their server died with the checkout) are checked out
 * once more through the balancer; the answers are tallied apart.
 */
export async function retryUnfinishedCheckouts(
  pool: pg.Pool,
  options: { port: number; host: string; organiserId: number; crowd: Customer[] },
): Promise<Tally> {
  const byId = new Map(options.crowd.map((who) => [who.customerId, who]));
  const { rows } = await pool.query<{ id: number; customerId: number }>(
    `SELECT c.id, c.customer_id AS "customerId" FROM carts c
      WHERE c.organiser_id = $1 AND c.customer_id = ANY($2) AND c.processed_at IS NULL
        AND EXISTS (SELECT 1 FROM cart_items i WHERE i.organiser_id = c.organiser_id AND i.cart_id = c.id)`,
    [options.organiserId, [...byId.keys()]],
  );
  const agent = new http.Agent({ keepAlive: true });
  const tally = new Tally();
  for (const cart of rows) {
    const who = byId.get(cart.customerId)!;
    const path = "/api/carts/checkout";
    tally.add(
      "checkout again",
      await post(agent, options.port, options.host, who, path, checkoutBody(cart.id)),
    );
  }
  agent.destroy();
  return tally;
}

export interface Invariants {
  capacity: number;
  sold: number;
  /** availability_dates.registered, the counter the checkout keeps */
  registered: number;
  processedCarts: number;
  /** processed carts without a registration, a reference or a total: half-processed */
  halfProcessed: number;
  /** registrations of the crowd whose cart is not processed */
  strayRegistrations: number;
  confirmations: number;
  confirmationsSent: number;
  /** confirmation Message-IDs the SMTP sink never received, or received more than once */
  lost: number;
  duplicated: number;
}

/**
 * Reads what the run left: places sold against the capacity and the date's counter, processed
 * carts whole (a registration, a payment reference, a total; no registration outside one), and
 * one confirmation per processed cart, sent, whose Message-ID the sink received exactly once.
 */
export async function readInvariants(
  pool: pg.Pool,
  options: {
    organiserId: number;
    target: Target;
    capacity: number;
    crowd: Customer[];
    messageIds: Map<string, number>;
  },
): Promise<Invariants> {
  const { organiserId, target, crowd } = options;
  const customers = crowd.map((who) => who.customerId);
  const { sold, registered } = await placesSold(pool, organiserId, target);
  const { rows: carts } = await pool.query<{
    processed: number;
    half: number;
    stray: number;
  }>(
    `SELECT
       (SELECT count(*)::int FROM carts c
         WHERE c.organiser_id = $1 AND c.customer_id = ANY($2) AND c.processed_at IS NOT NULL) AS processed,
       (SELECT count(*)::int FROM carts c
         WHERE c.organiser_id = $1 AND c.customer_id = ANY($2) AND c.processed_at IS NOT NULL
           AND (c.reference IS NULL OR c.total_amount IS NULL
                OR NOT EXISTS (SELECT 1 FROM registrations r
                                WHERE r.organiser_id = c.organiser_id AND r.cart_id = c.id))) AS half,
       (SELECT count(*)::int FROM registrations r
          JOIN carts c ON c.organiser_id = r.organiser_id AND c.id = r.cart_id
         WHERE r.organiser_id = $1 AND c.customer_id = ANY($2) AND c.processed_at IS NULL) AS stray`,
    [organiserId, customers],
  );
  const confirmations = await confirmationsOf(pool, organiserId, customers);
  let lost = 0;
  let duplicated = 0;
  for (const message of confirmations) {
    const times = options.messageIds.get(message.messageId) ?? 0;
    if (times === 0) lost += 1;
    if (times > 1) duplicated += 1;
  }
  return {
    capacity: options.capacity,
    sold,
    registered,
    processedCarts: carts[0]!.processed,
    halfProcessed: carts[0]!.half,
    strayRegistrations: carts[0]!.stray,
    confirmations: confirmations.length,
    confirmationsSent: confirmations.filter((message) => message.status === "SENT").length,
    lost,
    duplicated,
  };
}

/** The crowd's e-mails written by a notification rule (the confirmations). */
async function confirmationsOf(
  pool: pg.Pool,
  organiserId: number,
  customers: number[],
): Promise<Array<{ messageId: string; status: string }>> {
  const { rows } = await pool.query<{ messageId: string; status: string }>(
    `SELECT message_id AS "messageId", status FROM messages
      WHERE organiser_id = $1 AND customer_id = ANY($2) AND channel = 'EMAIL' AND rule_id IS NOT NULL`,
    [organiserId, customers],
  );
  return rows;
}

/**
 * Waits until every processed cart of the crowd has its confirmation sent (or `seconds` pass):
 * the worker paces itself and retries, so they leave some seconds after the rush.
 */
export async function waitForConfirmations(
  pool: pg.Pool,
  organiserId: number,
  crowd: Customer[],
  seconds: number,
): Promise<number> {
  const customers = crowd.map((who) => who.customerId);
  const started = Date.now();
  for (;;) {
    const { rows } = await pool.query<{ processed: number }>(
      `SELECT count(*)::int AS processed FROM carts
        WHERE organiser_id = $1 AND customer_id = ANY($2) AND processed_at IS NOT NULL`,
      [organiserId, customers],
    );
    const messages = await confirmationsOf(pool, organiserId, customers);
    const sent = messages.filter((message) => message.status === "SENT").length;
    const waited = (Date.now() - started) / 1000;
    if ((sent >= rows[0]!.processed && messages.length === sent) || waited > seconds) return waited;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The invariants as lines, and whether they all hold. */
export function reportInvariants(
  invariants: Invariants,
  answers: ReturnType<typeof classifyAnswers>,
): { lines: string[]; ok: boolean } {
  const checks: Array<[string, boolean]> = [
    [
      `exactly the capacity sold: ${invariants.sold} sold, counter ${invariants.registered}, capacity ${invariants.capacity}`,
      invariants.sold === invariants.capacity && invariants.registered === invariants.capacity,
    ],
    [
      `no cart half-processed: ${invariants.processedCarts} processed, ${invariants.halfProcessed} without registration, reference or total, ${invariants.strayRegistrations} registrations outside a processed cart`,
      invariants.halfProcessed === 0 && invariants.strayRegistrations === 0,
    ],
    [
      `every confirmation sent exactly once: ${invariants.confirmations} written for ${invariants.processedCarts} carts, ${invariants.confirmationsSent} sent, ${invariants.lost} never received, ${invariants.duplicated} received twice`,
      invariants.confirmations === invariants.processedCarts &&
        invariants.confirmationsSent === invariants.confirmations &&
        invariants.lost === 0 &&
        invariants.duplicated === 0,
    ],
    [
      `every client error retryable: ${answers.total} answers, ${answers.retryable} connection errors/502/503, ${answers.serverErrors} other 5xx (${[
        ...answers.byStatus,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status === 0 ? "reset" : status} × ${n}`)
        .join(", ")})`,
      answers.serverErrors === 0,
    ],
  ];
  return {
    lines: checks.map(([line, ok]) => `- ${line}: ${ok ? "holds" : "DOES NOT HOLD"}`),
    ok: checks.every(([, ok]) => ok),
  };
}
