import type { ReminderItemType } from "@booking/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, money, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Payment reminders (issue 16 §2; docs/decisions/0077-payment-reminders.md).

/** An organiser's reminder schedule; an organiser without a row sends no reminder. */
export const paymentReminderSettings = pgTable("payment_reminder_settings", {
  organiserId: organiserId().primaryKey(),
  enabled: boolean().notNull(),
  /** days after the due date of each reminder, strictly increasing */
  offsetsDays: integer().array().notNull(),
  /** days after the due date an item still owed is marked overdue; null: never */
  overdueAfterDays: integer(),
  updatedAt: updatedAt(),
});

/**
 * One reminder of one owed item (an order, an attendance charge, a booking share): unique per
 * item and step, so a rerun or two racing runs (or two clicks) send each step once.
 */
export const paymentReminders = pgTable(
  "payment_reminders",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    itemType: text().$type<ReminderItemType>().notNull(),
    itemId: integer().notNull(),
    step: integer().notNull(),
    customerId: integer().notNull(),
    /** the due day (organiser's time zone) the step counted from, and what was owed then */
    dueOn: date({ mode: "string" }).notNull(),
    amountDue: money().notNull(),
    /** staff who sent it from the outstanding list; null when the schedule did */
    sentByCollaboratorId: integer(),
    /** the delivery log's message, once the e-mail was queued */
    messageId: integer(),
    /** the address it went to */
    recipient: text(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("payment_reminders", t),
    unique("payment_reminders_item_step_unique").on(t.organiserId, t.itemType, t.itemId, t.step),
    tenantForeignKey(
      "payment_reminders_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
    index("payment_reminders_customer_idx").on(t.organiserId, t.customerId),
    check(
      "payment_reminders_item_type",
      sql`${t.itemType} in ('CART', 'ATTENDANCE_CHARGE', 'BOOKING_PARTICIPATION')`,
    ),
    check("payment_reminders_step", sql`${t.step} >= 1`),
  ],
);

/** An owed item the schedule marked overdue (once). */
export const paymentOverdueMarks = pgTable(
  "payment_overdue_marks",
  {
    organiserId: organiserId(),
    itemType: text().$type<ReminderItemType>().notNull(),
    itemId: integer().notNull(),
    dueOn: date({ mode: "string" }).notNull(),
    markedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organiserId, t.itemType, t.itemId] })],
);
