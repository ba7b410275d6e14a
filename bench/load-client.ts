import http from "node:http";
import { createHistogram, performance, type RecordableHistogram } from "node:perf_hooks";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Customer, Target } from "./checkout-fixtures.ts";
import { formatMs, out, readProcessTable } from "./setup.ts";

/**
 * The load generator's side of the checkout and page benchmarks: requests as a logged-in
 * browser sends them, answers tallied by status and error code, latency histograms, CPU time
 * by role from /proc, and the results table.
 */

/**
 * CPU time (ms) of the load generator (this process), the server child, the database and the
 * queue worker child (BENCH_NOTIFICATIONS=on; 0 without one).
 */
export type RoleCpu = {
  generator: number;
  server: number;
  database: number | null;
  worker: number;
};

/**
 * CPU time used so far, from /proc (null elsewhere), by this process (the load generator), the
 * server child and its descendants, the worker child (`workerPid`) and the rest of this process
 * tree: the embedded PostgreSQL and its backends (null with BENCH_DATABASE_URL, whose server is
 * not ours). Per checkout, it tells where the time goes whatever else the machine is doing.
 */
export function roleCpu(serverPid: number | undefined, workerPid?: number): RoleCpu | null {
  const tick = 10; // ms per clock tick (USER_HZ 100)
  try {
    const { parents, ticks } = readProcessTable();
    const used = new Map([...ticks].map(([pid, count]) => [pid, count * tick]));
    const cpu = { generator: used.get(process.pid) ?? 0, server: 0, database: 0, worker: 0 };
    for (const [pid, ms] of used) {
      let role: "server" | "database" | "worker" | null = null;
      for (let cursor: number | undefined = pid, depth = 0; cursor && depth < 20; depth++) {
        if (cursor === serverPid) {
          role = "server";
          break;
        }
        if (cursor === workerPid) {
          role = "worker";
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
export function cpuPer(before: RoleCpu | null, after: RoleCpu | null, units: number): string {
  if (!before || !after || units === 0) return "-";
  const per = (a: number, b: number) => ((b - a) / units).toFixed(2);
  const database =
    before.database === null || after.database === null
      ? "- (not ours)"
      : per(before.database, after.database);
  const worker = after.worker > 0 ? `, worker ${per(before.worker, after.worker)} ms` : "";
  return `server ${per(before.server, after.server)} ms, database ${database} ms${worker}, load generator ${per(before.generator, after.generator)} ms`;
}

// --- HTTP ---------------------------------------------------------------------------------------

export type Answer = { status: number; body: string; ms: number };

/**
 * What a browser accepts (Chrome's header), so that answers are compressed as the server
 * compresses them for people (decision 0099); `BENCH_ACCEPT_ENCODING=` (empty) asks for none, as
 * the runs before 2026-11-28 did.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";

/** A body as the browser reads it, decompressed after the answer's time was taken. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "gzip") return gunzipSync(body);
  return body;
}

/**
 * An answer's text. A page is read as Latin-1: the bench looks for ASCII in it (test ids, its
 * participants' names), and decoding a 100 kB page as UTF-8 cost the load generator 0.2 ms of CPU,
 * on the cores the server shares (JSON answers are small and read as UTF-8).
 */
function text(body: Buffer, accept: string | undefined): string {
  return body.toString(accept?.startsWith("text/html") ? "latin1" : "utf8");
}

/**
 * One request as a browser of `who` sends it (session and XSRF cookies, the token header), or
 * as an anonymous visitor when `who` is null; JSON `payload` for writes. `accept` is what a
 * browser asks for: JSON for API calls, HTML for a page.
 */
export function send(
  agent: http.Agent,
  port: number,
  host: string,
  who: Customer | null,
  call: { method: "GET" | "POST"; path: string; payload?: unknown; accept?: string },
): Promise<Answer> {
  const body = call.payload === undefined ? undefined : JSON.stringify(call.payload);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: call.path,
        method: call.method,
        agent,
        headers: {
          host,
          accept: call.accept ?? "application/json",
          ...(ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {}),
          ...(body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(body) }),
          ...(who ? { cookie: who.cookie, "x-xsrf-token": who.xsrf } : {}),
        },
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const ms = performance.now() - started;
          try {
            if (!response.complete) throw new Error("the answer stopped short");
            const body = decoded(Buffer.concat(chunks), response.headers["content-encoding"]);
            resolve({ status: response.statusCode ?? 0, body: text(body, call.accept), ms });
          } catch (error) {
            // Its server died while sending it (the multi-process bench's SIGKILL): a browser
            // shows a broken answer, as for a reset connection.
            resolve({ status: 0, body: String(error), ms });
          }
        });
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

/** A JSON POST of `who`. */
export const post = (
  agent: http.Agent,
  port: number,
  host: string,
  who: Customer,
  path: string,
  payload: unknown,
) => send(agent, port, host, who, { method: "POST", path, payload });

/** Statuses by endpoint and error code ("409 AVAILABILITY_FULL"), with one body per unexpected. */
export class Tally {
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

export const histogram = () => createHistogram({ lowest: 1, highest: 600_000_000, figures: 3 });
/** Milliseconds into a histogram of microseconds. */
export const record = (h: RecordableHistogram, ms: number) =>
  h.record(Math.max(1, Math.round(ms * 1000)));
export const quantile = (h: RecordableHistogram, q: number) =>
  h.count === 0 ? null : h.percentile(q) / 1000;

export const addBody = (target: Target, who: Customer) => ({
  registrations: [
    {
      availability_id: target.availabilityId,
      participant_id: who.participantId,
      availability_dates: [{ date_id: target.dateId }],
    },
  ],
});

export const checkoutBody = (cartId: number) => ({
  cart_id: cartId,
  payment_strategy: "DELAYED",
  terms: true,
});

export function printTable(header: string[], rows: string[][]): void {
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

export const ms = (value: number | null) => formatMs(value);
/** p50, p99 and max of a histogram, formatted. */
export const spread = (h: RecordableHistogram) => [50, 99, 100].map((q) => ms(quantile(h, q)));
