import { type Database, readMigrations } from "@booking/db";
import type { FastifyInstance } from "fastify";
import pg from "pg";
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
  const quiet = {
    config: { hosts: "any" as const, admission: "immediate" as const },
    logLevel: "warn" as const,
  };
  // Its own connection (opened on the first check): in the requests' pool a check waits behind a
  // rush's queries, and a balancer then takes every busy server out at once (decision 0105).
  const readiness = new pg.Pool({ ...db.$client.options, max: 1 });
  readiness.on("error", () => {});
  app.addHook("onClose", () => readiness.end());
  app.get("/api/health", { ...quiet, schema: { tags: ["platform"] } }, async () => ({
    status: "ok",
  }));
  app.get("/api/ready", { ...quiet, schema: { tags: ["platform"] } }, async (_request, reply) => {
    const problem = await readinessProblem(readiness);
    if (!problem) return { status: "ready" };
    return reply
      .status(503)
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .send({ status: "unavailable", reason: problem });
  });
}

async function readinessProblem(pool: pg.Pool): Promise<"DATABASE" | "MIGRATIONS" | null> {
  try {
    const { rows } = await pool.query<{ last: string | null }>(
      "SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations",
    );
    return Number(rows[0]?.last ?? 0) >= expectedMigration ? null : "MIGRATIONS";
  } catch (error) {
    // 42P01: no migration table at all, the database was never migrated.
    return (error as { code?: string }).code === "42P01" ? "MIGRATIONS" : "DATABASE";
  }
}
