import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { runAutomaticCancellations } from "../modules/automatic-cancellations/job.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue of automatic cancellations (docs/decisions/0088). */
export const AUTOMATIC_CANCELLATIONS_QUEUE = "automatic-cancellations";
/** Every 10 minutes (pg-boss cron, UTC): delays are set in hours and deadlines in days. */
export const AUTOMATIC_CANCELLATIONS_CRON = "*/10 * * * *";

/**
 * Schedules the automatic cancellations (unpaid orders after the organiser's delay, availabilities
 * with too few participants at their deadline) and works its queue; the `exclusive` policy keeps
 * one run queued or running, and the run itself is safe to overlap (row locks).
 */
export async function startAutomaticCancellations(
  queue: JobQueue,
  db: Database,
  log: Logger,
): Promise<void> {
  const { boss } = queue;
  await ensureQueue(boss, AUTOMATIC_CANCELLATIONS_QUEUE, {
    policy: "exclusive",
    retryLimit: 2,
    retryDelay: 60,
  });
  await boss.schedule(AUTOMATIC_CANCELLATIONS_QUEUE, AUTOMATIC_CANCELLATIONS_CRON);
  await boss.work(AUTOMATIC_CANCELLATIONS_QUEUE, async () => {
    const run = await runAutomaticCancellations(db, new Date());
    if (run.unpaid + run.insufficient > 0) log.info(run, "registrations cancelled automatically");
  });
}
