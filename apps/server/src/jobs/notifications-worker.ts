import type { Database } from "@booking/db";
import type { Logger } from "pino";
import type { EventHandlerDeps } from "../modules/notifications/scheduling-deps.ts";
import { listDue } from "../modules/notifications/scheduling-queries.ts";
import { sendScheduled } from "../modules/notifications/scheduling-send.ts";

/** How often the poller looks for scheduled messages whose time came. */
export const NOTIFICATIONS_POLL_MS = 15_000;
/** Messages taken per round. */
export const NOTIFICATIONS_BATCH = 200;

/**
 * Sends every scheduled rule message due at `deps.now()`, earliest first, each in its own
 * transaction holding its row (`FOR UPDATE SKIP LOCKED`: several pollers share the work, none
 * sends one twice). Returns how many it looked at.
 */
export async function sendDueNotifications(
  db: Database,
  deps: EventHandlerDeps,
  batch = NOTIFICATIONS_BATCH,
): Promise<number> {
  const due = await listDue(db, deps.now(), batch);
  for (const { id, organiserId } of due) {
    try {
      await sendScheduled(db, organiserId, id, deps);
    } catch (error) {
      // One message that cannot be rendered must not hold back the others; it stays SCHEDULED.
      deps.log.error({ err: error, scheduledId: id }, "scheduled notification failed");
    }
  }
  return due.length;
}

/**
 * Runs the poller every `NOTIFICATIONS_POLL_MS` in this process (each server process may: they
 * skip each other's rows). A reminder due at 9:00 goes out by 9:00:15. Returns its stop.
 */
export function startNotificationsWorker(
  db: Database,
  deps: Omit<EventHandlerDeps, "log">,
  log: Logger,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        while ((await sendDueNotifications(db, { ...deps, log })) === NOTIFICATIONS_BATCH);
      })
      .catch((error: unknown) => log.error({ err: error }, "notifications poller failed"));
  }, NOTIFICATIONS_POLL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
