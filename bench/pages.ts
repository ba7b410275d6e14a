import http from "node:http";
import { performance, type RecordableHistogram } from "node:perf_hooks";
import type pg from "pg";
import type { Customer, Target } from "./checkout-fixtures.ts";
import {
  type Answer,
  addBody,
  checkoutBody,
  cpuPer,
  histogram,
  record,
  roleCpu,
  send,
  Tally,
} from "./load-client.ts";
import { cpuSnapshot, otherCpu } from "./setup.ts";

/**
 * The checkout benchmark's page scenarios (bench/README.md "Pages of logged-in parents"): the
 * server-rendered availability page under steady load, logged in or anonymous, and the opening
 * rush as a parent's browser lives it (page, cart, add, checkout page, checkout).
 */

const HTML = "text/html,application/xhtml+xml";

/**
 * The organiser's availability a parent would open: OPEN, registrations open now, of a published
 * activity, the one with the most dates (a weekly class: its page and add form list them all).
 */
export async function busiestOpenAvailability(pool: pg.Pool, organiserId: number): Promise<string> {
  const { rows } = await pool.query<{ cuid: string }>(
    `SELECT a.cuid
       FROM availabilities a
       JOIN activities ac ON ac.organiser_id = a.organiser_id AND ac.id = a.activity_id
      WHERE a.organiser_id = $1 AND a.status = 'OPEN' AND ac.published AND a.start_at > now()
        AND (a.registrations_start_at IS NULL OR a.registrations_start_at < now())
        AND (a.registrations_end_at IS NULL OR a.registrations_end_at > now())
        AND a.age_minimum IS NULL AND a.age_maximum IS NULL
      ORDER BY (SELECT count(*) FROM availability_dates d
                 WHERE d.organiser_id = a.organiser_id AND d.availability_id = a.id) DESC, a.id
      LIMIT 1`,
    [organiserId],
  );
  if (!rows[0]) throw new Error("no open availability without age limits to load");
  return rows[0].cuid;
}

export async function availabilityCuid(pool: pg.Pool, target: Target): Promise<string> {
  const { rows } = await pool.query<{ cuid: string }>(
    "SELECT cuid FROM availabilities WHERE id = $1",
    [target.availabilityId],
  );
  return rows[0]!.cuid;
}

/**
 * Whether a page is the right one for its reader: a customer's page shows their own
 * participant (in the add form) and nobody else's; an anonymous page shows no participant.
 */
function pageTally(tally: Tally, name: string, answer: Answer, who: Customer | null): void {
  if (answer.status !== 200) {
    tally.add(name, answer);
    return;
  }
  const others = answer.body.match(/Enfant [\w-]+ \d+/g) ?? [];
  const own = who ? others.filter((found) => found === who.participantName) : [];
  const right = who ? own.length > 0 && own.length === others.length : others.length === 0;
  tally.add(name, right ? answer : { ...answer, status: 299, body: "not this reader's page" });
}

export type PageLoadResult = {
  pages: number;
  perSecond: number;
  latency: RecordableHistogram;
  tally: Tally;
  otherCpu: number | null;
  cpu: string;
};

/**
 * A closed loop of `connections` browsers loading `path` for `duration` s after `warmup` s, each
 * as one customer of `crowd` (logged in) or anonymous (`crowd` null).
 */
export async function pageLoad(options: {
  port: number;
  serverPid: number | undefined;
  host: string;
  path: string;
  crowd: Customer[] | null;
  connections: number;
  warmup: number;
  duration: number;
}): Promise<PageLoadResult> {
  const { port, host, path, crowd, connections } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: PageLoadResult = {
    pages: 0,
    perSecond: 0,
    latency: histogram(),
    tally: new Tally(),
    otherCpu: null,
    cpu: "-",
  };
  const warmEnd = performance.now() + options.warmup * 1000;
  let measureEnd = Number.POSITIVE_INFINITY;
  const loop = async (who: Customer | null) => {
    while (performance.now() < measureEnd) {
      const answer = await send(agent, port, host, who, { method: "GET", path, accept: HTML });
      const ended = performance.now();
      pageTally(result.tally, "page", answer, who);
      if (ended >= warmEnd && ended <= measureEnd) {
        record(result.latency, answer.ms);
        if (answer.status === 200) result.pages += 1;
      }
      if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const loops = Array.from({ length: connections }, (_, i) =>
    loop(crowd ? crowd[i % crowd.length]! : null),
  );
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, warmEnd - performance.now())));
  const cpuBefore = cpuSnapshot();
  const rolesBefore = roleCpu(options.serverPid);
  measureEnd = warmEnd + options.duration * 1000;
  await Promise.all(loops);
  result.otherCpu = otherCpu(cpuBefore, cpuSnapshot());
  result.cpu = cpuPer(rolesBefore, roleCpu(options.serverPid), result.pages);
  result.perSecond = result.pages / options.duration;
  agent.destroy();
  return result;
}

/** The browser's calls of the rush, by name, in the order a parent makes them. */
export const RUSH_CALLS = [
  "GET /availabilities/{cuid} (page)",
  "POST /api/carts/items/estimate",
  "POST /api/carts/items",
  "GET /checkout.data",
  "POST /api/carts/checkout",
] as const;
export type RushCall = (typeof RUSH_CALLS)[number];
const isPage = (call: RushCall) => call.endsWith("(page)");

/** Where the rush happens: the server, the availability and its date, the crowd of parents. */
type RushOptions = {
  port: number;
  serverPid: number | undefined;
  host: string;
  target: Target;
  cuid: string;
  crowd: Customer[];
  connections: number;
};

/**
 * What the browser of `who` sends for `call` (its cart once the add answered), as the page's
 * scripts send it: the add form's estimate and add with its participant and the open dates.
 */
function rushRequest(
  call: RushCall,
  rush: Pick<RushOptions, "target" | "cuid">,
  who: Customer,
  cart?: AddedCart,
): { method: "GET" | "POST"; path: string; payload?: unknown; accept?: string } {
  switch (call) {
    case "GET /availabilities/{cuid} (page)":
      return { method: "GET", path: `/availabilities/${rush.cuid}`, accept: HTML };
    case "POST /api/carts/items/estimate":
      return {
        method: "POST",
        path: "/api/carts/items/estimate",
        payload: { ...addBody(rush.target, who).registrations[0]!, quantity: 1, options: [] },
      };
    case "POST /api/carts/items":
      return { method: "POST", path: "/api/carts/items", payload: addBody(rush.target, who) };
    case "GET /checkout.data":
      return {
        method: "GET",
        path: `/checkout.data?_routes=${encodeURIComponent("routes/storefront/checkout")}`,
      };
    case "POST /api/carts/checkout":
      return { method: "POST", path: "/api/carts/checkout", payload: checkoutBody(cart!.id) };
  }
}

/** The cart an add answered 201. */
type AddedCart = { id: number; cuid: string };
const addedCart = (answer: Answer) => (JSON.parse(answer.body) as { cart: AddedCart }).cart;

export type BrowserRushResult = {
  seconds: number;
  checkouts: number;
  calls: Map<RushCall, RecordableHistogram>;
  pages: RecordableHistogram;
  api: RecordableHistogram;
  journey: RecordableHistogram;
  tally: Tally;
  otherCpu: number | null;
  cpu: string;
};

/**
 * The opening rush as each parent's browser makes it (decision 0058): `crowd` customers arriving
 * uniformly over `seconds` load the availability page with their session (it carries their cart
 * and the add form's first estimate or its refusal: neither the drawer nor the form asks); the
 * form has their only participant and the open dates chosen (it would ask its estimate only if
 * the page carried no answer); they add a registration. A page without the add form (the places
 * are gone: it offers the waiting list) ends the visit. On success the drawer opens with the cart
 * of the add's answer (the page's own data is read again only if the drawer is closed on the
 * page, decision 0107), then the parent follows the drawer's link to /checkout (a client
 * navigation: that route's data) and checks out: the
 * checkout page's payment box reads where the cart stands with its online payment from the cart
 * itself (its `payment`), without asking GET /api/carts/{cuid}/payment. A refused add (the
 * places are gone) ends the visit.
 */
export async function browserRush(
  options: RushOptions & {
    seconds: number;
    /** kept up to date with the calls sent and not yet answered (the multi-process kill) */
    inFlight?: Map<RushCall, number>;
  },
): Promise<BrowserRushResult> {
  const { port, host, crowd } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const result: BrowserRushResult = {
    seconds: 0,
    checkouts: 0,
    calls: new Map(RUSH_CALLS.map((call) => [call, histogram()])),
    pages: histogram(),
    api: histogram(),
    journey: histogram(),
    tally: new Tally(),
    otherCpu: null,
    cpu: "-",
  };
  let requests = 0;
  const trace: Array<[string, number, number, number]> | undefined = process.env.BENCH_TRACE
    ? []
    : undefined;
  const call = async (who: Customer, name: RushCall, cart?: AddedCart): Promise<Answer> => {
    const inFlight = options.inFlight;
    inFlight?.set(name, (inFlight.get(name) ?? 0) + 1);
    const answer = await send(agent, port, host, who, rushRequest(name, options, who, cart));
    inFlight?.set(name, inFlight.get(name)! - 1);
    requests += 1;
    if (name === RUSH_CALLS[0]) pageTally(result.tally, name, answer, who);
    else result.tally.add(name, answer);
    record(result.calls.get(name)!, answer.ms);
    record(isPage(name) ? result.pages : result.api, answer.ms);
    trace?.push([name, performance.now() - answer.ms, answer.ms, answer.status]);
    return answer;
  };
  const visit = async (who: Customer) => {
    const page = await call(who, RUSH_CALLS[0]);
    // A page without the add form (sold out: the waiting list's form instead) ends the visit.
    if (page.status !== 200 || !page.body.includes('data-testid="add-to-cart-form"')) return;
    // The form asks its first estimate only when the page carried neither it nor its refusal.
    if (!/data-testid="estimate-(price|error)"/.test(page.body)) await call(who, RUSH_CALLS[1]);
    const add = await call(who, RUSH_CALLS[2]);
    if (add.status !== 201) return;
    const cart = addedCart(add);
    await call(who, RUSH_CALLS[3]);
    const checkout = await call(who, RUSH_CALLS[4], cart);
    if (checkout.status === 200) result.checkouts += 1;
  };
  const cpuBefore = cpuSnapshot();
  const rolesBefore = roleCpu(options.serverPid);
  const started = performance.now();
  const interval = (options.seconds * 1000) / crowd.length;
  await Promise.all(
    crowd.map(async (who, i) => {
      const wait = started + i * interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const arrived = performance.now();
      await visit(who);
      record(result.journey, performance.now() - arrived);
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  if (trace) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      process.env.BENCH_TRACE!,
      JSON.stringify(trace.map(([n, s, d, st]) => [n, s - started, d, st])),
    );
  }
  result.otherCpu = otherCpu(cpuBefore, cpuSnapshot());
  result.cpu = cpuPer(rolesBefore, roleCpu(options.serverPid), requests);
  agent.destroy();
  return result;
}

/**
 * Where a rush visit's CPU goes, call by call (`BENCH_SCENARIOS=journey`): the rush's crowd makes
 * each call of the visit in turn, all parents' pages, then all their adds, and so on, `connections`
 * at a time, and the CPU of each role is read around each call's phase. The places are as many as
 * the crowd, so that every parent makes the whole visit.
 */
export async function journeyCosts(
  options: RushOptions,
): Promise<Array<{ call: RushCall; answers: number; p50: number | null; cpu: string }>> {
  const { port, host, crowd } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const carts = new Map<Customer, AddedCart>();
  const rows = [];
  // The page carries the first estimate: the form does not ask it.
  for (const call of RUSH_CALLS.filter((call) => call !== RUSH_CALLS[1])) {
    const readers = call === RUSH_CALLS[0] || call === RUSH_CALLS[2] ? crowd : [...carts.keys()];
    const latency = histogram();
    const before = roleCpu(options.serverPid);
    let next = 0;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (next < readers.length) {
          const who = readers[next++]!;
          const request = rushRequest(call, options, who, carts.get(who));
          const answer = await send(agent, port, host, who, request);
          record(latency, answer.ms);
          if (call === RUSH_CALLS[2] && answer.status === 201) carts.set(who, addedCart(answer));
        }
      }),
    );
    rows.push({
      call,
      answers: readers.length,
      p50: latency.count ? latency.percentile(50) / 1000 : null,
      cpu: cpuPer(before, roleCpu(options.serverPid), readers.length),
    });
  }
  agent.destroy();
  return rows;
}
