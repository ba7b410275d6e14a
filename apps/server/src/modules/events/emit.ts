import { events, queryPrepared, type TenantTx } from "@booking/db";
import { type EventPayload, type EventType, isEventPayload } from "@booking/domain";
import { currentRequestId } from "../../observability/request-context.ts";

/** An event to write: its type and the payload of that type. */
export type NewEvent = { [T in EventType]: { type: T; payload: EventPayload<T> } }[EventType];

// One statement for any number of events: a checkout writes its events in one round trip. Each
// keeps the id of the request running (null in a job): the relay hands it to the consumers' logs.
const INSERT_EVENTS = `insert into events (cuid, organiser_id, type, payload, request_id)
  select cuid, $1, type, payload, $5::text from unnest($2::text[], $3::text[], $4::jsonb[]) as e(cuid, type, payload)`;

/**
 * Writes events into the outbox in the transaction `tx` of the change that causes them (one
 * prepared INSERT, nothing read back): they are committed with the change or rolled back with
 * it, and the relay job publishes them (apps/server/src/jobs/events-relay.ts). Returns their
 * cuids, the idempotency keys of consumers.
 */
export async function emitEvents(
  tx: TenantTx,
  organiserId: number,
  list: NewEvent[],
): Promise<string[]> {
  if (list.length === 0) return [];
  for (const { type, payload } of list) {
    // The types hold for callers; this guards a cuid that came back null from a query.
    if (!isEventPayload(type, payload)) throw new Error(`bad payload for event ${type}`);
  }
  const cuids = list.map(() => String(events.cuid.defaultFn!()));
  await queryPrepared(tx, "emit_events", INSERT_EVENTS, [
    organiserId,
    cuids,
    list.map((event) => event.type),
    list.map((event) => JSON.stringify(event.payload)),
    currentRequestId() ?? null,
  ]);
  return cuids;
}

/** `emitEvents` of one event. */
export async function emitEvent<T extends EventType>(
  tx: TenantTx,
  organiserId: number,
  type: T,
  payload: EventPayload<T>,
): Promise<string> {
  const [cuid] = await emitEvents(tx, organiserId, [{ type, payload } as NewEvent]);
  return cuid!;
}

const INSERT_VACANCY = `insert into events (cuid, organiser_id, type, payload, request_id)
  select $1, $2, 'waiting-list.vacancy', jsonb_build_object('availability_cuid', a.cuid), $4::text
  from availabilities a
  where a.organiser_id = $2 and a.id = $3
    and exists (select 1 from waiting_list_entries w
      where w.organiser_id = $2 and w.availability_id = $3 and w.offered_at is null)`;

/**
 * `waiting-list.vacancy` of an availability where a place was just freed, in the same statement
 * as the check that someone is waiting there (not offered a place yet): no event, and no second
 * round trip, when nobody waits.
 */
export async function emitVacancyIfWaiting(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<void> {
  await queryPrepared(tx, "emit_waiting_list_vacancy", INSERT_VACANCY, [
    String(events.cuid.defaultFn!()),
    organiserId,
    availabilityId,
    currentRequestId() ?? null,
  ]);
}
