import type { Database } from "@booking/db";
import type { Logger } from "pino";
import {
  attemptDelivery,
  type DeliveryDeps,
  type WebhookJob,
} from "../modules/integrations/delivery.ts";
import { relayDueAttempts } from "../modules/integrations/queries.ts";
import { jobIdOf } from "./events-relay.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue of webhook attempts, one job per attempt (decision 0086). */
export const WEBHOOKS_QUEUE = "webhooks";
/** Attempts handed to the queue per transaction of the relay, and how often it looks. */
const RELAY_BATCH = 200;
const RELAY_INTERVAL_MS = 1000;
/** Calls made at once by one process: each waits at most 10 s for its receiver. */
const CONCURRENT_CALLS = 5;

/**
 * Hands the due attempts of every organiser's deliveries to the queue, each under a job id drawn
 * from its delivery and attempt (published twice, it is inserted once), to start at its time.
 */
export function relayWebhookAttempts(db: Database, queue: Pick<JobQueue, "boss">) {
  return relayDueAttempts(db, RELAY_BATCH, async (attempts) => {
    await queue.boss.insert(
      WEBHOOKS_QUEUE,
      attempts.map(({ start_after, ...job }) => ({
        id: jobIdOf(`webhook:${job.delivery_cuid}:${job.attempt}`),
        data: job satisfies WebhookJob,
        startAfter: new Date(start_after),
      })),
    );
  });
}

function isWebhookJob(data: unknown): data is WebhookJob {
  const job = data as Partial<WebhookJob> | null;
  return (
    typeof job?.organiser_id === "number" &&
    typeof job.delivery_cuid === "string" &&
    typeof job.attempt === "number"
  );
}

/**
 * The relay (every second, in every process: they skip each other's rows) and the worker of the
 * `webhooks` queue. A job that throws (the database, not the receiver: its failures are
 * recorded) is retried by pg-boss; the attempt is made once whatever happens (`attemptDelivery`).
 */
export async function startWebhooks(
  queue: JobQueue,
  db: Database,
  deps: DeliveryDeps,
  log: Logger,
): Promise<() => Promise<void>> {
  await ensureQueue(queue.boss, WEBHOOKS_QUEUE, { retryLimit: 3, retryDelay: 30 });
  await queue.boss.work(
    WEBHOOKS_QUEUE,
    { batchSize: CONCURRENT_CALLS, pollingIntervalSeconds: 1 },
    async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          if (!isWebhookJob(job.data)) {
            log.warn({ jobId: job.id }, "discarding malformed webhook job");
            return;
          }
          const result = await attemptDelivery(db, job.data, deps);
          if (result) log.info({ ...job.data, status: result.status }, "webhook attempt");
        }),
      );
    },
  );
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        while ((await relayWebhookAttempts(db, queue)) === RELAY_BATCH);
      })
      .catch((error: unknown) => log.error({ err: error }, "webhook relay failed"));
  }, RELAY_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
