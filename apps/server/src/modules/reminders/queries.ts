import {
  paymentOverdueMarks,
  paymentReminderSettings,
  paymentReminders,
  type TenantTx,
} from "@booking/db";
import { type SQL, sql } from "@booking/db/orm";
import {
  DEFAULT_REMINDER_SCHEDULE,
  type ReminderItemType,
  type ReminderSchedule,
} from "@booking/domain";
import { owedItems } from "../payments/outstanding-queries.ts";

// What payment reminders read and write (docs/decisions/0077-payment-reminders.md). What is owed
// is the console's outstanding list's rule (owedItems): one definition for orders, attendance
// charges and booking shares.

/** The organiser's schedule; the default (off) when it never saved one. */
export async function findSchedule(tx: TenantTx, organiserId: number): Promise<ReminderSchedule> {
  const { rows } = await tx.execute<ReminderSchedule & Record<string, unknown>>(sql`
    select enabled, offsets_days, overdue_after_days
      from payment_reminder_settings where organiser_id = ${organiserId}`);
  return rows[0] ?? DEFAULT_REMINDER_SCHEDULE;
}

export async function saveSchedule(
  tx: TenantTx,
  organiserId: number,
  schedule: ReminderSchedule,
): Promise<void> {
  const values = {
    enabled: schedule.enabled,
    offsetsDays: schedule.offsets_days,
    overdueAfterDays: schedule.overdue_after_days,
  };
  await tx
    .insert(paymentReminderSettings)
    .values({ organiserId, ...values })
    .onConflictDoUpdate({ target: paymentReminderSettings.organiserId, set: values });
}

/** An item still owed, with what its due day and its reminders so far are made of. */
export type OwedItemRow = {
  type: ReminderItemType;
  id: number;
  cuid: string;
  reference: string | null;
  customer_id: number;
  since: Date;
  amount_due: number;
  /** the charge's activity, the share's resource */
  subject_label: string | null;
  /** the earliest date it is for (an order's registrations, a booking's first slot) */
  first_start: Date | null;
  invoice_due_at: Date | null;
  invoice_number: string | null;
  /** the customer's page of it, under /account */
  account_path: string;
  last_step: number;
  last_sent_at: Date | null;
  overdue_marked: boolean;
};

/** Items still owed (one by type and cuid, some by cuid, or all), with their reminders so far. */
export async function listOwedItems(
  tx: TenantTx,
  organiserId: number,
  only?: { type: ReminderItemType; cuid: string } | { cuids: string[] },
): Promise<OwedItemRow[]> {
  const conditions: SQL[] = [sql`d.amount_due > 0`];
  if (only && "cuids" in only) conditions.push(sql`d.cuid in ${only.cuids}`);
  else if (only) conditions.push(sql`d.type = ${only.type} and d.cuid = ${only.cuid}`);
  const { rows } = await tx.execute<OwedItemRow>(sql`
    select d.type, d.id, d.cuid, d.reference, d.customer_id, d.since, d.amount_due::int,
           d.subject_label,
           case d.type
             when 'CART' then (
               select min(ad.start_at) from registrations r
                 join registration_dates rd
                   on rd.organiser_id = r.organiser_id and rd.registration_id = r.id
                 join availability_dates ad
                   on ad.organiser_id = rd.organiser_id and ad.id = rd.availability_date_id
                where r.organiser_id = ${organiserId} and r.cart_id = d.id)
             when 'BOOKING_PARTICIPATION' then d.subject_at
           end as first_start,
           i.due_at as invoice_due_at, i.number as invoice_number,
           case d.type
             when 'CART' then 'carts/' || d.cuid
             when 'ATTENDANCE_CHARGE' then 'attendance-charges/' || d.cuid
             else 'bookings/' || (select b.cuid from booking_participations bp
                                    join bookings b on b.organiser_id = bp.organiser_id and b.id = bp.booking_id
                                   where bp.organiser_id = ${organiserId} and bp.id = d.id)
           end as account_path,
           coalesce(pr.last_step, 0)::int as last_step, pr.last_sent_at,
           (om.item_id is not null) as overdue_marked
      from (${owedItems(organiserId)}) d
      left join lateral (
        select ci.due_at, ci.number from customer_invoices ci
         where ci.organiser_id = ${organiserId} and ci.type = 'INVOICE'
           and ((d.type = 'CART' and ci.cart_id = d.id)
             or (d.type = 'ATTENDANCE_CHARGE' and ci.attendance_charge_id = d.id)
             or (d.type = 'BOOKING_PARTICIPATION' and ci.booking_participation_id = d.id))
         order by ci.issued_at limit 1
      ) i on true
      left join lateral (
        select max(pr.step) as last_step, max(pr.created_at) as last_sent_at
          from payment_reminders pr
         where pr.organiser_id = ${organiserId} and pr.item_type = d.type and pr.item_id = d.id
      ) pr on true
      left join payment_overdue_marks om
        on om.organiser_id = ${organiserId} and om.item_type = d.type and om.item_id = d.id
     where ${sql.join(conditions, sql` and `)}
     order by d.since, d.type, d.id`);
  return rows;
}

/**
 * Records step `step` of an item's reminders, or nothing when that step exists already (a rerun,
 * a racing run, a second click): answers the new reminder's cuid, or null.
 */
export async function insertReminder(
  tx: TenantTx,
  values: typeof paymentReminders.$inferInsert,
): Promise<string | null> {
  const [row] = await tx
    .insert(paymentReminders)
    .values(values)
    .onConflictDoNothing()
    .returning({ cuid: paymentReminders.cuid });
  return row?.cuid ?? null;
}

/** Marks an item overdue once; answers whether this call marked it. */
export async function markOverdue(
  tx: TenantTx,
  values: typeof paymentOverdueMarks.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(paymentOverdueMarks)
    .values(values)
    .onConflictDoNothing()
    .returning({ itemId: paymentOverdueMarks.itemId });
  return rows.length > 0;
}

/** A reminder with the item it is about, for its e-mail. */
export type ReminderRow = {
  id: number;
  cuid: string;
  item_type: ReminderItemType;
  item_id: number;
  step: number;
  customer_id: number;
  due_on: string;
  message_id: number | null;
  item_cuid: string;
};

export async function findReminder(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<ReminderRow | null> {
  const { rows } = await tx.execute<ReminderRow>(sql`
    select pr.id, pr.cuid, pr.item_type, pr.item_id, pr.step, pr.customer_id,
           pr.due_on::text as due_on, pr.message_id,
           coalesce(c.cuid, ac.cuid, bp.cuid) as item_cuid
      from payment_reminders pr
      left join carts c on pr.item_type = 'CART' and c.organiser_id = pr.organiser_id and c.id = pr.item_id
      left join attendance_charges ac
        on pr.item_type = 'ATTENDANCE_CHARGE' and ac.organiser_id = pr.organiser_id and ac.id = pr.item_id
      left join booking_participations bp
        on pr.item_type = 'BOOKING_PARTICIPATION' and bp.organiser_id = pr.organiser_id and bp.id = pr.item_id
     where pr.organiser_id = ${organiserId} and pr.cuid = ${cuid}`);
  return rows[0] ?? null;
}

/** Writes which message a reminder went out as, and to whom. */
export async function recordDelivery(
  tx: TenantTx,
  organiserId: number,
  reminderId: number,
  messageId: number,
  recipient: string,
): Promise<void> {
  await tx.execute(sql`
    update payment_reminders set message_id = ${messageId}, recipient = ${recipient}
     where organiser_id = ${organiserId} and id = ${reminderId}`);
}

/** One line of an item's reminder history. */
export type HistoryRow = {
  cuid: string;
  step: number;
  created_at: Date;
  due_on: string;
  amount_due: number;
  recipient: string | null;
  by_hand: boolean;
  sent_by: string | null;
  message_cuid: string | null;
  message_status: string | null;
};

/** An item's reminders, oldest first, with their message's delivery status. */
export async function listHistory(
  tx: TenantTx,
  organiserId: number,
  itemType: ReminderItemType,
  itemId: number,
): Promise<HistoryRow[]> {
  const { rows } = await tx.execute<HistoryRow>(sql`
    select pr.cuid, pr.step, pr.created_at, pr.due_on::text as due_on, pr.amount_due, pr.recipient,
           (pr.sent_by_collaborator_id is not null) as by_hand,
           nullif(trim(coalesce(co.firstname, '') || ' ' || coalesce(co.lastname, '')), '') as sent_by,
           m.cuid as message_cuid, m.status as message_status
      from payment_reminders pr
      left join collaborators co on co.id = pr.sent_by_collaborator_id
      left join messages m on m.organiser_id = pr.organiser_id and m.id = pr.message_id
     where pr.organiser_id = ${organiserId} and pr.item_type = ${itemType} and pr.item_id = ${itemId}
     order by pr.step`);
  return rows;
}

/** When an item was marked overdue, or null. */
export async function findOverdueMark(
  tx: TenantTx,
  organiserId: number,
  itemType: ReminderItemType,
  itemId: number,
): Promise<Date | null> {
  const { rows } = await tx.execute<{ marked_at: Date }>(sql`
    select marked_at from payment_overdue_marks
     where organiser_id = ${organiserId} and item_type = ${itemType} and item_id = ${itemId}`);
  return rows[0]?.marked_at ?? null;
}

const ITEM_TABLES = {
  CART: sql.raw("carts"),
  ATTENDANCE_CHARGE: sql.raw("attendance_charges"),
  BOOKING_PARTICIPATION: sql.raw("booking_participations"),
} satisfies Record<ReminderItemType, SQL>;

/** An item's id by its kind and cuid, owed or paid since (its history stays readable). */
export async function findItemId(
  tx: TenantTx,
  organiserId: number,
  item: { type: ReminderItemType; cuid: string },
): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    select id from ${ITEM_TABLES[item.type]} where organiser_id = ${organiserId} and cuid = ${item.cuid}`);
  return rows[0]?.id ?? null;
}
