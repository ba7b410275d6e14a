import { type Database, readMigrations } from "@booking/db";
import { sql } from "@booking/db/orm";
import type { FastifyInstance } from "fastify";
import { RETRY_AFTER_SECONDS } from "../../http/database-failures.ts";

/** The newest migration this code ships: the database must have applied it (drizzle's record). */
const expectedMigration = readMigrations().at(-1)?.createdAt ?? 0;

/**
 * For load balancers and orchestrators (decision 0096). /api/health is liveness: the process
 * answers, nothing else is asked (a database outage must not get every server restarted).
 * /api/ready: the database answers and has every migration of this code; a backlog of jobs is
 * an alert, not a reason to take the server out of the balancer.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  const quiet = { config: { hosts: "any" as const }, logLevel: "warn" as const };
  app.get("/api/health", { ...quiet, schema: { tags: ["platform"] } }, async () => ({
    status: "ok",
  }));
  app.get("/api/ready", { ...quiet, schema: { tags: ["platform"] } }, async (_request, reply) => {
    const problem = await readinessProblem(db);
    if (!problem) return { status: "ready" };
    return reply
      .status(503)
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .send({ status: "unavailable", reason: problem });
  });
}

async function readinessProblem(db: Database): Promise<"DATABASE" | "MIGRATIONS" | null> {
  try {
    const { rows } = await db.execute<{ last: string | null }>(
      sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
    );
    return Number(rows[0]?.last ?? 0) >= expectedMigration ? null : "MIGRATIONS";
  } catch (error) {
    // 42P01: no migration table at all, the database was never migrated.
    return (error as { cause?: { code?: string } }).cause?.code === "42P01"
      ? "MIGRATIONS"
      : "DATABASE";
  }
}
