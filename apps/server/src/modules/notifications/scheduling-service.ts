import { type Database, type TenantTx, withTenant } from "@booking/db";
import { isMissedAtTrigger, isRuleTrigger, sendAt } from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";
import type { RuleRow } from "./rules-queries.ts";
import { findRule, listActiveRules } from "./rules-queries.ts";
import type { EventHandlerDeps } from "./scheduling-deps.ts";
import {
  findOrganiser,
  insertScheduled,
  listPending,
  moveScheduled,
  type NewScheduled,
  type ScheduledRow,
} from "./scheduling-queries.ts";
import { dispatchQueued, sendRow } from "./scheduling-send.ts";
import {
  type EventSubject,
  loadSubject,
  recipientsOf,
  subjectMeets,
} from "./scheduling-subject.ts";

/** An event as the `events` queue carries it (apps/server/src/jobs/events-relay.ts). */
export type RuleEvent = {
  cuid: string;
  organiser_id: number;
  type: string;
  payload: Record<string, string>;
  occurred_at: string;
};

/** The instant a rule's message about a subject is due (null: the subject has no such anchor). */
export function ruleSendAt(
  rule: Pick<RuleRow, "delayType" | "delayAmount" | "delayUnit">,
  subject: EventSubject,
  occurredAt: Date,
  timeZone: string,
): Date | null {
  return sendAt(
    rule.delayType,
    { amount: rule.delayAmount, unit: rule.delayUnit },
    { ...subject.anchors, triggeredAt: occurredAt },
    timeZone,
  );
}

/**
 * Schedules the messages of the organiser's active rules of the event's trigger: one per rule
 * and recipient, at the instant its delay gives, when the requirements hold now (whether a
 * payment is outstanding is checked when it is sent: it changes meanwhile). What is already due
 * is sent in the same transaction, with the rules and subject just read (decision 0059: the
 * default cart confirmation costs one transaction, not two). Idempotent by the event's cuid.
 * Returns the ids of the messages queued, to dispatch after commit.
 */
export async function scheduleEvent(
  db: Database,
  event: RuleEvent,
  deps: EventHandlerDeps,
): Promise<number[]> {
  const trigger = event.type;
  if (!isRuleTrigger(trigger)) return [];
  const organiserId = event.organiser_id;
  // A batch of events shares its look-ups of the rules (most events have none: a rush's
  // registration.created ones then cost no transaction at all).
  const cache = deps.batch?.activeRules;
  const cacheKey = `${organiserId}:${trigger}`;
  if (cache?.get(cacheKey)?.length === 0) return [];
  const now = deps.now();
  return withTenant(db, organiserId, async (tx) => {
    const rules = cache?.get(cacheKey) ?? (await listActiveRules(tx, organiserId, trigger));
    cache?.set(cacheKey, rules);
    if (rules.length === 0) return [];
    const organiser = await findOrganiser(tx, organiserId);
    const subject = await loadSubject(tx, organiserId, trigger, event.payload);
    if (!organiser || !subject || subject.cancelled) return [];
    const occurredAt = new Date(event.occurred_at);
    const rows: NewScheduled[] = [];
    for (const rule of rules) {
      const requirements = { ...rule.requirements, payment: null };
      if (!subjectMeets(requirements, subject, now, organiser.timezone)) continue;
      const at = ruleSendAt(rule, subject, occurredAt, organiser.timezone);
      if (at === null || isMissedAtTrigger(rule.delayType, at, occurredAt)) continue;
      for (const recipient of await recipientsOf(tx, organiserId, rule, subject)) {
        rows.push({
          organiserId,
          ruleId: rule.id,
          eventCuid: event.cuid,
          eventType: trigger,
          eventPayload: event.payload,
          occurredAt,
          recipient: recipient.key,
          customerId: recipient.customerId,
          collaboratorId: recipient.collaboratorId,
          availabilityIds: subject.availabilityIds,
          sendAt: at,
        });
      }
    }
    const queued: number[] = [];
    for (const row of await insertScheduled(tx, rows)) {
      if (row.sendAt > now) continue;
      const rule = rules.find((one) => one.id === row.ruleId)!;
      // In a savepoint: a message that cannot be sent now stays SCHEDULED for the poller, as
      // one sent by it would, instead of failing the event's batch.
      try {
        const loaded = { rule, subject };
        queued.push(
          ...(await tx.transaction((inner) => sendRow(inner, organiser, row, now, deps, loaded))),
        );
      } catch (error) {
        deps.log.error({ err: error, scheduledId: row.id }, "scheduled notification failed");
      }
    }
    return queued;
  });
}

/**
 * The `events` handler of the rules: schedules, and sends at once what is due (the default cart
 * confirmation goes right after cart.processed, not at the poller's next round).
 */
export async function notificationRulesHandler(
  db: Database,
  event: RuleEvent,
  deps: EventHandlerDeps,
): Promise<void> {
  await dispatchQueued(await scheduleEvent(db, event, deps), deps);
}

/**
 * Moves the pending messages of a rule (its delay changed) or counting from availabilities'
 * dates (they moved) to the instant their rule now gives, in the caller's transaction. The
 * sender computes it again at send time all the same: a message is never sent at a stale time.
 */
export async function reschedulePending(
  tx: TenantTx,
  organiser: Pick<Organiser, "id" | "timezone">,
  filter: { ruleId: number } | { availabilityIds: number[] },
): Promise<number> {
  if ("availabilityIds" in filter && filter.availabilityIds.length === 0) return 0;
  const pending = await listPending(tx, organiser.id, filter);
  let moved = 0;
  for (const row of pending) {
    const at = await currentSendAt(tx, organiser, row);
    if (at && at.getTime() !== row.sendAt.getTime()) {
      await moveScheduled(tx, row.id, at);
      moved++;
    }
  }
  return moved;
}

/** The instant a pending message is due given today's data (null: nothing to count from). */
export async function currentSendAt(
  tx: TenantTx,
  organiser: Pick<Organiser, "id" | "timezone">,
  row: ScheduledRow,
  loaded?: { rule: RuleRow; subject: EventSubject },
): Promise<Date | null> {
  const rule = loaded?.rule ?? (await findRule(tx, organiser.id, { id: row.ruleId }));
  const subject =
    loaded?.subject ?? (await loadSubject(tx, organiser.id, row.eventType, row.eventPayload));
  if (!rule || !subject) return null;
  return ruleSendAt(rule, subject, row.occurredAt, organiser.timezone);
}
