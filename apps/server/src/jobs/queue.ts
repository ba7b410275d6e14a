import { PgBoss, type Queue } from "pg-boss";
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

/**
 * A worker sends a heartbeat for each job it runs (pg-boss, every half of this); a job whose
 * heartbeat stops (its worker was killed) is failed and retried after this much, instead of
 * staying active until its 15-minute expiry (decision 0106). pg-boss's minimum.
 */
export const JOB_HEARTBEAT_SECONDS = 10;
/** How often pg-boss looks for dead jobs (and refreshes its queue statistics). */
const SUPERVISE_SECONDS = 5;

type QueueSettings = Omit<Queue, "name" | "heartbeatSeconds">;

/**
 * Creates the queue with these settings and the heartbeat, or brings an existing queue to them:
 * pg-boss's createQueue leaves a queue that exists as it is, so a deployment that created it
 * under older settings would keep them (the policy alone cannot change).
 */
export async function ensureQueue(boss: PgBoss, name: string, settings: QueueSettings) {
  const options = { ...settings, heartbeatSeconds: JOB_HEARTBEAT_SECONDS };
  await boss.createQueue(name, options);
  const { policy: _policy, partition: _partition, ...changeable } = options;
  await boss.updateQueue(name, changeable);
}

/** pg-boss keeps its jobs in PostgreSQL (schema `pgboss`), so no other server is needed. */
export async function startJobQueue(databaseUrl: string, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  // Its errors carry the database client: the message and code say enough.
  boss.on("error", (error: Error & { code?: string }) =>
    log.error({ queueError: { message: error.message, code: error.code } }, "job queue error"),
  );
  await boss.start();
  for (const name of QUEUES) {
    await ensureQueue(boss, name, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
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
