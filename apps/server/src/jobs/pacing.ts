import type { Database } from "@booking/db";
import { sql } from "@booking/db/orm";

/** Other statements running at once above which the database is taken as busy with requests. */
export const BUSY_ABOVE = 2;
/** How long background work waits at most for a quiet database (never starved longer). */
export const MAX_WAIT_MS = 15_000;
const POLL_MS = 250;

/** Statements other sessions of this database are running now (requests, other workers). */
export async function activeStatements(db: Database): Promise<number> {
  const result = await db.execute<{ active: number }>(sql`
    select count(*)::int as active from pg_stat_activity
    where state = 'active' and pid <> pg_backend_pid()
      and backend_type = 'client backend' and datname = current_database()`);
  return result.rows[0]?.active ?? 0;
}

/**
 * Background work that can wait (the events consumer's batches: confirmations, staff mails)
 * paces itself while requests are in flight (decision 0059): it waits while more than
 * `busyAbove` other statements run, checking every 250 ms, for at most `maxWaitMs` (15 s), so that a
 * rush's checkouts get the database first and its confirmations go right after. Works across
 * machines (it asks PostgreSQL, not the OS). Returns how long it waited.
 */
export async function waitForQuietDatabase(
  db: Database,
  options: { busyAbove?: number; maxWaitMs?: number } = {},
): Promise<number> {
  const busyAbove = options.busyAbove ?? BUSY_ABOVE;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  const started = Date.now();
  while (Date.now() - started < maxWaitMs && (await activeStatements(db)) > busyAbove) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return Date.now() - started;
}
