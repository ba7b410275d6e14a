import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database, Transaction } from "./client.ts";

/** A transaction in which row-level security admits only one organiser's rows. */
export type TenantTx = Transaction;

/** The role the policies of drizzle/0001_row_level_security.sql apply to. */
export const TENANT_ROLE = "booking_app";

/**
 * `genericPlans`: the transaction's prepared statements use their generic plan from the first run
 * (`plan_cache_mode = force_generic_plan`, set in the opening round trip), so PostgreSQL plans
 * each named statement once per connection. Its planner otherwise re-plans, on every run, a
 * statement whose generic plan it estimates dearer than a plan for the values given, as it does
 * for a look-up by `id = any($n::int[])` (it assumes ten ids): planning then costs several times
 * the execution. Only for transactions whose every statement reaches its rows by keys (the
 * carts' and checkout's, decision 0090), for which the generic plan is the plan of any values.
 */
export type TenantOptions = { genericPlans?: boolean };

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
export function withTenant<T>(
  db: Database,
  organiserId: number,
  fn: (tx: TenantTx) => Promise<T>,
  options: TenantOptions = {},
): Promise<T> {
  return withScope(db, "app.organiser_id", organiserId, fn, options);
}

/**
 * Runs `fn` as `booking_app` with `app.collaborator_id` set instead of an organiser: the
 * policies of 0025_console_row_level_security.sql then admit the collaborator's own memberships
 * and their roles, at every organiser (the console's organiser switcher), and nothing else.
 */
export function withCollaborator<T>(
  db: Database,
  collaboratorId: number,
  fn: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  return withScope(db, "app.collaborator_id", collaboratorId, fn);
}

const GENERIC_PLANS = "SET LOCAL plan_cache_mode = force_generic_plan; ";

async function withScope<T>(
  db: Database,
  setting: "app.organiser_id" | "app.collaborator_id",
  id: number,
  fn: (tx: TenantTx) => Promise<T>,
  { genericPlans = false }: TenantOptions = {},
): Promise<T> {
  // The id is inlined (one simple-query round trip takes no parameters), so only a positive
  // integer may get there. SET LOCAL rather than set_config: the same setting for this
  // transaction only, and the form Citus passes on to its workers (decision 0097).
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new TypeError(`${setting}: invalid id ${String(id)}`);
  }
  const { dialect, schema, options } = db._.session as unknown as SessionSettings;
  const client = await db.$client.connect();
  let began = false;
  try {
    began = true;
    await client.query(
      `BEGIN; SET LOCAL ROLE ${TENANT_ROLE}; ${genericPlans ? GENERIC_PLANS : ""}SET LOCAL ${setting} = '${id}'`,
    );
    const tx = tenantTransaction(new NodePgSession(client, dialect, schema, options), {
      dialect,
      schema,
    });
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
 * The transaction handle `db.transaction` would build, but with drizzle's relational query
 * builders (`tx.query.<table>`, one object per table: 131) made on first use rather than with
 * every transaction: about 40 µs of CPU and their garbage per transaction, for an API the tenant
 * transactions of the request paths do not use (decision 0081).
 */
function tenantTransaction(
  session: InstanceType<typeof NodePgSession>,
  { dialect, schema }: Pick<SessionSettings, "dialect" | "schema">,
): TenantTx {
  const tx = new NodePgTransaction(dialect, session, undefined);
  const handle = tx as unknown as { schema: unknown; _: unknown };
  handle.schema = schema;
  handle._ = schema
    ? {
        schema: schema.schema,
        fullSchema: schema.fullSchema,
        tableNamesMap: schema.tableNamesMap,
        session,
      }
    : handle._;
  let query: unknown;
  Object.defineProperty(tx, "query", {
    get: () => {
      query ??= new NodePgTransaction(dialect, session, schema).query;
      return query;
    },
  });
  return tx as unknown as TenantTx;
}

/**
 * `withTenant` for a stream that outlives the call (exports): `open` builds, in the transaction,
 * a stream reading from `client` (a cursor), and the transaction lasts as long as the stream. It
 * commits once the stream has ended, and rolls back when the stream fails or is destroyed before
 * its end (the HTTP client went away); the connection goes back to the pool either way. The
 * promise settles with the stream as soon as `open` has built it.
 *
 * The stream must close its cursor when it is destroyed: COMMIT and ROLLBACK wait in the
 * connection's queue behind a cursor that is still open. A stream nobody reads to the end nor
 * destroys keeps its connection.
 */
export function streamInTenant<S extends Readable>(
  db: Database,
  organiserId: number,
  open: (tx: TenantTx, client: pg.PoolClient) => Promise<S>,
): Promise<S> {
  return new Promise((resolve, reject) => {
    withTenant(db, organiserId, async (tx) => {
      const stream = await open(tx, connectionOf(tx));
      resolve(stream);
      // Rejects on an error or a premature close: withTenant then rolls back.
      await finished(stream);
    }).catch((error: unknown) => {
      // Before `open` resolved this fails the call; afterwards the stream's reader has the error.
      reject(error);
    });
  });
}

/** The pooled client a tenant transaction runs on. */
function connectionOf(tx: TenantTx): pg.PoolClient {
  return (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
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
  const result = await connectionOf(tx).query<R>({ name, text, values });
  return result.rows;
}
