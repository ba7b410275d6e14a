import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { z } from "zod";
import { deliverMessage, type MessageSenders } from "../modules/messages/delivery.ts";
import { sweepDueMessages } from "../modules/messages/sweeper.ts";
import { jobFailures } from "../observability/metrics.ts";
import { type JobQueue, jobLogger } from "./queue.ts";

/** The job of the `emails` queue: deliver one message of the delivery log (e-mail or SMS). */
export const emailJobPayload = z.object({ email_id: z.int().positive() });

/** Scheduled messages go out, and retries are retried, within this of their time. */
const SWEEP_EVERY_MS = 15_000;
/** Messages delivered at once by one worker (connections: two short statements each). */
const DELIVERY_BATCH = 10;

/**
 * Works the `emails` queue and, every few seconds, enqueues what is due: scheduled messages whose
 * time came, retries after a provider failure, and messages whose job or worker was lost.
 * Returns a function that stops the sweeper.
 */
export async function startEmailWorker(
  queue: JobQueue,
  db: Database,
  senders: MessageSenders,
  log: Logger,
): Promise<() => void> {
  // A batch is delivered at once (each delivery waits mostly on the provider), and while batches
  // come back full the next is fetched at once: a rush's confirmations leave within seconds,
  // where one job per poll (pg-boss's default) would take minutes.
  await queue.boss.work(
    "emails",
    { batchSize: DELIVERY_BATCH, burstWhenBatchFull: true, pollingIntervalSeconds: 1 },
    async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          const jobLog = jobLogger(log, job);
          const payload = emailJobPayload.safeParse(job.data);
          if (!payload.success) {
            jobLog.warn("discarding malformed message job");
            return;
          }
          try {
            await deliverMessage(db, senders, payload.data.email_id);
          } catch (error) {
            jobFailures.inc({ queue: job.name });
            throw error;
          }
          jobLog.info({ messageId: payload.data.email_id }, "message job done");
        }),
      );
    },
  );
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepDueMessages(db, new Date())
      .then((ids) => Promise.all(ids.map((id) => queue.send("emails", { email_id: id }))))
      .catch((error: unknown) => log.error({ err: error }, "message sweep failed"))
      .finally(() => {
        sweeping = false;
      });
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
