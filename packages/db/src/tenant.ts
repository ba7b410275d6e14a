import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./client.ts";

/** A transaction in which row-level security admits only one organiser's rows. */
export type TenantTx = Transaction;

/** The role the policies of drizzle/0001_row_level_security.sql apply to. */
export const TENANT_ROLE = "booking_app";

/**
 * Runs `fn` in a transaction scoped to one organiser: the role drops to `booking_app` and
 * `app.organiser_id` is set, both for this transaction only, so row-level security applies even
 * when the pool connects as a superuser, and nothing leaks to the next user of the connection.
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
  return db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(
        `SET LOCAL ROLE ${TENANT_ROLE}; SELECT set_config('app.organiser_id', '${organiserId}', true)`,
      ),
    );
    return fn(tx);
  });
}
