import type { OutstandingReminderState } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { daysOverdue } from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";
import { dueDayOf } from "./items.ts";
import { listOwedItems } from "./queries.ts";

/**
 * Where each listed owed item stands with its reminders (the outstanding list's column): its due
 * day, days late, reminders sent, marked overdue. Keyed by `${type}:${cuid}`.
 */
export async function reminderStates(
  tx: TenantTx,
  organiser: Organiser,
  items: ReadonlyArray<{ type: string; cuid: string }>,
  now: Date,
): Promise<Map<string, OutstandingReminderState>> {
  const states = new Map<string, OutstandingReminderState>();
  if (items.length === 0) return states;
  for (const item of await listOwedItems(tx, organiser.id, { cuids: items.map((i) => i.cuid) })) {
    const dueOn = dueDayOf(organiser, item);
    states.set(`${item.type}:${item.cuid}`, {
      due_on: dueOn,
      days_overdue: daysOverdue(dueOn, now, organiser.timezone),
      sent: item.last_step,
      last_sent_at: item.last_sent_at ? new Date(item.last_sent_at).toISOString() : null,
      overdue: item.overdue_marked,
    });
  }
  return states;
}
