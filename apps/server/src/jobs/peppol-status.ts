import type { Database } from "@booking/db";
import type { Logger } from "pino";
import type { AccessPoint } from "../modules/peppol/access-point.ts";
import { followTransmissions } from "../modules/peppol/follow.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue that follows Peppol documents in transit (decision 0076). */
export const PEPPOL_STATUS_QUEUE = "peppol-status";
/** Every 15 minutes (pg-boss cron, UTC): the access point retries a delivery for up to a day. */
export const PEPPOL_STATUS_CRON = "*/15 * * * *";

/**
 * Schedules the follow-up of documents in transit with pg-boss (one schedule shared by every
 * process, at most one run at a time) when an access point is configured.
 */
export async function startPeppolStatus(
  queue: JobQueue,
  db: Database,
  accessPoint: AccessPoint,
  log: Logger,
): Promise<void> {
  const { boss } = queue;
  await ensureQueue(boss, PEPPOL_STATUS_QUEUE, {
    policy: "exclusive",
    retryLimit: 2,
    retryDelay: 60,
  });
  await boss.schedule(PEPPOL_STATUS_QUEUE, PEPPOL_STATUS_CRON);
  await boss.work(PEPPOL_STATUS_QUEUE, async () => {
    const asked = await followTransmissions({ db, accessPoint, now: () => new Date() });
    if (asked > 0) log.info({ asked }, "Peppol documents in transit followed");
  });
}
