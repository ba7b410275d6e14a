import { createHash } from "node:crypto";
import { type Database, events } from "@booking/db";
import { and, inArray, isNull, sql } from "@booking/db/orm";
import type { Logger } from "pino";
import type { JobQueue } from "./queue.ts";

/** Events handed to the queue per transaction of the relay. */
export const RELAY_BATCH = 500;
/** How often the relay looks for unpublished events. */
export const RELAY_INTERVAL_MS = 1000;

/** What a consumer of the `events` queue receives. */
export type PublishedEvent = {
  cuid: string;
  organiser_id: number;
  type: string;
  payload: Record<string, string>;
  occurred_at: string;
  /** the request whose change wrote the event, for the consumers' logs (jobLogger) */
  request_id?: string;
};

/**
 * The pg-boss job id of an event: a UUID drawn from its cuid, so that publishing the same event
 * twice (a relay that died between the send and the mark) inserts no second job (pg-boss inserts
 * with ON CONFLICT DO NOTHING on the id).
 */
export function jobIdOf(eventCuid: string): string {
  const hex = createHash("sha256").update(`event:${eventCuid}`).digest("hex");
  // RFC 9562 layout: version 8 (custom), variant 10.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Publishes up to `batch` unpublished events, oldest first, to the `events` queue and marks them
 * published, in one transaction holding their rows (`FOR UPDATE SKIP LOCKED`: two relays at once
 * take different events). The mark commits after the send: a crash in between leaves them
 * unpublished and the next run sends them again under the same job ids. Returns how many.
 */
export async function relayEvents(
  db: Database,
  queue: Pick<JobQueue, "boss">,
  batch = RELAY_BATCH,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.execute<{ id: number; request_id: string | null } & PublishedEvent>(sql`
      select ${events.id} as id, ${events.cuid} as cuid, ${events.organiserId} as organiser_id,
        ${events.type} as type, ${events.payload} as payload, ${events.occurredAt} as occurred_at,
        ${events.requestId} as request_id
      from ${events}
      where ${events.publishedAt} is null
      order by ${events.id}
      limit ${batch}
      for update skip locked`);
    if (rows.rows.length === 0) return 0;
    await queue.boss.insert(
      "events",
      rows.rows.map(({ id: _id, request_id, ...event }) => ({
        id: jobIdOf(event.cuid),
        data: request_id ? { ...event, request_id } : event,
      })),
    );
    await tx
      .update(events)
      .set({ publishedAt: sql`now()` })
      // "published_at is null" lets the partial index on id find them: the primary key starts
      // with organiser_id (decision 0097).
      .where(
        and(
          isNull(events.publishedAt),
          inArray(
            events.id,
            rows.rows.map((row) => row.id),
          ),
        ),
      );
    return rows.rows.length;
  });
}

/**
 * Runs the relay every `RELAY_INTERVAL_MS` in this process (several processes may each run it:
 * they skip each other's rows). Returns the function that stops it.
 */
export function startEventsRelay(queue: JobQueue, db: Database, log: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        // Drains a backlog batch after batch before the next tick.
        while ((await relayEvents(db, queue)) === RELAY_BATCH);
      })
      .catch((error: unknown) => log.error({ err: error }, "events relay failed"));
  }, RELAY_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
