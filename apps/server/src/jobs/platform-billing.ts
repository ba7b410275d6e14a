import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { closeEndedCycles } from "../modules/billing/cycle.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue closing the organisers' billing cycles (decision 0078). */
export const PLATFORM_BILLING_QUEUE = "platform-billing";
/** Every hour at minute 20 (UTC): each organiser's month ends at its own local midnight. */
export const PLATFORM_BILLING_CRON = "20 * * * *";

/** Schedules the closing of ended billing cycles (one schedule, one run at a time). */
export async function startPlatformBilling(
  queue: JobQueue,
  db: Database,
  log: Logger,
): Promise<void> {
  const { boss } = queue;
  await ensureQueue(boss, PLATFORM_BILLING_QUEUE, {
    policy: "exclusive",
    retryLimit: 2,
    retryDelay: 300,
  });
  await boss.schedule(PLATFORM_BILLING_QUEUE, PLATFORM_BILLING_CRON);
  await boss.work(PLATFORM_BILLING_QUEUE, async () => {
    const closed = await closeEndedCycles(db, new Date(), log);
    if (closed > 0) log.info({ closed }, "platform billing cycles closed");
  });
}
