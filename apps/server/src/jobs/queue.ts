import { PgBoss } from "pg-boss";
import type { Logger } from "pino";

/** Queue names of the spec (platform-and-account.md §9). */
export const QUEUES = ["notifications", "events", "emails"] as const;
export type QueueName = (typeof QUEUES)[number];

export interface JobQueue {
  send(queue: QueueName, payload: object): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

/** pg-boss keeps its jobs in PostgreSQL (schema `pgboss`), so no other server is needed. */
export async function startJobQueue(databaseUrl: string, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  for (const name of QUEUES) {
    await boss.createQueue(name, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  }
  return {
    boss,
    async send(queue, payload) {
      await boss.send(queue, payload);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
