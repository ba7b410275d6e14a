import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;

export type Database = NodePgDatabase<Schema> & { $client: pg.Pool };

/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** Pool size per process; several server processes share PostgreSQL's max_connections. */
  max?: number;
  /** how long a query waits for a connection before failing (default 5 s) */
  connectionTimeoutMs?: number;
};

/** The one way to open the database: snake_case columns, the schema for relational queries. */
export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A database that does not answer fails the request (503) instead of holding it forever.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
  });
  // An idle client that loses its connection (database restart) emits here; without a listener
  // the process would crash. The pool replaces the client on the next checkout.
  pool.on("error", (error) => console.warn("PostgreSQL idle client error:", error.message));
  // A client in use (inside a transaction) that loses its connection emits too, and the pool
  // listens only to idle ones: the statement waiting on it fails with the error already, and the
  // pool discards the client when it is released, so the event itself must not crash the process.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle({ client: pool, schema, casing: "snake_case" });
  let closed: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => {
      closed ??= pool.end();
      return closed;
    },
  };
}
