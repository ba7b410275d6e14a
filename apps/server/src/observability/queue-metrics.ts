import type pg from "pg";
import { Gauge } from "prom-client";
import { registry } from "./registry.ts";

/** Where pg-boss keeps its jobs: read at each scrape, so any process reports every queue. */
let source: pg.Pool | null = null;
export function observeQueues(pool: pg.Pool): void {
  source = pool;
}

type QueueRow = { name: string; state: string | null; jobs: number; oldest: number | null };

/**
 * Every queue (those with no job too, at 0) with its jobs waiting, retrying, running and failed
 * (as long as pg-boss keeps them), and how long the oldest due one has waited.
 */
async function readQueues(pool: pg.Pool): Promise<QueueRow[]> {
  const { rows } = await pool.query<QueueRow>(
    `SELECT q.name, j.state::text AS state, count(j.id)::int AS jobs,
            extract(epoch FROM now() - min(j.start_after)
              FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()))::float AS oldest
       FROM pgboss.queue q
       LEFT JOIN pgboss.job j
         ON j.name = q.name AND j.state IN ('created', 'retry', 'active', 'failed')
      GROUP BY q.name, j.state`,
  );
  return rows;
}

const depth = new Gauge({
  name: "queue_jobs",
  help: "Jobs of a queue by state (created, retry, active; failed as pg-boss keeps them)",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
});

new Gauge({
  name: "queue_oldest_job_age_seconds",
  help: "How long the oldest due job of a queue has waited (0 when none waits)",
  labelNames: ["queue"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    depth.reset();
    if (!source) return;
    const rows = await readQueues(source).catch(() => []);
    const ages = new Map<string, number>();
    for (const row of rows) {
      if (row.state) depth.set({ queue: row.name, state: row.state }, row.jobs);
      ages.set(row.name, Math.max(ages.get(row.name) ?? 0, row.oldest ?? 0));
    }
    for (const [queue, age] of ages) this.set({ queue }, age);
  },
});
