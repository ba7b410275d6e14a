import type {
  owedItemParams,
  ReminderHistory,
  ReminderScheduleView,
  reminderScheduleBody,
} from "@booking/contracts";
import { daysOverdue, manualReminderThrottled, type ReminderSchedule } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { dueDayOf } from "./items.ts";
import {
  findItemId,
  findOverdueMark,
  findSchedule,
  listHistory,
  listOwedItems,
  saveSchedule,
} from "./queries.ts";
import { remindItem } from "./send.ts";

// The console's payment reminders (docs/decisions/0077-payment-reminders.md): the schedule, an
// item's history, a reminder sent by hand from the outstanding list.

type ItemParams = z.output<typeof owedItemParams>;

const scheduleView = (schedule: ReminderSchedule): ReminderScheduleView => ({ ...schedule });

export const remindersConsole = {
  /** GET /api/admin/payment-reminders/settings */
  async schedule(context: ConsoleContext): Promise<ReminderScheduleView> {
    return scheduleView(await findSchedule(context.db, context.organiser.id));
  },

  /** PUT /api/admin/payment-reminders/settings (audited) */
  async saveSchedule(
    context: ConsoleContext,
    body: z.output<typeof reminderScheduleBody>,
  ): Promise<ReminderScheduleView> {
    const before = await findSchedule(context.db, context.organiser.id);
    await saveSchedule(context.db, context.organiser.id, body);
    await context.audit({
      action: "payment-reminders.schedule.updated",
      entity: "payment_reminder_settings",
      before: { ...before },
      after: { ...body },
    });
    return scheduleView(body);
  },

  /** GET /api/admin/outstanding/:type/:cuid/reminders */
  async history(context: ConsoleContext, params: ItemParams): Promise<ReminderHistory> {
    const { db, organiser } = context;
    const [item] = await listOwedItems(db, organiser.id, params);
    const itemId = item?.id ?? (await findItemId(db, organiser.id, params));
    if (itemId === null) throw new AppError("OWED_ITEM_NOT_FOUND");
    const dueOn = item ? dueDayOf(organiser, item) : null;
    const rows = await listHistory(db, organiser.id, params.type, itemId);
    const markedAt = await findOverdueMark(db, organiser.id, params.type, itemId);
    return {
      due_on: dueOn,
      days_overdue: dueOn ? daysOverdue(dueOn, nowOf(context), organiser.timezone) : null,
      amount_due: item?.amount_due ?? 0,
      overdue_marked_at: markedAt ? new Date(markedAt).toISOString() : null,
      data: rows.map((row) => ({
        cuid: row.cuid,
        step: row.step,
        sent_at: new Date(row.created_at).toISOString(),
        due_on: row.due_on,
        amount_due: row.amount_due,
        recipient: row.recipient,
        sent_by: row.sent_by,
        by_hand: row.by_hand,
        message:
          row.message_cuid && row.message_status
            ? { cuid: row.message_cuid, status: row.message_status }
            : null,
      })),
    };
  },

  /**
   * POST /api/admin/outstanding/:type/:cuid/reminders: the item's next step, now, by hand
   * (audited). Refused when nothing is owed (404 OWED_ITEM_NOT_FOUND) or its last reminder is
   * minutes old (409 PAYMENT_REMINDER_TOO_SOON); two clicks at once write one step (the other
   * is refused the same way).
   */
  async sendByHand(context: ConsoleContext, params: ItemParams): Promise<ReminderHistory> {
    const { db, organiser, actor } = context;
    const [item] = await listOwedItems(db, organiser.id, params);
    if (!item) throw new AppError("OWED_ITEM_NOT_FOUND");
    const lastSentAt = item.last_sent_at && new Date(item.last_sent_at);
    if (manualReminderThrottled(lastSentAt, nowOf(context))) {
      throw new AppError("PAYMENT_REMINDER_TOO_SOON");
    }
    const step = item.last_step + 1;
    const cuid = await remindItem(db, organiser, item, step, actor.collaboratorId);
    if (!cuid) throw new AppError("PAYMENT_REMINDER_TOO_SOON");
    await context.audit({
      action: "payment-reminder.sent",
      entity: "payment_reminder",
      entityId: cuid,
      after: { type: item.type, reference: item.reference, step, amount_due: item.amount_due },
    });
    return remindersConsole.history(context, params);
  },
};
