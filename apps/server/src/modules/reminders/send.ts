import { type Database, type TenantTx, withTenant } from "@booking/db";
import { dueReminderStep, isMarkedOverdue } from "@booking/domain";
import type { Logger } from "pino";
import { listOrganisers } from "../attendance-billing/queries.ts";
import { emitEvent } from "../events/emit.ts";
import type { Organiser } from "../organisers/queries.ts";
import { dueDayOf } from "./items.ts";
import {
  findSchedule,
  insertReminder,
  listOwedItems,
  markOverdue,
  type OwedItemRow,
} from "./queries.ts";

// Sending reminders (docs/decisions/0077-payment-reminders.md): a reminder is a row unique per
// item and step, written with its `payment.reminder` event in one transaction; the events
// consumer sends its e-mail (mail.ts). A rerun, two racing runs or two clicks write the row
// once, so the customer gets each step once.

/**
 * Records step `step` of an item's reminders and its event; null when the step was recorded
 * already. `collaboratorId` is staff's, for a reminder sent by hand.
 */
export async function remindItem(
  tx: TenantTx,
  organiser: Pick<Organiser, "id" | "timezone">,
  item: OwedItemRow,
  step: number,
  collaboratorId: number | null,
): Promise<string | null> {
  const cuid = await insertReminder(tx, {
    organiserId: organiser.id,
    itemType: item.type,
    itemId: item.id,
    step,
    customerId: item.customer_id,
    dueOn: dueDayOf(organiser, item),
    amountDue: item.amount_due,
    sentByCollaboratorId: collaboratorId,
  });
  if (cuid) await emitEvent(tx, organiser.id, "payment.reminder", { reminder_cuid: cuid });
  return cuid;
}

/** One organiser's due reminders and overdue marks at `now`; answers how many reminders. */
export async function remindOrganiser(
  tx: TenantTx,
  organiser: Pick<Organiser, "id" | "timezone">,
  now: Date,
): Promise<number> {
  const schedule = await findSchedule(tx, organiser.id);
  if (!schedule.enabled) return 0;
  let sent = 0;
  for (const item of await listOwedItems(tx, organiser.id)) {
    const dueDay = dueDayOf(organiser, item);
    const step = dueReminderStep(schedule, dueDay, item.last_step, now, organiser.timezone);
    if (step !== null && (await remindItem(tx, organiser, item, step, null))) sent += 1;
    if (!item.overdue_marked && isMarkedOverdue(schedule, dueDay, now, organiser.timezone)) {
      await markOverdue(tx, {
        organiserId: organiser.id,
        itemType: item.type,
        itemId: item.id,
        dueOn: dueDay,
      });
    }
  }
  return sent;
}

/**
 * Every organiser's due reminders, each organiser in a transaction of its own (one failing
 * leaves the others done). Answers how many reminders were recorded.
 */
export async function sendDueReminders(db: Database, now: Date, log: Logger): Promise<number> {
  let sent = 0;
  for (const organiser of await listOrganisers(db)) {
    try {
      sent += await withTenant(db, organiser.id, (tx) => remindOrganiser(tx, organiser, now));
    } catch (error) {
      log.error({ err: error, organiserId: organiser.id }, "payment reminders not sent");
    }
  }
  return sent;
}
