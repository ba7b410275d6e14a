import http from "node:http";
import path from "node:path";
import { createDatabase, createDatabaseFromTemplate } from "@booking/db";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import {
  type Customer,
  createCustomers,
  createTarget,
  prepareCheckoutOrganiser,
} from "../../../bench/checkout-fixtures.ts";
import { addBody, checkoutBody, post, Tally } from "../../../bench/load-client.ts";
import {
  type Cluster,
  classifyAnswers,
  readInvariants,
  reportInvariants,
  startCluster,
  waitForConfirmations,
} from "../../../bench/multi-process-cluster.ts";
import { TEST_SECRET } from "./harness.ts";

/**
 * The short multi-process check (issue 18 item 3, decision 0096; the full one is
 * `npm run bench:multi-process`): two server processes with WORKERS=off and a worker on one
 * database behind the Node balancer, a small rush of add + checkout, one server killed with
 * SIGKILL in its middle; nothing sold twice, no cart half-processed, every confirmation sent
 * exactly once, every client error retryable.
 */

const PLACES = 15;
const CUSTOMERS = 60;
const RUSH_MS = 4_000;
const SMALL_WEB_BUILD = path.join(import.meta.dirname, "fixtures/web-build");

let copy: { url: string; drop(): Promise<void> };
let database: ReturnType<typeof createDatabase>;
let pool: pg.Pool;
let cluster: Cluster | undefined;

beforeAll(async () => {
  copy = await createDatabaseFromTemplate(inject("databaseAdminUrl"), inject("templateDatabase"));
  database = createDatabase(copy.url);
  pool = new pg.Pool({ connectionString: copy.url, max: 2 });
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  await pool.end();
  await database.close();
  await copy.drop();
}, 60_000);

it("two servers and a worker behind a balancer lose nothing when a server is killed mid-rush", async () => {
  const { rows } = await pool.query<{ id: number; timezone: string }>(
    "SELECT id, timezone FROM organisers WHERE slug = 'demo'",
  );
  const organiser = rows[0]!;
  await prepareCheckoutOrganiser(database, organiser);
  const target = await createTarget(database, organiser.id, "Multi-process check", PLACES);
  const crowd = await createCustomers(database, TEST_SECRET, organiser.id, "multi", CUSTOMERS);
  cluster = await startCluster({
    databaseUrl: copy.url,
    secret: TEST_SECRET,
    webBuildDir: SMALL_WEB_BUILD,
  });

  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const tally = new Tally();
  const port = cluster.port;
  const host = "demo.localhost";
  const started = Date.now();
  const victim = cluster.servers[0]!;
  const kill = setTimeout(() => victim.kill("SIGKILL"), RUSH_MS / 2);
  // A parent whose answer was a reset, a 502 or a 503 tries again, as a browser's user would.
  const send = async (who: Customer, name: string, path: string, payload: unknown) => {
    for (let attempt = 1; ; attempt++) {
      const answer = await post(agent, port, host, who, path, payload);
      tally.add(name, answer);
      if (![0, 502, 503].includes(answer.status) || attempt === 3) return answer;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  await Promise.all(
    crowd.map(async (who, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * RUSH_MS) / CUSTOMERS));
      const add = await send(who, "add", "/api/carts/items", addBody(target, who));
      if (add.status !== 201) return;
      const cartId = (JSON.parse(add.body) as { cart: { id: number } }).cart.id;
      await send(who, "checkout", "/api/carts/checkout", checkoutBody(cartId));
    }),
  );
  clearTimeout(kill);
  agent.destroy();
  expect(Date.now() - started).toBeLessThan(30_000);
  expect(victim.signalCode).toBe("SIGKILL");

  await waitForConfirmations(pool, organiser.id, crowd, 40);
  const invariants = await readInvariants(pool, {
    organiserId: organiser.id,
    target,
    capacity: PLACES,
    crowd,
    messageIds: cluster.sink.messageIds,
  });
  const report = reportInvariants(invariants, classifyAnswers(tally));
  expect(report.ok, [...report.lines, ...tally.lines()].join("\n")).toBe(true);
  expect(invariants.processedCarts).toBeGreaterThan(0);
  expect(invariants.confirmationsSent).toBe(invariants.processedCarts);
}, 180_000);
