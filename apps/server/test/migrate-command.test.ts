import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { databaseUrl, readMigrations, runMigrations } from "@booking/db";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);
const adminUrl = inject("databaseAdminUrl");
const created: string[] = [];

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server. */
async function emptyDatabase(): Promise<string> {
  const name = `migrate_${randomBytes(5).toString("hex")}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  created.push(name);
  return databaseUrl(adminUrl, name);
}

async function appliedCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string | null }>(
      "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS table",
    );
    if (!rows[0]?.table) return 0;
    const count = await client.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
    return count.rows[0].n;
  } finally {
    await client.end();
  }
}

const env = (extra: Record<string, string>) => {
  const { DATABASE_URL: _, MIGRATION_DATABASE_URL: __, ...rest } = process.env;
  return { ...rest, NODE_ENV: "development", LOG_LEVEL: "warn", ...extra };
};

afterAll(async () => {
  await admin(async (client) => {
    for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
});

describe("npm run migrate", () => {
  it("applies every migration once when several start together; the others wait and find nothing", async () => {
    const url = await emptyDatabase();
    const runs = await Promise.all(
      ["MIGRATION_DATABASE_URL", "DATABASE_URL", "MIGRATION_DATABASE_URL"].map((variable) =>
        run(process.execPath, ["scripts/migrate.ts"], { cwd: root, env: env({ [variable]: url }) }),
      ),
    );
    const outputs = runs.map((result) => result.stdout.trim());
    const total = readMigrations().length;
    expect(outputs.filter((out) => out.startsWith(`Applied ${total} migration(s)`))).toHaveLength(
      1,
    );
    expect(outputs.filter((out) => out.startsWith("No pending migration"))).toHaveLength(2);
    expect(await appliedCount(url)).toBe(total);

    const again = await run(process.execPath, ["scripts/migrate.ts"], {
      cwd: root,
      env: env({ DATABASE_URL: url }),
    });
    expect(again.stdout).toContain("No pending migration");
    expect(await appliedCount(url)).toBe(total);
  }, 120_000);

  it("tries a migration again when it lost to the traffic (its lock timeout, a deadlock)", async () => {
    const url = await emptyDatabase();
    const all = readMigrations();
    // The last transactional migration that alters a table an earlier one created.
    const target = all.findLast(
      (each) => !each.outsideTransaction && /ALTER TABLE/i.test(each.statements.join("")),
    )!;
    const table = /ALTER TABLE "([^"]+)"/i.exec(target.statements.join(""))![1]!;
    const before = all[all.indexOf(target) - 1]!.tag;
    await runMigrations(url, { through: before });
    // A reader's transaction holds the table for 1.5 s: the first attempt's lock times out.
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    await reader.query("BEGIN");
    await reader.query(`LOCK TABLE "${table}" IN ACCESS SHARE MODE`);
    const released = new Promise((resolve) => setTimeout(resolve, 1500)).then(() =>
      reader.query("COMMIT").finally(() => reader.end()),
    );
    const started = Date.now();
    const applied = await runMigrations(url, { through: target.tag, lockTimeout: "300ms" });
    await released;
    expect(applied).toEqual([target.tag]);
    expect(Date.now() - started).toBeGreaterThan(1000);
  });

  it("a server started with MIGRATE_ON_START=false leaves the schema alone", async () => {
    const url = await emptyDatabase();
    const server = spawn(process.execPath, ["apps/server/src/main.ts"], {
      cwd: root,
      env: env({
        DATABASE_URL: url,
        MIGRATE_ON_START: "false",
        WORKERS: "off",
        SEED_DEMO: "false",
        PORT: "0",
        HOST: "127.0.0.1",
        // The integration tests run before the web app is built: the suite's small build.
        WEB_BUILD_DIR: path.join(import.meta.dirname, "fixtures/web-build"),
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise((resolve) => server.once("exit", resolve));
    // Its log (pino writes to stdout) and stderr, told if it stops before it is running.
    let output = "";
    server.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (chunk.toString().includes("Booking platform is running")) resolve();
        });
        exited.then(() => reject(new Error(`the server stopped: ${output.slice(-2000)}`)));
      });
      expect(await appliedCount(url)).toBe(0);
    } finally {
      server.kill("SIGTERM");
      await exited;
    }
  }, 120_000);
});
