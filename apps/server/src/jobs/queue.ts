import { PgBoss } from "pg-boss";
import type { Logger } from "pino";
import { currentRequestId } from "../observability/request-context.ts";

/** Queue names of the spec (platform-and-account.md §9). */
export const QUEUES = ["notifications", "events", "emails"] as const;
export type QueueName = (typeof QUEUES)[number];

export interface JobQueue {
  /** enqueues; a job sent while a request runs carries its id as `request_id` */
  send(queue: QueueName, payload: object): Promise<void>;
  /** waits for the jobs in flight (at most `timeoutMs`; those still running are retried later) */
  stop(timeoutMs?: number): Promise<void>;
  boss: PgBoss;
}

/** pg-boss keeps its jobs in PostgreSQL (schema `pgboss`), so no other server is needed. */
export async function startJobQueue(databaseUrl: string, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  // Its errors carry the database client: the message and code say enough.
  boss.on("error", (error: Error & { code?: string }) =>
    log.error({ queueError: { message: error.message, code: error.code } }, "job queue error"),
  );
  await boss.start();
  for (const name of QUEUES) {
    await boss.createQueue(name, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  }
  return {
    boss,
    async send(queue, payload) {
      const requestId = currentRequestId();
      await boss.send(queue, requestId ? { ...payload, request_id: requestId } : payload);
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}

/** A job's logger: its id, queue and the id of the request that enqueued it, if one did. */
export function jobLogger(log: Logger, job: { id: string; name: string; data: unknown }): Logger {
  const requestId = (job.data as { request_id?: unknown } | null)?.request_id;
  return log.child({
    jobId: job.id,
    queue: job.name,
    ...(typeof requestId === "string" ? { requestId } : {}),
  });
}
