import { MAX_REMINDER_OFFSET_DAYS, MAX_REMINDER_STEPS } from "@booking/domain";
import { z } from "zod";
import { OUTSTANDING_ITEM_TYPES } from "./payments.ts";

// Payment reminders in the console (issue 16 §2; docs/decisions/0077-payment-reminders.md).

const days = (min: number) =>
  z.int("INVALID_TYPE").min(min, "TOO_SMALL").max(MAX_REMINDER_OFFSET_DAYS, "TOO_BIG");

/**
 * GET/PUT /api/admin/settings/payment-reminders: the schedule, in days after the due day; each
 * reminder after the one before; marked overdue no sooner than the last reminder.
 */
export const reminderScheduleBody = z
  .object({
    enabled: z.boolean("INVALID_TYPE"),
    offsets_days: z.array(days(1)).max(MAX_REMINDER_STEPS, "TOO_BIG"),
    overdue_after_days: days(0).nullable(),
  })
  .superRefine((value, context) => {
    const offsets = value.offsets_days;
    offsets.forEach((offset, index) => {
      if (index > 0 && offset <= offsets[index - 1]!) {
        context.addIssue({ code: "custom", message: "TOO_SMALL", path: ["offsets_days", index] });
      }
    });
    const last = offsets[offsets.length - 1];
    if (
      value.overdue_after_days !== null &&
      last !== undefined &&
      value.overdue_after_days < last
    ) {
      context.addIssue({ code: "custom", message: "TOO_SMALL", path: ["overdue_after_days"] });
    }
  });
export type ReminderScheduleBody = z.input<typeof reminderScheduleBody>;
export const reminderScheduleView = z.object({
  enabled: z.boolean(),
  offsets_days: z.array(z.int()),
  overdue_after_days: z.int().nullable(),
});
export type ReminderScheduleView = z.infer<typeof reminderScheduleView>;

/** /api/admin/outstanding/:type/:cuid/reminders: an owed item by its kind and cuid. */
export const owedItemParams = z.object({
  type: z.enum(OUTSTANDING_ITEM_TYPES, "INVALID_CHOICE"),
  cuid: z.string().min(1).max(64),
});

/** One reminder of an item, as its history shows it. */
export const reminderHistoryEntry = z.object({
  cuid: z.string(),
  step: z.int(),
  sent_at: z.string(),
  /** the due day it counted from (YYYY-MM-DD) and what was owed then */
  due_on: z.string(),
  amount_due: z.int(),
  /** the address it went to; null until its e-mail is written (or when it was paid meanwhile) */
  recipient: z.string().nullable(),
  /** staff who sent it by hand; null when the schedule did */
  sent_by: z.string().nullable(),
  by_hand: z.boolean(),
  /** its message in the delivery log (/admin/messages/{cuid}), and its status there */
  message: z.object({ cuid: z.string(), status: z.string() }).nullable(),
});
export type ReminderHistoryEntry = z.infer<typeof reminderHistoryEntry>;

/** GET /api/admin/outstanding/:type/:cuid/reminders: an item's reminders and where it stands. */
export const reminderHistory = z.object({
  /** null once it is paid (nothing is owed, nothing more is sent) */
  due_on: z.string().nullable(),
  days_overdue: z.int().nullable(),
  amount_due: z.int(),
  overdue_marked_at: z.string().nullable(),
  data: z.array(reminderHistoryEntry),
});
export type ReminderHistory = z.infer<typeof reminderHistory>;
