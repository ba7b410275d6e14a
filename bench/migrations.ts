import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { readMigrations, runMigrations, startEmbeddedPostgres } from "@booking/db";
import pg from "pg";
import { writeExportData } from "./export-data.ts";
import { generateBenchData } from "./generate.ts";
import { type MigrationLoad, startMigrationLoad } from "./migration-load.ts";
import { writeReportData } from "./reports-data.ts";
import { type Cleanups, loadAverage, out, positiveNumber, runCleanups } from "./setup.ts";

/**
 * Migrations on a large populated database (issue 18 item 5, decision 0106): the benchmark data
 * set (50 organisers, 20,000 availabilities) and BENCH_MIGRATION_REGISTRATIONS (100,000)
 * registrations of its largest organiser, written at the schema just before BENCH_MIGRATION_FROM
 * (0097, the first re-keying of the tenant tables); then each later migration applied as
 * `npm run migrate` applies it (runMigrations, lock timeout MIGRATION_LOCK_TIMEOUT or 10 s) while
 * bench/migration-load.ts reads pages and adds to carts. Per migration: its duration, the slowest
 * operation of the load that overlapped it, the longest lock wait sampled, the load's errors.
 * A migration that fails (its lock timeout) is tried again up to three times, as an operator would.
 *
 *   node bench/migrations.ts      (BENCH_DATABASE_URL: an empty database instead of an embedded one)
 */

const FROM = process.env.BENCH_MIGRATION_FROM ?? "0097_tenant_key_indexes";
const REGISTRATIONS = positiveNumber("BENCH_MIGRATION_REGISTRATIONS", 100_000);
const LOCK_TIMEOUT = process.env.MIGRATION_LOCK_TIMEOUT || "10s";
const ATTEMPTS = 3;

type Row = {
  tag: string;
  seconds: number;
  attempts: number;
  error: string | null;
  operations: number;
  slowestMs: number;
  lockWaitMs: number;
  loadErrors: string[];
};

async function populate(databaseUrl: string, before: string): Promise<void> {
  let t = performance.now();
  await runMigrations(databaseUrl, { through: before });
  out(`migrated through ${before} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const generated = await generateBenchData(databaseUrl, { organisers: 50 });
  out(
    `bench data in ${(generated.milliseconds / 1000).toFixed(1)} s: ${JSON.stringify(generated.counts)}`,
  );
  t = performance.now();
  const largest = generated.organisers[0]!;
  const data = await writeExportData(databaseUrl, largest.id, REGISTRATIONS);
  const extra = await writeReportData(databaseUrl, largest.id);
  out(
    `${largest.slug}: ${JSON.stringify({ ...data.counts, ...extra.counts })} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

async function applyOne(databaseUrl: string, tag: string, load: MigrationLoad): Promise<Row> {
  const first = load.operations.length;
  const start = performance.now();
  let error: string | null = null;
  let attempts = 0;
  while (attempts < ATTEMPTS) {
    attempts += 1;
    try {
      await runMigrations(databaseUrl, { through: tag, lockTimeout: LOCK_TIMEOUT });
      error = null;
      break;
    } catch (failure) {
      error = (failure as Error).message;
      out(`  ${tag} attempt ${attempts}: ${error}`);
    }
  }
  const end = performance.now();
  // Operations that overlapped the migration, including those still waiting when it began.
  const overlapping = load.operations
    .slice(Math.max(0, first - 50))
    .filter((op) => op.end >= start && op.start <= end);
  return {
    tag,
    seconds: (end - start) / 1000,
    attempts,
    error,
    operations: overlapping.length,
    slowestMs: Math.max(0, ...overlapping.map((op) => op.end - op.start)),
    lockWaitMs: Math.max(
      0,
      ...load.lockSamples.filter((s) => s.at >= start && s.at <= end).map((s) => s.waitMs),
    ),
    loadErrors: [...new Set(overlapping.flatMap((op) => (op.error ? [op.error] : [])))],
  };
}

async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    let databaseUrl = process.env.BENCH_DATABASE_URL;
    if (!databaseUrl) {
      const dataDir = await mkdtemp(path.join(tmpdir(), "booking-bench-migrations-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const embedded = await startEmbeddedPostgres({ dataDir });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const migrations = readMigrations();
    const fromIndex = migrations.findIndex((each) => each.tag === FROM);
    if (fromIndex < 1) throw new Error(`BENCH_MIGRATION_FROM: no migration ${FROM}`);
    await populate(databaseUrl, migrations[fromIndex - 1]!.tag);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ version: string; size: string }>(
      "select current_setting('server_version') as version, pg_size_pretty(pg_database_size(current_database())) as size",
    );
    await client.end();
    out(`PostgreSQL ${rows[0]!.version}, database ${rows[0]!.size}; load average ${loadAverage()}`);

    const load = await startMigrationLoad(databaseUrl);
    cleanups.push(() => load.stop());
    // A baseline of the load alone, for comparison.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const baseline = load.operations.filter((op) => !op.error);
    const sorted = baseline.map((op) => op.end - op.start).sort((a, b) => a - b);
    out(
      `load alone (5 s): ${baseline.length} operations, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
    );
    const results: Row[] = [];
    for (const migration of migrations.slice(fromIndex)) {
      const row = await applyOne(databaseUrl, migration.tag, load);
      results.push(row);
      out(
        `${row.tag}: ${row.seconds.toFixed(2)} s, ${row.attempts} attempt(s)${row.error ? ` FAILED: ${row.error}` : ""}; load: ${row.operations} operations, slowest ${row.slowestMs.toFixed(0)} ms, longest lock wait ${row.lockWaitMs.toFixed(0)} ms, errors ${row.loadErrors.length ? row.loadErrors.join(" | ") : "none"}`,
      );
    }
    await load.stop();
    out("");
    out(
      "| migration | duration | attempts | load operations | slowest operation | longest lock wait | errors |",
    );
    out("| --- | --- | --- | --- | --- | --- | --- |");
    for (const row of results) {
      out(
        `| ${row.tag} | ${row.seconds.toFixed(2)} s | ${row.attempts} | ${row.operations} | ${row.slowestMs.toFixed(0)} ms | ${row.lockWaitMs.toFixed(0)} ms | ${[row.error, ...row.loadErrors].filter(Boolean).join("; ") || "none"} |`,
      );
    }
    out(`load average after: ${loadAverage()}`);
    return results.some((row) => row.error) ? 1 : 0;
  } finally {
    await runCleanups(cleanups);
  }
}

process.exitCode = await main();
