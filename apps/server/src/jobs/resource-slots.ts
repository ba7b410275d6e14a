import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { listOrganisers } from "../modules/attendance-billing/queries.ts";
import { extendResourceSlots } from "../modules/bookings/slot-horizon.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue of the extension of resources' slots (decision 0072). */
export const RESOURCE_SLOTS_QUEUE = "resource-slots";
/**
 * Every hour at minute 35 (pg-boss cron, UTC), so that each organiser's new local day brings its
 * last day of slots within the hour whatever its time zone; a run with nothing to add only reads.
 */
export const RESOURCE_SLOTS_CRON = "35 * * * *";

/** Schedules the extension of resources' slots to their horizon (one run at a time). */
export async function startResourceSlots(
  queue: JobQueue,
  db: Database,
  log: Logger,
): Promise<void> {
  const { boss } = queue;
  await ensureQueue(boss, RESOURCE_SLOTS_QUEUE, {
    policy: "exclusive",
    retryLimit: 2,
    retryDelay: 300,
  });
  await boss.schedule(RESOURCE_SLOTS_QUEUE, RESOURCE_SLOTS_CRON);
  await boss.work(RESOURCE_SLOTS_QUEUE, async () => {
    const made = await extendResourceSlots(db, await listOrganisers(db), new Date());
    if (made > 0) log.info({ made }, "resource slots extended to their horizon");
  });
}
