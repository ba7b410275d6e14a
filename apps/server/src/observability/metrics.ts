import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { Counter, Gauge, Histogram } from "prom-client";
import { registry } from "./registry.ts";

/**
 * The process's Prometheus metrics (issue 18 item 4, decision 0096), one registry per process:
 * requests by route pattern, the pools' connections, the job queues, jobs failed, e-mails sent
 * and failed, checkouts, and prom-client's default process metrics. docs/operations/alerts.md
 * says which alerts read them. Queues: queue-metrics.ts.
 */

const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status code",
  labelNames: ["method", "route", "status_code"] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer, by method, route pattern and status code",
  labelNames: ["method", "route", "status_code"] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const checkouts = new Counter({
  name: "checkouts_total",
  help: "Carts checked out (POST /api/carts/checkout answered 200)",
  registers: [registry],
});

/** Deliveries of the messages table (e-mails and SMS), counted where they are attempted. */
export const deliveries = new Counter({
  name: "messages_delivered_total",
  help: "Message deliveries by channel and outcome (sent, failed: retried later or given up)",
  labelNames: ["channel", "outcome"] as const,
  registers: [registry],
});

/** Jobs whose handler threw (pg-boss retries them up to the queue's retry limit). */
export const jobFailures = new Counter({
  name: "jobs_failed_total",
  help: "Jobs whose handler failed in this process, by queue",
  labelNames: ["queue"] as const,
  registers: [registry],
});

/** The pools this process reads from, by name ("requests", "background"). */
const pools = new Map<string, pg.Pool>();
export function observePool(name: string, pool: pg.Pool): void {
  pools.set(name, pool);
}

new Gauge({
  name: "db_pool_connections",
  help: "Connections of a pool: total open, idle, and requests waiting for one",
  labelNames: ["pool", "state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, pool] of pools) {
      this.set({ pool: name, state: "total" }, pool.totalCount);
      this.set({ pool: name, state: "idle" }, pool.idleCount);
      this.set({ pool: name, state: "waiting" }, pool.waitingCount);
    }
  },
});

/** Counts every answer under its route pattern (`/api/carts/{id}`), never the raw URL. */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (route === "/api/carts/checkout" && request.method === "POST" && reply.statusCode === 200) {
      checkouts.inc();
    }
  });
}
