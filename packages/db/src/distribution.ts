/**
 * How the tables would be placed on a Citus cluster (decision 0097). Every table of the database
 * is either a tenant table, distributed by `organiser_id` and co-located with all the others, or
 * listed here. apps/server/test/sharding-readiness.test.ts reads PostgreSQL's catalogue and fails
 * when a table is neither, or when a table breaks the rules of its kind.
 *
 * - `reference`: small platform tables that tenant tables point to (`create_reference_table`: a
 *   copy on every node, so a foreign key from any shard can reach them).
 * - `local`: platform tables no tenant table points to, kept on the coordinator only (sessions,
 *   operators' records, the platform's own billing with its platform-wide invoice numbers).
 */
export const PLATFORM_TABLES = {
  organisers: "reference",
  collaborators: "reference",
  operators: "reference",
  collaborator_sessions: "local",
  collaborator_tokens: "local",
  operator_sessions: "local",
  operator_tokens: "local",
  operator_audit_logs: "local",
  platform_meta: "local",
  platform_invoice_counters: "local",
  platform_invoices: "local",
  platform_billing_cycles: "local",
  platform_payments: "local",
  platform_usage: "local",
  messages: "local",
} as const satisfies Record<string, "reference" | "local">;

/** Schemas kept whole on the coordinator: the migrations' journal and the job queue (pg-boss). */
export const LOCAL_SCHEMAS = ["drizzle", "pgboss"] as const;
