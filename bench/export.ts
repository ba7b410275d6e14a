import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createDatabase, organisers, registrations } from "@booking/db";
import { eq } from "@booking/db/orm";
import pg from "pg";
import { exportRows } from "../apps/server/src/modules/exports/service.ts";
import { measureOrMain, runInChild, sampleMemory } from "./child.ts";
import { writeExportData } from "./export-data.ts";
import {
  type Cleanups,
  loadAverage,
  machineLine,
  out,
  positiveNumber,
  prepareDatabase,
  runCleanups,
  waitForQuietMachine,
} from "./setup.ts";

/**
 * Export benchmark (bench/README.md, "Export benchmark"): the registrations export of
 * apps/server/src/modules/exports, XLSX and CSV, of BENCH_EXPORT_ROWS registrations (100,000) and
 * of a tenth as many, each run in a child process of its own so that its peak memory is the
 * export's alone. The file goes to a sink that counts its bytes (and, for the slow-reader run,
 * takes them at BENCH_SLOW_READER_MBPS). Memory is sampled every 50 ms, from just before the
 * export (the modules loaded, the organiser read) to its end. Constant memory shows as the same
 * peaks at both sizes.
 */

const ROWS = positiveNumber("BENCH_EXPORT_ROWS", 100_000);
const SLOW_READER_MBPS = positiveNumber("BENCH_SLOW_READER_MBPS", 4);
const WAIT_IDLE = process.env.BENCH_WAIT_IDLE ? positiveNumber("BENCH_WAIT_IDLE", 0) : 0;
const MB = 2 ** 20;

type Format = "csv" | "xlsx";
type Run = { organiserId: number; format: Format; readerMbps: number | null };
type Result = {
  rows: number;
  seconds: number;
  bytes: number;
  rssBefore: number;
  peakRss: number;
  heapBefore: number;
  peakHeap: number;
  /** memory held outside the JavaScript heap: Buffers, zlib's state */
  peakExternal: number;
};

/** The child: one export into a counting sink, memory sampled every 50 ms. */
async function measure(databaseUrl: string, run: Run): Promise<Result> {
  const database = createDatabase(databaseUrl, { max: 2 });
  try {
    const [organiser] = await database.db
      .select()
      .from(organisers)
      .where(eq(organisers.id, run.organiserId));
    const rows = await database.db.$count(
      registrations,
      eq(registrations.organiserId, run.organiserId),
    );
    const memory = sampleMemory();
    const start = performance.now();
    const file = await exportRows(
      { db: database.db, organiser: organiser! },
      "registrations",
      run.format,
      {},
    );
    let bytes = 0;
    const bytesPerMs = run.readerMbps === null ? null : (run.readerMbps * MB) / 1000;
    await pipeline(
      file.stream,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytesPerMs === null) done();
          else setTimeout(done, chunk.length / bytesPerMs);
        },
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const peak = memory.stop();
    return {
      rows,
      seconds,
      bytes,
      rssBefore: memory.before.rss,
      peakRss: peak.rss,
      heapBefore: memory.before.heapUsed,
      peakHeap: peak.heapUsed,
      peakExternal: peak.external,
    };
  } finally {
    await database.close();
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    const { databaseUrl, generated } = await prepareDatabase(cleanups, 2);
    const [large, small] = generated.organisers;
    const sizes = [
      { organiser: small!, rows: Math.round(ROWS / 10) },
      { organiser: large!, rows: ROWS },
    ];
    for (const { organiser, rows } of sizes) {
      const t = performance.now();
      const data = await writeExportData(databaseUrl, organiser.id, rows);
      out(
        `${organiser.slug}: ${
          data.skipped
            ? "export data already present"
            : `export data written in ${((performance.now() - t) / 1000).toFixed(1)} s: ${Object.entries(
                data.counts,
              )
                .map(([table, n]) => `${table} ${n}`)
                .join(", ")}`
        }`,
      );
    }

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    cleanups.push(() => pool.end());
    const { rows: versions } = await pool.query<{ server_version: string }>("SHOW server_version");
    const busyBefore = await waitForQuietMachine(WAIT_IDLE);
    out();
    out(machineLine(versions[0]?.server_version ?? "?", busyBefore));
    out();
    out(
      "| export                       |    rows |     s |  rows/s | file MB | RSS before → peak MB | heap before → peak MB | peak external MB |",
    );
    out(
      "| :--------------------------- | ------: | ----: | ------: | ------: | -------------------: | --------------------: | ---------------: |",
    );
    const runs: Array<{ label: string; run: Run }> = [];
    for (const format of ["xlsx", "csv"] as const) {
      for (const { organiser, rows } of sizes) {
        runs.push({
          label: `${format.toUpperCase()} ${rows.toLocaleString("en")}`,
          run: { organiserId: organiser.id, format, readerMbps: null },
        });
      }
    }
    runs.push({
      label: `XLSX ${ROWS.toLocaleString("en")}, reader ${SLOW_READER_MBPS} MB/s`,
      run: { organiserId: large!.id, format: "xlsx", readerMbps: SLOW_READER_MBPS },
    });
    for (const { label, run } of runs) {
      const r = await runInChild<Run, Result>(import.meta.filename, databaseUrl, run);
      const cells = [
        label.padEnd(28),
        r.rows.toLocaleString("en").padStart(7),
        r.seconds.toFixed(1).padStart(5),
        Math.round(r.rows / r.seconds)
          .toLocaleString("en")
          .padStart(7),
        mb(r.bytes).padStart(7),
        `${mb(r.rssBefore)} → ${mb(r.peakRss)}`.padStart(20),
        `${mb(r.heapBefore)} → ${mb(r.peakHeap)}`.padStart(21),
        mb(r.peakExternal).padStart(16),
      ];
      out(`| ${cells.join(" | ")} |`);
    }
    out(`load average after the runs: ${loadAverage()}`);
    return 0;
  } finally {
    await runCleanups(cleanups);
  }
}

await measureOrMain(measure, main);
