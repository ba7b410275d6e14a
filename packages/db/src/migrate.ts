import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, "..", "drizzle");

// Any constant shared by every process that migrates this database.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * First line of a migration that must run outside a transaction block (`CREATE INDEX
 * CONCURRENTLY`, `ALTER TYPE … ADD VALUE` before its use): its statements run one by one, each
 * committing on its own, and should be re-runnable (`IF NOT EXISTS`) should one of them fail.
 */
export const OUTSIDE_TRANSACTION_MARKER = "-- migrate:outside-transaction";

export interface Migration {
  /** the file's name without `.sql`, e.g. `0094_document_page_background` */
  tag: string;
  statements: string[];
  /** drizzle's journal `when`: the order and the record of what was applied */
  createdAt: number;
  /** sha256 of the file, as drizzle-kit's own migrator records it */
  hash: string;
  outsideTransaction: boolean;
}

export interface MigrationOptions {
  /**
   * How long a statement of a transactional migration waits for a table lock before the
   * migration fails (retry later): queued behind a long transaction, it would otherwise block
   * every query on that table. Default: no limit.
   */
  lockTimeout?: string;
  /**
   * The tag of the last migration to apply (bench/migrations.ts builds a database as it was
   * before a migration, then applies the rest one by one). Default: all of them.
   */
  through?: string;
}

/** The migrations of drizzle/, in the journal's order. */
export function readMigrations(folder = MIGRATIONS_FOLDER): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(path.join(folder, `${tag}.sql`), "utf8");
    return {
      tag,
      statements: text.split("--> statement-breakpoint").filter((part) => part.trim() !== ""),
      createdAt: when,
      hash: createHash("sha256").update(text).digest("hex"),
      outsideTransaction: text.trimStart().startsWith(OUTSIDE_TRANSACTION_MARKER),
    };
  });
}

/**
 * Applies the pending migrations of drizzle/ and returns their tags. Several processes may start
 * at once: a session advisory lock lets one migrate while the others wait, then find nothing to
 * do. Each migration commits on its own (so one that must run outside a transaction can), and is
 * recorded in drizzle's own table, so databases migrated by drizzle's migrator carry on.
 */
export async function runMigrations(
  url: string,
  options: MigrationOptions = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await takeMigrationLock(client);
    try {
      const all = readMigrations();
      const last = options.through ? all.findIndex((each) => each.tag === options.through) : -1;
      if (options.through && last === -1) throw new Error(`no migration ${options.through}`);
      const wanted = options.through ? all.slice(0, last + 1) : all;
      return await applyPending(client, wanted, options.lockTimeout ?? "0");
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Waits for the lock by trying it every half second rather than blocking in
 * `pg_advisory_lock`: a waiting statement holds a snapshot, which `CREATE INDEX CONCURRENTLY` in
 * the migrating session would wait for in turn (PostgreSQL reports that as a deadlock).
 */
async function takeMigrationLock(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ taken: boolean }>(
      "SELECT pg_try_advisory_lock($1) AS taken",
      [MIGRATION_LOCK_KEY],
    );
    if (rows[0]?.taken) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function applyPending(
  client: pg.Client,
  migrations: Migration[],
  lockTimeout: string,
): Promise<string[]> {
  await client.query("CREATE SCHEMA IF NOT EXISTS drizzle");
  await client.query(
    "CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id serial PRIMARY KEY, hash text NOT NULL, created_at bigint)",
  );
  const { rows } = await client.query<{ created_at: string }>(
    "SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1",
  );
  const lastApplied = rows[0] ? Number(rows[0].created_at) : Number.NEGATIVE_INFINITY;
  const applied: string[] = [];
  for (const migration of migrations.filter((each) => each.createdAt > lastApplied)) {
    await apply(client, migration, lockTimeout);
    applied.push(migration.tag);
  }
  return applied;
}

/**
 * A transactional migration that lost to the traffic (its lock timeout ran out, or PostgreSQL
 * chose it to break a deadlock) rolled back whole: it is tried again after a pause, this many
 * times in all (decision 0106: 0098 locks 110 tables, and a request holding one while it waits
 * for another deadlocks with it).
 */
const ATTEMPTS = 5;
const LOST_TO_TRAFFIC = new Set(["55P03", "40P01"]);

async function apply(client: pg.Client, migration: Migration, lockTimeout: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await applyOnce(client, migration, lockTimeout);
    } catch (error) {
      const code = ((error as Error).cause as { code?: string } | undefined)?.code;
      if (attempt >= ATTEMPTS || !code || !LOST_TO_TRAFFIC.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
    }
  }
}

async function applyOnce(client: pg.Client, migration: Migration, lockTimeout: string) {
  const record = () =>
    client.query("INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)", [
      migration.hash,
      migration.createdAt,
    ]);
  if (migration.outsideTransaction) {
    for (const statement of migration.statements) await client.query(statement);
    await record();
    return;
  }
  await client.query("BEGIN");
  try {
    // Only where a statement waiting for a lock would queue others behind it: a concurrent
    // index build waits for older transactions without blocking anyone, and is not cut short.
    await client.query("SELECT set_config('lock_timeout', $1, true)", [lockTimeout]);
    for (const statement of migration.statements) await client.query(statement);
    await record();
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw new Error(`migration ${migration.tag} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
