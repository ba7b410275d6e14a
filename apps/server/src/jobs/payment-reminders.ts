import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { sendDueReminders } from "../modules/reminders/send.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue of payment reminders (decision 0077). */
export const PAYMENT_REMINDERS_QUEUE = "payment-reminders";
/**
 * Every hour at minute 20 (pg-boss cron, UTC): a reminder's day starts at each organiser's own
 * local midnight, so an hourly run sends it within the hour whatever the time zone.
 */
export const PAYMENT_REMINDERS_CRON = "20 * * * *";

/** Schedules the payment reminders (one schedule shared by every process, one run at a time). */
export async function startPaymentReminders(
  queue: JobQueue,
  db: Database,
  log: Logger,
): Promise<void> {
  const { boss } = queue;
  await ensureQueue(boss, PAYMENT_REMINDERS_QUEUE, {
    policy: "exclusive",
    retryLimit: 2,
    retryDelay: 300,
  });
  await boss.schedule(PAYMENT_REMINDERS_QUEUE, PAYMENT_REMINDERS_CRON);
  await boss.work(PAYMENT_REMINDERS_QUEUE, async () => {
    const sent = await sendDueReminders(db, new Date(), log);
    if (sent > 0) log.info({ sent }, "payment reminders sent");
  });
}
