import type { EventType } from "@booking/domain";
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { organiserId, tenantCuid, tenantId, tenantKey } from "./tenancy.ts";

/**
 * The transactional outbox of events (DESIGN.md "Events"): a change that causes an event writes
 * its row in the change's own transaction, so a rolled-back change leaves none; the relay job
 * hands unpublished rows to the pg-boss `events` queue, keyed by the cuid, then sets
 * `publishedAt`. Consumers are idempotent by the cuid.
 */
export const events = pgTable(
  "events",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    type: text().$type<EventType>().notNull(),
    /** `EventPayload` of the type (packages/domain/src/events.ts). */
    payload: jsonb().$type<Record<string, string>>().notNull(),
    occurredAt: timestamptz().notNull().defaultNow(),
    /** Null until the relay has handed the event to the queue. */
    publishedAt: timestamptz(),
    /**
     * The id of the request whose change wrote it (its log lines' `reqId`), handed on by the relay
     * to the jobs and logs of its consumers (decision 0106); null when no request did.
     */
    requestId: text(),
  },
  (t) => [
    ...tenantKey("events", t),
    // The relay's scan: only the unpublished rows, oldest first.
    index("events_unpublished_idx").on(t.id).where(sql`${t.publishedAt} is null`),
    index("events_organiser_id_occurred_at_idx").on(t.organiserId, t.occurredAt),
  ],
);
