import type { Database } from "@booking/db";
import { sql } from "@booking/db/orm";

/**
 * Columns that change on their own while a session is used (its sliding expiry): a digest that
 * must stay equal over many requests leaves them out.
 */
export const SLIDING_SESSION_COLUMNS: Record<string, string[]> = {
  customer_sessions: ["last_seen_at", "expires_at"],
  collaborator_sessions: ["last_seen_at", "expires_at"],
};

/**
 * A digest of every table's rows, read in one statement: equal before and after means nothing
 * was written. `ignore` names columns per table left out of it.
 */
export async function databaseDigest(
  db: Database,
  ignore: Record<string, string[]> = {},
): Promise<string> {
  const tables = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const digests = tables.rows.map(({ name }) => {
    const skipped = (ignore[name] ?? []).map((column) => ` - '${column}'`).join("");
    const row = skipped ? `(to_jsonb(t)${skipped})::text` : "t::text";
    return `select '${name}' as name, md5(string_agg(md5(${row}), '' order by md5(${row}))) as digest from "${name}" t`;
  });
  const result = await db.execute<{ name: string; digest: string | null }>(
    sql.raw(`select * from (${digests.join(" union all ")}) tables order by name`),
  );
  return result.rows.map((row) => `${row.name}:${row.digest ?? "empty"}`).join("\n");
}
