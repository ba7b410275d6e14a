import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { meteringHandler } from "../modules/billing/metering.ts";
import { webhooksHandler } from "../modules/integrations/delivery.ts";
import { invoicesHandler } from "../modules/invoices/handler.ts";
import { invoiceMailHandler } from "../modules/invoices/mail.ts";
import { eInvoiceSendingHandler } from "../modules/invoices/peppol-sending.ts";
import { type EventHandlerDeps, newEventBatch } from "../modules/notifications/scheduling-deps.ts";
import { notificationRulesHandler } from "../modules/notifications/scheduling-service.ts";
import { reminderMailHandler } from "../modules/reminders/mail.ts";
import { collaboratorsHandler } from "../modules/staff-notifications/handler.ts";
import { runWithRequestId } from "../observability/request-context.ts";
import type { PublishedEvent } from "./events-relay.ts";
import { waitForQuietDatabase } from "./pacing.ts";
import { type JobQueue, jobLogger } from "./queue.ts";

export type { EventHandlerDeps };

/** One reaction to events; each is idempotent by the event's cuid (delivery is at-least-once). */
export type EventHandler = (
  db: Database,
  event: PublishedEvent,
  deps: EventHandlerDeps,
) => Promise<void>;

/** Events consumed per fetch of the queue. */
const EVENTS_BATCH = 20;

/** Everything that reacts to events, in order: the notification rules, staff, invoicing (mail, Peppol), payment reminders, then webhooks. */
export const EVENT_HANDLERS: EventHandler[] = [
  notificationRulesHandler,
  collaboratorsHandler,
  invoicesHandler,
  invoiceMailHandler,
  eInvoiceSendingHandler,
  meteringHandler,
  reminderMailHandler,
  webhooksHandler,
];

/** Whether a job's data is an event as the relay publishes it. */
export function isPublishedEvent(data: unknown): data is PublishedEvent {
  if (typeof data !== "object" || data === null) return false;
  const event = data as Record<string, unknown>;
  return (
    typeof event.cuid === "string" &&
    typeof event.organiser_id === "number" &&
    typeof event.type === "string" &&
    typeof event.occurred_at === "string" &&
    typeof event.payload === "object" &&
    event.payload !== null
  );
}

/** Runs every handler on one event; the first failure fails the job, which pg-boss retries. */
export async function consumeEvent(
  db: Database,
  event: PublishedEvent,
  deps: EventHandlerDeps,
  handlers: EventHandler[] = EVENT_HANDLERS,
): Promise<void> {
  for (const handler of handlers) await handler(db, event, deps);
}

/**
 * Works the `events` queue (the single consumer: apps/server/src/jobs/events-relay.ts fills
 * it). A failed handler throws, so pg-boss retries the job with backoff; handlers that already
 * ran skip what they did (idempotent by event cuid).
 */
export async function startEventsConsumer(
  queue: JobQueue,
  db: Database,
  deps: Omit<EventHandlerDeps, "log">,
  log: Logger,
): Promise<void> {
  // Batches, fetched again at once while they come back full: a rush's events (each cart's
  // confirmation hangs on one) are consumed within seconds, where pg-boss's default of one job
  // per poll would take minutes. A failed event fails its batch; the others redo nothing on the
  // retry (idempotent by event cuid). Each batch first waits while requests keep the database
  // busy (at most 15 s): the confirmations of a rush go right after it, not during it.
  await queue.boss.work(
    "events",
    { batchSize: EVENTS_BATCH, burstWhenBatchFull: true, pollingIntervalSeconds: 1 },
    async (jobs) => {
      await waitForQuietDatabase(db);
      const batch = newEventBatch();
      for (const job of jobs) {
        const event = job.data;
        if (!isPublishedEvent(event)) {
          log.warn({ jobId: job.id }, "discarding malformed event job");
          continue;
        }
        // The handlers log, and enqueue their own jobs, under the request that wrote the event.
        const jobLog = jobLogger(log, job);
        const consume = () => consumeEvent(db, event, { ...deps, log: jobLog, batch });
        await (event.request_id ? runWithRequestId(event.request_id, consume) : consume());
        jobLog.info({ event: event.type, cuid: event.cuid }, "event consumed");
      }
    },
  );
}
