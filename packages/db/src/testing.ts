import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type Database } from "./client.ts";
import { runMigrations } from "./migrate.ts";
import { type SeedSummary, seedDemo } from "./seed/index.ts";

// Integration tests run on real PostgreSQL: migrate and seed one template database once, then
// give each test file a copy (`CREATE DATABASE ... TEMPLATE`), which takes milliseconds. The URLs
// connect as the superuser; row-level security is exercised through withTenant.

/** The URL of `database` on the same server, as the same user. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

async function withAdminClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * (Re)creates database `name`, migrates it and seeds the demo data. `adminUrl` is any database of
 * the server reachable by a user allowed to create databases.
 */
export async function createTemplateDatabase(
  adminUrl: string,
  name: string,
  /** runs after the seed, before the template is closed (the server's demo flows) */
  afterSeed?: (db: Database) => Promise<unknown>,
): Promise<{ url: string; seed: SeedSummary }> {
  await withAdminClient(adminUrl, async (client) => {
    const database = client.escapeIdentifier(name);
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  });
  const url = databaseUrl(adminUrl, name);
  await runMigrations(url);
  const { db, close } = createDatabase(url, { max: 1 });
  try {
    const seed = await seedDemo(db);
    await afterSeed?.(db);
    return { url, seed };
  } finally {
    // A template must have no open connection when it is copied.
    await close();
  }
}

/** A fresh copy of `template` under a random name; `drop()` removes it. */
export async function createDatabaseFromTemplate(
  adminUrl: string,
  template: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(
      `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`,
    ),
  );
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdminClient(adminUrl, async (client) => {
        // FORCE: a test that forgot to close its pool must not leave the database behind.
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      }),
  };
}
