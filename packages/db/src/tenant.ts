import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database, Transaction } from "./client.ts";

/** A transaction in which row-level security admits only one organiser's rows. */
export type TenantTx = Transaction;

/** The role the policies of drizzle/0001_row_level_security.sql apply to. */
export const TENANT_ROLE = "booking_app";

/** What a drizzle transaction is built from: the database's own session settings. */
type SessionSettings = {
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * Runs `fn` in a transaction scoped to one organiser: the role drops to `booking_app` and
 * `app.organiser_id` is set, both for this transaction only, so row-level security applies even
 * when the pool connects as a superuser, and nothing leaks to the next user of the connection.
 *
 * BEGIN, the role and the setting go in one round trip (one simple-protocol query of three
 * statements), which drizzle's `db.transaction` cannot do (it sends BEGIN on its own), so the
 * transaction handle is built here the way `db.transaction` builds it: a `NodePgTransaction` on a
 * session holding the checked-out client, with the database's dialect, schema and logger. The
 * role and setting cannot share a statement with the first query: row-level security is decided
 * when a statement is planned, before a `set_config` in it would run.
 */
export async function withTenant<T>(
  db: Database,
  organiserId: number,
  fn: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  // The id is inlined (set_config cannot be combined with SET in one parameterised round trip),
  // so only a positive integer may get there.
  if (!Number.isSafeInteger(organiserId) || organiserId <= 0) {
    throw new TypeError(`withTenant: invalid organiser id ${String(organiserId)}`);
  }
  const { dialect, schema, options } = db._.session as unknown as SessionSettings;
  const client = await db.$client.connect();
  let began = false;
  try {
    began = true;
    await client.query(
      `BEGIN; SET LOCAL ROLE ${TENANT_ROLE}; SELECT set_config('app.organiser_id', '${organiserId}', true)`,
    );
    const session = new NodePgSession(client, dialect, schema, options);
    const tx = new NodePgTransaction(dialect, session, schema) as unknown as TenantTx;
    const result = await fn(tx);
    await client.query("COMMIT");
    began = false;
    client.release();
    return result;
  } catch (error) {
    // Roll back whatever the failure left open; a client that cannot even do that is discarded
    // rather than returned to the pool.
    try {
      if (began) await client.query("ROLLBACK");
      client.release();
    } catch (rollbackError) {
      client.release(rollbackError instanceof Error ? rollbackError : true);
    }
    throw error;
  }
}

/**
 * Runs a fixed statement as a named prepared statement on the connection of a `withTenant`
 * transaction: PostgreSQL parses and plans it once per connection rather than on every call.
 * Only for constant SQL text with parameters (a name stands for one text on a connection), and
 * still under the transaction's role and row-level security.
 */
export async function queryPrepared<R extends pg.QueryResultRow>(
  tx: TenantTx,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
  const result = await client.query<R>({ name, text, values });
  return result.rows;
}
