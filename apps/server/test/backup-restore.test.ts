import { execFile, execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  createDatabase,
  DEMO_CUSTOMER_EMAIL,
  DEMO_PASSWORD,
  type EmbeddedPostgresHandle,
  runMigrations,
  seedDemo,
  startEmbeddedPostgres,
} from "@booking/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/http/app.ts";
import { Client, TEST_SECRET } from "./harness.ts";

// npm run backup and npm run restore (decision 0095) on a running embedded PostgreSQL with the
// demo: the restored data directory starts and serves the demo with the same rows.
const root = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), "booking-backup-"));
// As root, PostgreSQL runs as the `postgres` user, which must pass through to the data folders.
chmodSync(work, 0o711);
const dataDir = path.join(work, "data");
const backupDir = path.join(work, "backup");
const restoredDir = path.join(work, "restored");
const stops: (() => Promise<unknown>)[] = [];

async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM ${client.escapeIdentifier(name)}`,
      );
      counts[name] = rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

async function query(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function until(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let original: EmbeddedPostgresHandle;
let originalDatabase: ReturnType<typeof createDatabase>;

beforeAll(async () => {
  original = await startEmbeddedPostgres({ dataDir });
  stops.push(original.stop);
  await runMigrations(original.url);
  originalDatabase = createDatabase(original.url, { max: 2 });
  stops.push(originalDatabase.close);
  await seedDemo(originalDatabase.db);
}, 300_000);

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("restores a base backup of the running database into a new data directory that serves the demo", async () => {
    const before = await rowCounts(original.url);
    expect(before.customers).toBeGreaterThan(0);

    // A writer commits rows one after the other while the backup copies the files: those
    // committed during the copy come back through the WAL, with no gap.
    const { pool } = originalDatabase;
    await pool.query("CREATE TABLE backup_probe (id integer PRIMARY KEY)");
    let written = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) await pool.query("INSERT INTO backup_probe VALUES ($1)", [++written]);
    })();
    while (written < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const writtenBeforeBackup = written;
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", MIGRATION_DATABASE_URL: "" };
    const backup = await run(process.execPath, ["scripts/backup.ts", backupDir], {
      cwd: root,
      env,
    });
    writing = false;
    await writer;
    expect(backup.stdout).toMatch(/Backup written to .* segment\(s\)\./);
    await originalDatabase.close();
    await original.stop();

    const restore = await run(process.execPath, ["scripts/restore.ts", backupDir, restoredDir], {
      cwd: root,
      env,
    });
    expect(restore.stdout).toContain(`restored into ${restoredDir}`);

    const restored = await startEmbeddedPostgres({ dataDir: restoredDir });
    stops.push(restored.stop);
    const { backup_probe: probe, ...after } = await rowCounts(restored.url);
    expect(after).toEqual(before);
    const client = new pg.Client({ connectionString: restored.url });
    await client.connect();
    const { rows } = await client.query(
      "SELECT count(*)::int AS n, max(id) AS last FROM backup_probe",
    );
    await client.end();
    expect(rows[0]).toEqual({ n: probe, last: probe });
    expect(probe).toBeGreaterThan(writtenBeforeBackup);
    expect(probe).toBeLessThanOrEqual(written);
    // Nothing left to migrate: the restored database is the migrated one.
    expect(await runMigrations(restored.url)).toEqual([]);

    const database = createDatabase(restored.url, { max: 4 });
    stops.push(database.close);
    const app = await buildApp({
      config: {
        platformDomain: "localhost",
        secret: TEST_SECRET,
        authRateLimitMax: 1000,
        logLevel: "silent",
        smtpUrl: undefined,
        publicCacheTtlMs: 0,
        production: false,
        publicUrlScheme: "http",
        publicPort: null,
        trustProxy: false,
        peppolAccessPoint: null,
      },
      db: database.db,
      dispatchEmail: async () => {},
      // The page handling's own small web build (the app's is built for the browser tests).
      web: true,
      webBuildDir: path.join(import.meta.dirname, "fixtures/web-build"),
    });
    stops.push(() => app.close());
    const storefront = new Client(app, "demo.localhost");
    const activities = await storefront.get("/api/activities");
    expect(activities.statusCode).toBe(200);
    const listed: number = activities.json().data.length;
    expect(listed).toBeGreaterThan(0);
    // A storefront page, rendered on the server from the restored catalogue.
    const page = await storefront.get("/fr/catalogue-read");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta name="forwarded" content="${listed}">`);
    const login = await storefront.post("/api/auth/login", {
      email: DEMO_CUSTOMER_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().customer.email).toBe(DEMO_CUSTOMER_EMAIL);
  }, 300_000);

  it("with continuous archiving, restores past the backup: up to the last archived commit", async () => {
    const archive = path.join(work, "wal-archive");
    mkdirSync(archive);
    // PostgreSQL, run as `postgres` under root, writes the archive.
    if (process.getuid?.() === 0) execFileSync("chown", ["postgres", archive]);
    let cluster = await startEmbeddedPostgres({ dataDir });
    await query(cluster.url, "ALTER SYSTEM SET archive_mode = on");
    await query(
      cluster.url,
      `ALTER SYSTEM SET archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
    );
    await cluster.stop();
    cluster = await startEmbeddedPostgres({ dataDir });
    stops.push(cluster.stop);

    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", MIGRATION_DATABASE_URL: "" };
    const nightly = path.join(work, "nightly");
    await run(process.execPath, ["scripts/backup.ts", nightly], { cwd: root, env });
    const [{ n: atBackup }] = await query(
      cluster.url,
      "SELECT count(*)::int AS n FROM backup_probe",
    );
    await query(
      cluster.url,
      "INSERT INTO backup_probe SELECT g FROM generate_series($1::int + 1, $1::int + 50) g",
      [atBackup],
    );
    // The segment holding those rows is closed and archived, as archive_timeout would.
    const [{ wal }] = await query(cluster.url, "SELECT pg_walfile_name(pg_switch_wal()) AS wal");
    await until(async () => {
      const [{ last }] = await query(
        cluster.url,
        "SELECT last_archived_wal AS last FROM pg_stat_archiver",
      );
      return last !== null && last >= wal;
    });
    await cluster.stop();

    const recovered = path.join(work, "recovered");
    const restore = await run(
      process.execPath,
      ["scripts/restore.ts", nightly, recovered, "--wal-archive", archive],
      { cwd: root, env },
    );
    expect(restore.stdout).toContain(`restored into ${recovered}`);
    const copy = await startEmbeddedPostgres({ dataDir: recovered });
    stops.push(copy.stop);
    const [{ n }] = await query(copy.url, "SELECT count(*)::int AS n FROM backup_probe");
    expect(n).toBe(atBackup + 50);
  }, 300_000);

  it("refuses to restore over an existing data directory", async () => {
    const again = run(process.execPath, ["scripts/restore.ts", backupDir, restoredDir], {
      cwd: root,
    });
    await expect(again).rejects.toMatchObject({ stderr: expect.stringContaining("is not empty") });
  }, 60_000);
});
