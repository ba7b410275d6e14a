import type { Database } from "@booking/db";
import { sql } from "@booking/db/orm";
import type { FastifyInstance } from "fastify";
import { RETRY_AFTER_SECONDS } from "../../http/database-failures.ts";

/** For load balancers and scripts: 200 once the server can reach its database. */
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.get(
    "/api/health",
    { config: { hosts: "any" }, schema: { tags: ["platform"] }, logLevel: "warn" },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: "ok" };
      } catch {
        return reply
          .status(503)
          .header("retry-after", String(RETRY_AFTER_SECONDS))
          .send({ status: "unavailable" });
      }
    },
  );
}
