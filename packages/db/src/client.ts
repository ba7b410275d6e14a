import { availableParallelism } from "node:os";
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
  /**
   * Pool size per process (`defaultPoolSize()` unless given); several server processes share
   * PostgreSQL's max_connections.
   */
  max?: number;
  /** how long a query waits for a connection before failing (default 5 s) */
  connectionTimeoutMs?: number;
};

/**
 * A pool's size when none is configured (`DATABASE_POOL_MAX`): two connections per core, from 4
 * to 10 (decision 0109). PostgreSQL works each statement on one core of its own; on a small
 * machine that it shares with the server, more statements at once than twice its cores only
 * make them take turns on the cores, each one slower (on two cores, an opening rush's pages
 * waited less with 4 connections than with 10). A database on a machine of its own wants its
 * own cores' figure, set with `DATABASE_POOL_MAX`.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

/** The one way to open the database: snake_case columns, the schema for relational queries. */
export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? defaultPoolSize(),
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
