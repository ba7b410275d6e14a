import { type ChildProcess, fork, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDatabase, runMigrations, seedDemo, startEmbeddedPostgres } from "@booking/db";
import { type GenerateSummary, generateBenchData } from "./generate.ts";

/**
 * What the benchmarks share (bench/catalogue.ts, bench/checkout.ts): environment parsing, CPU
 * accounting from /proc, the database (embedded PostgreSQL unless BENCH_DATABASE_URL is set,
 * migrated, demo-seeded, given the generated data set), the web build and the server child.
 */

export const ROOT = path.resolve(import.meta.dirname, "..");
export const PLATFORM_DOMAIN = "localhost";

export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export const out = (line = "") => process.stdout.write(`${line}\n`);

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

// --- CPU accounting (Linux) -------------------------------------------------------------------

export type CpuSnapshot = { at: number; busy: number; ours: number };

/**
 * Every process of this machine with its parent and the CPU it used so far in clock ticks:
 * utime, stime, and cutime, cstime, the CPU of children that exited and were waited for
 * (PostgreSQL's backends and autovacuum workers come and go under the postmaster). Throws where
 * there is no /proc.
 */
export function readProcessTable(): { parents: Map<number, number>; ticks: Map<number, number> } {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(entry);
      parents.set(pid, Number(fields[1]));
      ticks.set(
        pid,
        [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0),
      );
    } catch {
      // the process ended meanwhile
    }
  }
  return { parents, ticks };
}

/**
 * Busy CPU time of the whole machine and of this process tree (the benchmark, the server child,
 * the embedded PostgreSQL and its backends), in clock ticks, from /proc; null elsewhere. The
 * difference tells how much CPU other work (tests, builds) took during a measurement.
 */
export function cpuSnapshot(): CpuSnapshot | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const busy = ticks
      .slice(0, 8)
      .reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0);
    const { parents, ticks: used } = readProcessTable();
    let ours = 0;
    for (const [pid, ticksUsed] of used) {
      let cursor: number | undefined = pid;
      for (let depth = 0; cursor && depth < 20; depth++) {
        if (cursor === process.pid) {
          ours += ticksUsed;
          break;
        }
        cursor = parents.get(cursor);
      }
    }
    return { at: performance.now(), busy, ours };
  } catch {
    return null;
  }
}

/** Share of all CPUs that processes outside this benchmark used between two snapshots. */
export function otherCpu(before: CpuSnapshot | null, after: CpuSnapshot | null): number | null {
  if (!before || !after) return null;
  const ticksPerSecond = 100;
  const capacity = ((after.at - before.at) / 1000) * ticksPerSecond * os.cpus().length;
  const other = after.busy - before.busy - (after.ours - before.ours);
  return capacity > 0 ? Math.max(0, other / capacity) : null;
}

/**
 * CPU share used by other processes over 3 s; with `maxSeconds` > 0, samples again until it is
 * under 15 % or the time is up (shared machines: tests and builds come and go).
 */
export async function waitForQuietMachine(maxSeconds: number): Promise<number | null> {
  const deadline = performance.now() + maxSeconds * 1000;
  for (;;) {
    const before = cpuSnapshot();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const busy = otherCpu(before, cpuSnapshot());
    if (busy === null || busy < 0.15 || performance.now() >= deadline) return busy;
    out(`waiting for a quiet machine: other processes use ${percent(busy)} of the CPUs`);
  }
}

export const percent = (value: number | null) =>
  value === null ? "-" : `${Math.round(value * 100)}%`;

export function formatMs(value: number | null): string {
  if (value === null) return "-";
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

// --- Setup ------------------------------------------------------------------------------------

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureWebBuild(): void {
  const entry = path.join(ROOT, "apps/web/build/server/index.js");
  const force = process.env.BENCH_BUILD === "true";
  if (existsSync(entry) && !force) {
    const sources = path.join(ROOT, "apps/web/app");
    if (existsSync(sources) && newestMtime(sources) > statSync(entry).mtimeMs) {
      out("note: apps/web/app changed since the last web build; BENCH_BUILD=true rebuilds it");
    }
    return;
  }
  out("building the web app (npm run build -w @booking/web) ...");
  const bin = path.join(ROOT, "node_modules/.bin");
  const result = spawnSync("npm", ["run", "build", "-w", "@booking/web"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  if (result.status !== 0) throw new Error("the web build failed");
}

/**
 * Starts bench/server.ts in a child process; `env` adds variables (BENCH_SECRET, BENCH_WEB, ...).
 */
export function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, "server.ts"), [], {
      env: { ...process.env, ...env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
      execPath: process.execPath,
      // BENCH_SERVER_PROFILE=<dir>: a CPU profile of each server child, written there when it stops.
      execArgv: [
        ...(process.env.BENCH_SERVER_PROFILE
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`]
          : []),
        ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(" ") : []),
      ],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (message) => {
      const port = (message as { port?: number }).port;
      if (port) resolve({ child, port });
      else reject(new Error("the server did not report its port"));
    });
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
}

/** The OS priority of the bench's worker process (BENCH_WORKER_NICE, 19 = lowest by default). */
const WORKER_NICE = Number(process.env.BENCH_WORKER_NICE ?? 19);

/**
 * Starts the queue workers as `npm run worker` does (apps/server/src/worker.ts) in a child
 * process at a lower OS priority (decision 0059), delivering to `smtpUrl`. Resolves once its
 * workers run; stop it with stopServer.
 */
export function startWorker(
  databaseUrl: string,
  smtpUrl: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, "apps/server/src/worker.ts"), [], {
      env: {
        ...process.env,
        ...env,
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtpUrl,
        MAIL_FROM: "Bench <bench@example.org>",
        PLATFORM_DOMAIN: PLATFORM_DOMAIN,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
        NODE_ENV: "production",
      },
      execPath: process.execPath,
      // BENCH_WORKER_PROFILE=<dir>: a CPU profile of the worker, written there when it stops.
      execArgv: process.env.BENCH_WORKER_PROFILE
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_WORKER_PROFILE}`]
        : [],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    if (child.pid) os.setPriority(child.pid, WORKER_NICE);
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`the worker exited (${code}) before running`)));
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.disconnect?.();
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

// --- Main -------------------------------------------------------------------------------------

export type Cleanups = Array<() => Promise<unknown>>;

/** Runs the cleanups in reverse order, logging (not throwing) their errors. */
export async function runCleanups(cleanups: Cleanups): Promise<void> {
  for (const task of cleanups.reverse()) await task().catch((error) => console.error(error));
}

/**
 * The database of a run: BENCH_DATABASE_URL, or an embedded PostgreSQL in a temporary directory
 * (stopped and deleted by the cleanups pushed here); migrated, demo-seeded and given the bench
 * data set of `organisers` organisers.
 */
export async function prepareDatabase(
  cleanups: Cleanups,
  organisers: number,
): Promise<{ databaseUrl: string; generated: GenerateSummary }> {
  let databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "booking-bench-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    out(`starting embedded PostgreSQL in ${dataDir}`);
    const embedded = await startEmbeddedPostgres({ dataDir });
    cleanups.push(() => embedded.stop());
    databaseUrl = embedded.url;
  }
  const t = performance.now();
  await runMigrations(databaseUrl);
  const seedDb = createDatabase(databaseUrl);
  const seed = await seedDemo(seedDb.db).finally(() => seedDb.close());
  out(
    `migrated and seeded the demo (${"skipped" in seed ? seed.skipped : "seeded"}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const generated = await generateBenchData(databaseUrl, {
    organisers,
    log: (message) => out(message),
  });
  out(
    `bench data ${generated.skipped ? "already present" : "generated"} in ${(generated.milliseconds / 1000).toFixed(1)} s: ${Object.entries(
      generated.counts,
    )
      .map(([table, n]) => `${table} ${n}`)
      .join(", ")}`,
  );
  return { databaseUrl, generated };
}

/** One line on the machine, for the results. */
export function machineLine(postgresVersion: string, busyBefore: number | null): string {
  return (
    `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ` +
    `PostgreSQL ${postgresVersion}; load average ${loadAverage()}; ` +
    `CPU used by other processes before the runs: ${percent(busyBefore)}`
  );
}
