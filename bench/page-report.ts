import type pg from "pg";
import { type Customer, placesSold, type Target } from "./checkout-fixtures.ts";
import { ms, printTable, quantile, spread, type Tally } from "./load-client.ts";
import {
  availabilityCuid,
  type BrowserRushResult,
  browserRush,
  busiestOpenAvailability,
  journeyCosts,
  type PageLoadResult,
  pageLoad,
  RUSH_CALLS,
} from "./pages.ts";
import { ensureWebBuild, out, percent, startServer, stopServer } from "./setup.ts";

/**
 * Runs and reports the page scenarios of the checkout benchmark (bench/README.md "Pages of
 * logged-in parents"): the availability page at `connections` connections, logged in and
 * anonymous, on a server as in production (public answers cache on) and on one computing every
 * answer; then the browser rush on the first. Returns whether its targets that are about
 * correctness (places sold, no 5xx, each reader's own page) hold.
 */
export async function runPageScenarios(options: {
  databaseUrl: string;
  pool: pg.Pool;
  organiserId: number;
  host: string;
  secret: string;
  scenarios: Set<string>;
  crowd: Customer[];
  connections: number;
  warmup: number;
  duration: number;
  rush: { target: Target; crowd: Customer[]; seconds: number; places: number; connections: number };
  /** the journey's own date (as many places as the rush's), so that the rush still has its own */
  journeyTarget: Target | null;
}): Promise<boolean> {
  const { databaseUrl, pool, host, connections } = options;
  ensureWebBuild();
  const path = `/availabilities/${await busiestOpenAvailability(pool, options.organiserId)}`;
  const serve = (cacheTtlMs: number) =>
    startServer(databaseUrl, {
      BENCH_SECRET: options.secret,
      PUBLIC_CACHE_TTL_MS: String(cacheTtlMs),
    });
  const load = (server: { port: number; pid: number | undefined }, crowd: Customer[] | null) =>
    pageLoad({
      port: server.port,
      serverPid: server.pid,
      host,
      path,
      crowd,
      connections,
      warmup: options.warmup,
      duration: options.duration,
    });

  const rows: Array<[string, PageLoadResult]> = [];
  let rushResult: BrowserRushResult | null = null;
  let sold: { sold: number; registered: number } | null = null;
  const production = await serve(2000);
  const productionServer = { port: production.port, pid: production.child.pid };
  try {
    if (options.scenarios.has("pages")) {
      out(`measuring ${path} for logged-in parents and anonymous visitors ...`);
      rows.push([`logged in, ${connections} parents`, await load(productionServer, options.crowd)]);
      rows.push(["anonymous, from the cache", await load(productionServer, null)]);
    }
    if (options.journeyTarget) {
      out("measuring a rush visit's calls one phase at a time ...");
      const target = options.journeyTarget;
      // The first half warms the server up (its code compiled, its caches filled); the second
      // half is measured.
      const half = Math.floor(options.rush.places / 2);
      const phases = (crowd: Customer[]) =>
        journeyCosts({
          port: production.port,
          serverPid: production.child.pid,
          host,
          target,
          cuid,
          crowd,
          connections: Math.min(connections, 10),
        });
      const cuid = await availabilityCuid(pool, target);
      await phases(options.rush.crowd.slice(0, half));
      const costs = await phases(options.rush.crowd.slice(half, 2 * half));
      for (const row of costs) {
        out(
          `${row.call}: ${row.answers} answers, p50 ${row.p50?.toFixed(1)} ms; CPU per call: ${row.cpu}`,
        );
      }
    }
    if (options.scenarios.has("browser-rush")) {
      out("measuring the opening rush as browsers make it ...");
      const { target } = options.rush;
      rushResult = await browserRush({
        port: production.port,
        serverPid: production.child.pid,
        host,
        target,
        cuid: await availabilityCuid(pool, target),
        crowd: options.rush.crowd,
        seconds: options.rush.seconds,
        connections: options.rush.connections,
      });
      sold = await placesSold(pool, options.organiserId, target);
    }
  } finally {
    await stopServer(production.child);
  }
  if (options.scenarios.has("pages")) {
    const computed = await serve(0);
    try {
      const server = { port: computed.port, pid: computed.child.pid };
      rows.push(["anonymous, computed (cache off)", await load(server, null)]);
      rows.push([
        `logged in, ${connections} parents, cache off`,
        await load(server, options.crowd),
      ]);
    } finally {
      await stopServer(computed.child);
    }
  }
  const pagesOk = rows.length === 0 || reportPages(path, rows);
  const rushOk = !rushResult || reportRush(rushResult, sold!, options.rush.places);
  return pagesOk && rushOk;
}

/** The page table, the ratio of logged-in to anonymous computed and the throughput target. */
function reportPages(path: string, rows: Array<[string, PageLoadResult]>): boolean {
  out();
  out(`## GET ${path} (server-rendered availability page)`);
  out();
  printTable(
    ["reader", "pages/s", "p50 ms", "p99 ms", "max ms", "wrong", "5xx", "errors", "other CPU"],
    rows.map(([name, result]) => [
      name,
      result.perSecond.toFixed(0),
      ...spread(result.latency),
      String(wrongPages(result)),
      String(result.tally.fivexx),
      String(result.tally.errors),
      percent(result.otherCpu),
    ]),
  );
  out();
  for (const [name, result] of rows) out(`CPU per page, ${name}: ${result.cpu}`);
  const [loggedIn, , anonymousComputed] = rows.map(([, result]) => result);
  const ratio =
    loggedIn && anonymousComputed ? loggedIn.perSecond / anonymousComputed.perSecond : 0;
  out(`logged in / anonymous computed (same run): ${ratio.toFixed(2)}`);
  const wrong = rows.reduce((sum, [, result]) => sum + wrongPages(result) + result.tally.fivexx, 0);
  out("targets:");
  out(
    `- logged-in pages >= 200/s: ${loggedIn?.perSecond.toFixed(0) ?? "-"}/s: ${verdict(loggedIn ? loggedIn.perSecond >= 200 : null)}`,
  );
  out(`- every page its reader's own, no 5xx: ${wrong} wrong: ${verdict(wrong === 0)}`);
  return wrong === 0;
}

/** Pages answered 200 that showed another customer's participant, or none of their own. */
const wrongPages = ({ tally }: { tally: Tally }) =>
  [...tally.counts].filter(([key]) => key.endsWith(" 299")).reduce((n, [, c]) => n + c, 0);

const verdict = (ok: boolean | null) => (ok === null ? "not measured" : ok ? "met" : "NOT met");

function reportRush(
  result: BrowserRushResult,
  date: { sold: number; registered: number },
  places: number,
): boolean {
  out();
  out(
    `## The opening rush as browsers make it (${result.seconds.toFixed(1)} s from the first arrival to the last answer)`,
  );
  out();
  printTable(
    ["call", "answers", "p50 ms", "p99 ms", "max ms"],
    [
      ...RUSH_CALLS.map((call) => {
        const histogram = result.calls.get(call)!;
        return [call, String(histogram.count), ...spread(histogram)];
      }),
      ["every page", String(result.pages.count), ...spread(result.pages)],
      ["every API call", String(result.api.count), ...spread(result.api)],
      [
        "a parent's visit, arrival to last answer",
        String(result.journey.count),
        ...spread(result.journey),
      ],
    ],
  );
  out();
  out(`CPU per request: ${result.cpu}; other CPU ${percent(result.otherCpu)}`);
  out("answers:");
  for (const line of result.tally.lines()) out(`  ${line}`);
  out(`places sold ${date.sold}, registered on the date ${date.registered}, capacity ${places}`);
  const pageP99 = quantile(result.pages, 99);
  const apiP99 = Math.max(
    ...RUSH_CALLS.filter((call) => !call.endsWith("(page)")).map(
      (call) => quantile(result.calls.get(call)!, 99) ?? 0,
    ),
  );
  const wrong = wrongPages(result);
  const sold = date.sold === places && date.registered === places;
  out("targets:");
  out(`- exactly ${places} sold: ${date.sold}: ${verdict(sold)}`);
  out(`- no 5xx: ${result.tally.fivexx}: ${verdict(result.tally.fivexx === 0)}`);
  out(`- page p99 <= 1000 ms: ${ms(pageP99)} ms: ${verdict(pageP99 !== null && pageP99 <= 1000)}`);
  out(`- every API call's p99 <= 250 ms: worst ${ms(apiP99)} ms: ${verdict(apiP99 <= 250)}`);
  out(`- every page its parent's own: ${wrong} wrong: ${verdict(wrong === 0)}`);
  return sold && result.tally.fivexx === 0 && result.tally.errors === 0 && wrong === 0;
}
