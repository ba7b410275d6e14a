import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { sweepExpiredCartItems } from "../modules/carts/sweep.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue of the abandoned-cart sweep. */
export const CART_SWEEP_QUEUE = "cart-sweep";
/** Every 15 minutes (pg-boss cron, UTC): expired items only take room, they hold nothing. */
export const CART_SWEEP_CRON = "*/15 * * * *";

/**
 * Schedules the sweep of abandoned carts' expired items with pg-boss and works its queue. The
 * schedule lives in the database, so several server processes share one schedule, and the
 * queue's `exclusive` policy keeps at most one sweep queued or running.
 */
export async function startCartSweep(queue: JobQueue, db: Database, log: Logger): Promise<void> {
  const { boss } = queue;
  await ensureQueue(boss, CART_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 2, retryDelay: 60 });
  await boss.schedule(CART_SWEEP_QUEUE, CART_SWEEP_CRON);
  await boss.work(CART_SWEEP_QUEUE, async () => {
    const deleted = await sweepExpiredCartItems(db, new Date());
    if (deleted > 0) log.info({ deleted }, "expired cart items swept");
  });
}
